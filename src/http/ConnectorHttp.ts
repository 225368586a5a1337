/**
 * Handlers of the connector group. `connect` works; the rest are declared and answer 501 until they are built.
 */
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../api/Api.ts"
import { NotImplemented } from "../api/Errors.ts"
import { SERVICE_VERSION } from "../config.ts"
import { ConnectorSessions } from "../services/ConnectorSessions.ts"
import { Installation } from "../services/Installation.ts"

export const ConnectorHttpLive = HttpApiBuilder.group(Api, "connector", (handlers) =>
  Effect.gen(function*() {
    const sessions = yield* ConnectorSessions
    const installation = yield* Installation
    const notYet = (operation: string) => () => Effect.fail(NotImplemented.of(operation))
    return handlers
      .handle("connect", ({ payload }) =>
        Effect.map(sessions.connect(payload.application), (application) => ({
          os: installation.osId,
          application,
          health: { os: { id: installation.osId, version: SERVICE_VERSION } }
        })))
      .handle("intention", notYet("intention"))
      .handle("onboarded", notYet("onboarded"))
      .handle("onboardedByHeader", notYet("onboarded"))
      .handle("react", notYet("react"))
      .handle("suggest", notYet("suggest"))
      .handle("track", notYet("track"))
  }))
