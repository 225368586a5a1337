/**
 * Makes every error answer JSON. HttpApi encodes the errors it declares; this global middleware covers the rest,
 * whose platform defaults are empty bodies: unknown routes (404, or 501 for a Pieces OS feature this service does
 * not provide), malformed JSON bodies (400), an unreachable database (503) and defects (500, logged with their
 * cause).
 */
import * as HttpLayerRouter from "@effect/platform/HttpLayerRouter"
import * as HttpServerError from "@effect/platform/HttpServerError"
import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Cause, Effect, Option } from "effect"
import { isStorageOutage } from "../storage/StorageOutage.ts"
import { jsonError } from "./JsonResponses.ts"
import { notProvided } from "./NotProvided.ts"

const isRequestDecodeError = (u: unknown): u is HttpServerError.RequestError =>
  HttpServerError.isServerError(u) && u._tag === "RequestError" && u.reason === "Decode"

const toJsonError = <E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R> =>
  Effect.catchAllCause(app, (cause) => {
    const failure = Cause.failureOption(cause)
    if (Option.isSome(failure)) {
      const error = failure.value
      if (HttpServerError.isServerError(error) && error._tag === "RouteNotFound") {
        const feature = notProvided(error.request.url.split("?")[0])
        return Effect.succeed(
          feature === undefined
            ? jsonError(404, "RouteNotFound", `No operation at ${error.request.method} ${error.request.url}`)
            : jsonError(501, "NotProvided", feature)
        )
      }
      if (isRequestDecodeError(error)) {
        return Effect.succeed(jsonError(400, "MalformedBody", `The request body is not valid JSON: ${error.message}`))
      }
      return Effect.failCause(cause)
    }
    const defect = Cause.dieOption(cause)
    if (Option.isSome(defect)) {
      if (isRequestDecodeError(defect.value)) {
        return Effect.succeed(jsonError(400, "MalformedBody", "The request body is not valid JSON"))
      }
      if (isStorageOutage(defect.value)) {
        return Effect.logWarning("The database is unavailable", cause).pipe(
          Effect.as(jsonError(503, "StorageUnavailable", "The database is unavailable; try again shortly"))
        )
      }
      return Effect.logError("Unexpected failure", cause).pipe(
        Effect.as(jsonError(500, "InternalError", "The service failed unexpectedly; the error is in its log"))
      )
    }
    return Effect.failCause(cause)
  })

export const ErrorResponsesLive = HttpLayerRouter.middleware(toJsonError, { global: true })
