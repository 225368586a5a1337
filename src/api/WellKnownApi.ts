/**
 * The probes clients use to find the service (health and version, plain text, and a health stream that opens
 * with "ok") and the service's own figures (its version, open streams, memory), which the stream tests and
 * benchmarks read.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { streamEndpoint } from "./StreamEndpoint.ts"

export const ServiceStats = Schema.Struct({
  service: Schema.Struct({
    /** This service's own version. */
    version: Schema.String,
    /** The Pieces OS API version it is compatible with: what `/.well-known/version` answers. */
    compatibleWith: Schema.String
  }),
  streams: Schema.Struct({ connections: Schema.Number, subscribers: Schema.Number }),
  /** MCP sessions, and the event streams their clients hold open. */
  mcp: Schema.Struct({ sessions: Schema.Number, streams: Schema.Number }),
  memory: Schema.Struct({ rss: Schema.Number, heapUsed: Schema.Number }),
  /** The in-memory search index: live assets, and about the bytes of its typo index and its facets. */
  searchIndex: Schema.Struct({ assets: Schema.Number, titleBytes: Schema.Number, facetBytes: Schema.Number })
}).annotate({ identifier: "ServiceStats" })

const Text = Schema.String.pipe(HttpApiSchema.asText())

export class WellKnownApi extends HttpApiGroup.make("wellKnown")
  .add(HttpApiEndpoint.get("health", "/.well-known/health", { success: Text }))
  .add(HttpApiEndpoint.get("version", "/.well-known/version", { success: Text }))
  .add(streamEndpoint("streamHealth", "/.well-known/stream/health"))
  .add(
    HttpApiEndpoint.get("stats", "/.well-known/stats", {
      // Benchmarks ask for memory after a full garbage collection; honoured only when started with --expose-gc.
      query: { collect: Schema.optional(Schema.Boolean) },
      success: ServiceStats
    })
  )
{}
