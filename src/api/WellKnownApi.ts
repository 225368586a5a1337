/**
 * The probes clients use to find the service: health and version, both plain text.
 */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"

export class WellKnownApi extends HttpApiGroup.make("wellKnown")
  .add(HttpApiEndpoint.get("health", "/.well-known/health").addSuccess(HttpApiSchema.Text()))
  .add(HttpApiEndpoint.get("version", "/.well-known/version").addSuccess(HttpApiSchema.Text()))
{}
