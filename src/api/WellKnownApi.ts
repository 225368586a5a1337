/**
 * The probes clients use to find the service (health and version, plain text) and the service's own figures
 * (open streams, memory), which the stream tests and benchmarks read.
 */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

export const ServiceStats = Schema.Struct({
  streams: Schema.Struct({ connections: Schema.Number, subscribers: Schema.Number }),
  memory: Schema.Struct({ rss: Schema.Number, heapUsed: Schema.Number })
}).annotations({ identifier: "ServiceStats" })

export class WellKnownApi extends HttpApiGroup.make("wellKnown")
  .add(HttpApiEndpoint.get("health", "/.well-known/health").addSuccess(HttpApiSchema.Text()))
  .add(HttpApiEndpoint.get("version", "/.well-known/version").addSuccess(HttpApiSchema.Text()))
  .add(
    HttpApiEndpoint.get("stats", "/.well-known/stats")
      // Benchmarks ask for memory after a full garbage collection; honoured only when started with --expose-gc.
      .setUrlParams(Schema.Struct({ collect: Schema.optional(Schema.BooleanFromString) }))
      .addSuccess(ServiceStats)
  )
{}
