/**
 * The probes: `GET /.well-known/health` answers `ok` once the database is open, `version` the service version.
 */
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../api/Api.ts"
import { SERVICE_VERSION } from "../config.ts"
import { Installation } from "../services/Installation.ts"

export const WellKnownHttpLive = HttpApiBuilder.group(Api, "wellKnown", (handlers) =>
  Effect.gen(function*() {
    const installation = yield* Installation
    return handlers
      .handle("health", () => Effect.succeed(`ok:${installation.osId}`))
      .handle("version", () => Effect.succeed(SERVICE_VERSION))
  }))
