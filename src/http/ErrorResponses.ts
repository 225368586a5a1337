/**
 * Makes every error answer JSON. HttpApi encodes the errors it declares; this global middleware covers the rest,
 * whose platform defaults are empty bodies: unknown routes (404, or 501 for a Pieces OS feature this service does
 * not provide), requests that do not decode (400, naming each problem's path; a body that is not JSON at all is
 * `MalformedBody`), an unreachable database (503) and defects (500, logged with their cause).
 */
import { Cause, Effect, Result } from "effect"
import { HttpRouter, HttpServerError, HttpServerRequest, type HttpServerResponse } from "effect/http"
import { HttpApiError } from "effect/http-api"
import { decodeIssues, decodeIssuesText } from "../domain/DecodeIssues.ts"
import { isStorageOutage } from "../storage/StorageOutage.ts"
import { jsonError } from "./JsonResponses.ts"
import { notProvided } from "./NotProvided.ts"

/** The parts of a request HttpApi decodes; a problem in any other (its answer's encoding) is the service's. */
const REQUEST_PARTS = new Set(["Params", "Headers", "Query", "Payload"])

/** Whether `text` is no JSON at all (as opposed to JSON of the wrong shape). */
const notJson = (text: string) => {
  try {
    JSON.parse(text)
    return false
  } catch {
    return true
  }
}

/** A request HttpApi could not decode: the problems with their paths, or that the body is not JSON. */
const decodeRefusal = (error: HttpApiError.HttpApiSchemaError) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (error.kind === "Payload") {
      const text = yield* Effect.orElseSucceed(request.text, () => "")
      if (text !== "" && notJson(text)) {
        return jsonError(400, "MalformedBody", "The request body is not valid JSON")
      }
    }
    const issues = decodeIssues(error.cause)
    return jsonError(400, "HttpApiDecodeError", decodeIssuesText(issues), { issues })
  })

const toJsonError = <E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
  Effect.catchCause(app, (cause) => {
    const failure = Cause.findErrorOption(cause)
    if (failure._tag === "Some" && HttpServerError.isHttpServerError(failure.value)) {
      const { reason } = failure.value
      if (reason._tag === "RouteNotFound") {
        const feature = notProvided(reason.request.url.split("?")[0])
        return Effect.succeed(
          feature === undefined
            ? jsonError(404, "RouteNotFound", `No operation at ${reason.request.method} ${reason.request.url}`)
            : jsonError(501, "NotProvided", feature)
        )
      }
      if (reason._tag === "RequestParseError") {
        return Effect.succeed(jsonError(400, "MalformedBody", `The request body could not be read: ${reason.message}`))
      }
      return Effect.failCause(cause)
    }
    const defect = Cause.findDefect(cause)
    if (Result.isFailure(defect)) return Effect.failCause(cause)
    if (HttpApiError.HttpApiSchemaError.is(defect.success) && REQUEST_PARTS.has(defect.success.kind)) {
      return decodeRefusal(defect.success)
    }
    if (isStorageOutage(defect.success)) {
      return Effect.logWarning("The database is unavailable", cause).pipe(
        Effect.as(jsonError(503, "StorageUnavailable", "The database is unavailable; try again shortly"))
      )
    }
    return Effect.logError("Unexpected failure", cause).pipe(
      Effect.as(jsonError(500, "InternalError", "The service failed unexpectedly; the error is in its log"))
    )
  })

export const ErrorResponsesLive = HttpRouter.middleware((app) => toJsonError(app), { global: true })
