/**
 * The probes: `GET /.well-known/health` answers `ok` once the database is open (and the health stream opens with
 * the same text), `version` the Pieces OS API version this service is compatible with, `stats` this service's own
 * version, its open streams, memory and the in-memory search index's size.
 */
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect, Layer } from "effect"
import { Api } from "../api/Api.ts"
import { PIECES_OS_API_VERSION, SERVICE_VERSION } from "../config.ts"
import { McpSessions } from "../mcp/McpSessions.ts"
import { ChangeHub } from "../services/ChangeHub.ts"
import { Installation } from "../services/Installation.ts"
import { SearchIndex } from "../services/SearchIndex.ts"
import { StreamConnections } from "../services/StreamConnections.ts"
import { constantSource, makeStreamServer } from "./StreamServer.ts"

export const WellKnownHttpLive = HttpApiBuilder.group(Api, "wellKnown", (handlers) =>
  Effect.gen(function*() {
    const installation = yield* Installation
    const hub = yield* ChangeHub
    const connections = yield* StreamConnections
    const searchIndex = yield* SearchIndex
    const mcp = yield* McpSessions
    const streams = yield* makeStreamServer
    const health = Effect.succeed(`ok:${installation.osId}`)
    return handlers
      .handle("health", () => health)
      .handle("version", () => Effect.succeed(PIECES_OS_API_VERSION))
      .handle("streamHealth", () => streams.serve(constantSource(health)))
      .handle("stats", ({ query }) =>
        Effect.sync(() => {
          const gc = (globalThis as { gc?: () => void }).gc
          if (query.collect === true && gc !== undefined) gc()
          const memory = process.memoryUsage()
          return {
            service: { version: SERVICE_VERSION, compatibleWith: PIECES_OS_API_VERSION },
            streams: { connections: connections.openCount(), subscribers: hub.subscriberCount() },
            mcp: mcp.counts(),
            memory: { rss: memory.rss, heapUsed: memory.heapUsed },
            searchIndex: searchIndex.footprint()
          }
        }))
  })).pipe(
  Layer.provide([ChangeHub.layer, Installation.layer, McpSessions.layer, SearchIndex.layer, StreamConnections.layer])
)
