/**
 * The probes: `GET /.well-known/health` answers `ok` once the database is open, `version` the service version,
 * `stats` the open streams and memory.
 */
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../api/Api.ts"
import { SERVICE_VERSION } from "../config.ts"
import { ChangeHub } from "../services/ChangeHub.ts"
import { Installation } from "../services/Installation.ts"
import { StreamConnections } from "../services/StreamConnections.ts"

export const WellKnownHttpLive = HttpApiBuilder.group(Api, "wellKnown", (handlers) =>
  Effect.gen(function*() {
    const installation = yield* Installation
    const hub = yield* ChangeHub
    const connections = yield* StreamConnections
    return handlers
      .handle("health", () => Effect.succeed(`ok:${installation.osId}`))
      .handle("version", () => Effect.succeed(SERVICE_VERSION))
      .handle("stats", ({ urlParams }) =>
        Effect.sync(() => {
          const gc = (globalThis as { gc?: () => void }).gc
          if (urlParams.collect === true && gc !== undefined) gc()
          const memory = process.memoryUsage()
          return {
            streams: { connections: connections.openCount(), subscribers: hub.subscriberCount() },
            memory: { rss: memory.rss, heapUsed: memory.heapUsed }
          }
        }))
  }))
