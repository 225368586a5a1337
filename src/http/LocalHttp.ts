/**
 * Handlers of what a Pieces client reads about the installation at start-up: the local user (and its stream), the
 * model catalogue, the connected applications.
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Effect, Option } from "effect"
import { Api } from "../api/Api.ts"
import { ApplicationNotFound, ModelNotFound } from "../api/Errors.ts"
import { MODEL_CATALOGUE } from "../domain/Models.ts"
import { ConnectorSessions } from "../services/ConnectorSessions.ts"
import { LocalUser } from "../services/LocalUser.ts"
import { constantSource, makeStreamServer } from "./StreamServer.ts"

export const UserHttpLive = HttpApiBuilder.group(Api, "user", (handlers) =>
  Effect.gen(function*() {
    const { profile } = yield* LocalUser
    const streams = yield* makeStreamServer
    return handlers
      .handle("userSnapshot", () => Effect.succeed({ user: profile }))
      .handle("streamUser", () => streams.serve(constantSource(Effect.succeed(JSON.stringify(profile)))))
  }))

export const ModelsHttpLive = HttpApiBuilder.group(Api, "models", (handlers) =>
  handlers
    .handle("modelsSnapshot", () => Effect.succeed({ iterable: MODEL_CATALOGUE }))
    .handle("modelsSpecificModelSnapshot", ({ path }) => {
      const model = MODEL_CATALOGUE.find((entry) => entry.id === path.model)
      return model === undefined ? Effect.fail(ModelNotFound.of(path.model)) : Effect.succeed(model)
    }))

export const ApplicationsHttpLive = HttpApiBuilder.group(Api, "applications", (handlers) =>
  Effect.gen(function*() {
    const sessions = yield* ConnectorSessions
    return handlers
      .handle("applicationsSnapshot", () => Effect.map(sessions.list, (iterable) => ({ iterable })))
      .handle("applicationsSpecificApplicationSnapshot", ({ path }) =>
        Effect.flatMap(sessions.find(path.application), Option.match({
          onNone: () => Effect.fail(ApplicationNotFound.of(path.application)),
          onSome: Effect.succeed
        })))
      .handle("applicationsRegister", ({ payload }) => sessions.connect(payload))
  }))
