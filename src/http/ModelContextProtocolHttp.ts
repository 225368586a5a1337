/**
 * Where MCP clients connect, as absolute URLs on the host the client reached this service by: the legacy SSE
 * transport first (the Pieces CLI takes the first entry, and connects with an SSE client), then Streamable HTTP.
 */
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Effect } from "effect"
import { Api } from "../api/Api.ts"
import { ServiceConfig } from "../config.ts"
import { LEGACY_STREAM_PATH, STREAMABLE_PATHS } from "../mcp/McpRoutes.ts"

export const ModelContextProtocolHttpLive = HttpApiBuilder.group(Api, "modelContextProtocol", (handlers) =>
  Effect.gen(function*() {
    const config = yield* ServiceConfig
    return handlers.handle("modelContextProtocolSchemaVersions", () =>
      Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
        const origin = `http://${request.headers.host ?? `${config.host}:${config.port}`}`
        return {
          iterable: [
            { version: "2024-11-05", entry_endpoint: `${origin}${LEGACY_STREAM_PATH}` },
            { version: "2025-03-26", entry_endpoint: `${origin}${STREAMABLE_PATHS[1]}` }
          ]
        }
      }))
  }))
