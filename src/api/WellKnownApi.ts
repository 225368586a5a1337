/**
 * The probes clients use to find the service (health and version, plain text, and a health stream that opens
 * with "ok") and the service's own figures (its version, open streams, memory), which the stream tests and
 * benchmarks read.
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import { Schema } from "effect"
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
}).annotations({ identifier: "ServiceStats" })

export class WellKnownApi extends HttpApiGroup.make("wellKnown")
  .add(HttpApiEndpoint.get("health", "/.well-known/health").addSuccess(HttpApiSchema.Text()))
  .add(HttpApiEndpoint.get("version", "/.well-known/version").addSuccess(HttpApiSchema.Text()))
  .add(streamEndpoint("streamHealth", "/.well-known/stream/health"))
  .add(
    HttpApiEndpoint.get("stats", "/.well-known/stats")
      // Benchmarks ask for memory after a full garbage collection; honoured only when started with --expose-gc.
      .setUrlParams(Schema.Struct({ collect: Schema.optional(Schema.BooleanFromString) }))
      .addSuccess(ServiceStats)
  )
{}
