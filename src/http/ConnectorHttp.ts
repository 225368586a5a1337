/**
 * Handlers of the connector group: every operation under `/{application}` first requires that application to
 * have connected (401 otherwise), then calls the connector services.
 */
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect, Layer, Schema } from "effect"
import { Api } from "../api/Api.ts"
import { InvalidRequest } from "../domain/Errors.ts"
import { PIECES_OS_API_VERSION } from "../config.ts"
import { ApplicationId } from "../domain/Common.ts"
import { ConnectorActivity } from "../services/ConnectorActivity.ts"
import { ConnectorSessions } from "../services/ConnectorSessions.ts"
import { Installation } from "../services/Installation.ts"
import { jsonText } from "./JsonResponses.ts"

const isApplicationId = Schema.is(ApplicationId)

export const ConnectorHttpLive = HttpApiBuilder.group(Api, "connector", (handlers) =>
  Effect.gen(function*() {
    const sessions = yield* ConnectorSessions
    const installation = yield* Installation
    const activity = yield* ConnectorActivity
    return handlers
      .handle("connect", ({ payload }) =>
        Effect.map(sessions.connect(payload.application), (application) => ({
          os: installation.osId,
          application,
          health: { os: { id: installation.osId, version: PIECES_OS_API_VERSION } }
        })))
      .handle("intention", ({ params, payload }) =>
        Effect.flatMap(sessions.require(params.application), (application) => activity.intention(application, payload)))
      .handle("onboarded", ({ params, payload }) =>
        Effect.as(sessions.setOnboarded(params.application, payload), String(payload)))
      .handle("onboardedByHeader", ({ headers, payload }) => {
        const given = headers["x-application-id"] ?? headers.application
        if (given === undefined) {
          return Effect.fail(new InvalidRequest({ message: "Name the application in an X-Application-ID header" }))
        }
        if (!isApplicationId(given)) {
          return Effect.fail(new InvalidRequest({ message: `Not an application id (a UUID): ${given}` }))
        }
        return Effect.as(sessions.setOnboarded(given, payload), String(payload))
      })
      .handle("react", ({ params, payload }) =>
        Effect.flatMap(sessions.require(params.application), (application) => activity.react(application, payload)))
      .handle("suggest", ({ params, payload }) =>
        Effect.flatMap(sessions.require(params.application), (application) =>
          Effect.map(activity.suggest(application, payload), (json) => jsonText(json))))
      .handle("track", ({ params, payload }) =>
        Effect.flatMap(sessions.require(params.application), (application) => activity.track(application, payload)))
  })).pipe(
  Layer.provide([ConnectorActivity.layer, ConnectorSessions.layer, Installation.layer])
)
