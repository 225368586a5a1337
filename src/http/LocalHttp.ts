/**
 * Handlers of what a Pieces client reads about the installation at start-up: the local user (and its stream), the
 * model catalogue, the connected applications.
 */
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect, Layer, Option } from "effect"
import { Api } from "../api/Api.ts"
import { ApplicationNotFound, ModelNotFound } from "../domain/Errors.ts"
import { MODEL_CATALOGUE } from "../domain/Models.ts"
import { ConnectorSessions } from "../services/ConnectorSessions.ts"
import { LocalUser } from "../services/LocalUser.ts"
import { constantSource, makeStreamServer } from "./StreamServer.ts"
import { StreamConnections } from "../services/StreamConnections.ts"
import { ChangeHub } from "../services/ChangeHub.ts"

export const UserHttpLive = HttpApiBuilder.group(Api, "user", (handlers) =>
  Effect.gen(function*() {
    const { profile } = yield* LocalUser
    const streams = yield* makeStreamServer
    return handlers
      .handle("userSnapshot", () => Effect.succeed({ user: profile }))
      .handle("streamUser", () => streams.serve(constantSource(Effect.succeed(JSON.stringify(profile)))))
  })).pipe(
  Layer.provide([ChangeHub.layer, LocalUser.layer, StreamConnections.layer])
)

export const ModelsHttpLive = HttpApiBuilder.group(Api, "models", (handlers) =>
  handlers
    .handle("modelsSnapshot", () => Effect.succeed({ iterable: MODEL_CATALOGUE }))
    .handle("modelsSpecificModelSnapshot", ({ params }) => {
      const model = MODEL_CATALOGUE.find((entry) => entry.id === params.model)
      return model === undefined ? Effect.fail(ModelNotFound.of(params.model)) : Effect.succeed(model)
    }))

export const ApplicationsHttpLive = HttpApiBuilder.group(Api, "applications", (handlers) =>
  Effect.gen(function*() {
    const sessions = yield* ConnectorSessions
    return handlers
      .handle("applicationsSnapshot", () => Effect.map(sessions.list, (iterable) => ({ iterable })))
      .handle("applicationsSpecificApplicationSnapshot", ({ params }) =>
        Effect.flatMap(sessions.find(params.application), Option.match({
          onNone: () => Effect.fail(ApplicationNotFound.of(params.application)),
          onSome: Effect.succeed
        })))
      .handle("applicationsRegister", ({ payload }) => sessions.connect(payload))
  })).pipe(
  Layer.provide([ConnectorSessions.layer])
)
