/**
 * The checks every request passes before any operation sees it (WebSocket upgrades included):
 * - `Host` a loopback name and `Origin` absent or allowed (`OriginPolicy`), else 403;
 * - a body no larger than `MAX_BODY_BYTES`: a declared `Content-Length` over it is refused with 413 before a byte
 *   is read, and a chunked body is refused with 413 once it passes the limit; either way what the client still
 *   sends is dropped as it arrives (`BoundedBody`), so that it reads the 413 rather than a reset connection;
 * - a body in JSON (or text, which decodes to a 400 naming the problem), else 415;
 * - a body nesting at most `MAX_JSON_DEPTH` levels, else 400;
 * except for a backup import, whose body (newline-delimited JSON of any size) its handler reads and checks.
 * CORS headers (and preflight answers) go to allowed origins only.
 */
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpMiddleware from "effect/http/HttpMiddleware"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { ByteSize, Effect, Layer, Option } from "effect"
import { GuardConfig, ServiceConfig } from "../config.ts"
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./JsonNesting.ts"
import { asJsonBody, discardBody, readAtMost, withBodyText } from "./BoundedBody.ts"
import { jsonError } from "./JsonResponses.ts"
import { makeOriginPolicy, splitList } from "./OriginPolicy.ts"

/** The one operation whose body is not JSON and not bounded by `MAX_BODY_BYTES`: a backup, checked by its handler. */
const BACKUP_IMPORT_PATH = "/database/import"

/** Imports from the page send the files themselves; past the limit, the command line reads them in batches. */
const SNIPPET_IMPORT_PATH = "/library/import"
const LARGE_IMPORT_HINT = ". Import a source this large from the command line, which sends it in batches: " +
  "npm run import -- --from KIND PATH"

const bodyTooLarge = (maxBodyBytes: number, url: string) =>
  jsonError(
    413,
    "BodyTooLarge",
    `The request body is larger than the service accepts (${maxBodyBytes} bytes)${
      url.split("?")[0] === SNIPPET_IMPORT_PATH ? LARGE_IMPORT_HINT : ""
    }`,
    { maxBytes: maxBodyBytes }
  )

/**
 * Operations take JSON. The platform would parse other types its own way (multipart, bytes) from the socket,
 * which this guard has already read, so they are refused here.
 */
const isAcceptedBodyType = (contentType: string | undefined): boolean =>
  contentType === undefined || isDeclaredJson(contentType) || isReadAsJson(contentType)

const isDeclaredJson = (contentType: string): boolean => contentType.toLowerCase().includes("application/json")

/** Types whose bodies are read as JSON all the same: text, or no type. */
const isReadAsJson = (contentType: string): boolean => {
  const type = contentType.toLowerCase().trim()
  return type === "" || type.startsWith("text/")
}

const hasBody = (request: HttpServerRequest.HttpServerRequest): boolean => {
  const length = request.headers["content-length"]
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0")
}

export const RequestGuardLive = Layer.unwrap(Effect.gen(function*() {
  const { host } = yield* ServiceConfig
  const guard = yield* GuardConfig
  const policy = makeOriginPolicy({
    listenHost: host,
    allowedHosts: splitList(guard.allowedHosts),
    allowedOrigins: splitList(guard.allowedOrigins)
  })
  const maxBodySize = ByteSize.bytes(guard.maxBodyBytes)
  const cors = HttpMiddleware.cors({ allowedOrigins: policy.isAllowedOrigin, maxAge: 600 })

  // Local tools send no Origin and need no CORS headers.
  const withCors = <E, R>(origin: string | undefined, app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
    origin === undefined ? app : cors(app)

  const guarded = <E, R>(
    app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
  ): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const hostHeader = request.headers["host"]
      if (hostHeader !== undefined && !policy.isAllowedHost(hostHeader)) {
        return jsonError(403, "HostNotAllowed", `Host ${hostHeader} is not a loopback name; this service is local`)
      }
      const origin = request.headers["origin"]
      if (origin !== undefined && !policy.isAllowedOrigin(origin)) {
        return jsonError(403, "OriginNotAllowed", `Origin ${origin} is not allowed (see ALLOWED_ORIGINS)`)
      }
      // A backup arrives as a stream of any size: its handler reads it as it comes and checks every record.
      if (request.method === "POST" && request.url.split("?")[0] === BACKUP_IMPORT_PATH) {
        return yield* withCors(origin, app).pipe(Effect.provideService(HttpIncomingMessage.MaxBodySize, undefined))
      }
      const declared = Number(request.headers["content-length"] ?? 0)
      if (declared > guard.maxBodyBytes) {
        yield* discardBody(request, guard.maxBodyBytes)
        return bodyTooLarge(guard.maxBodyBytes, request.url)
      }
      if (!hasBody(request)) return yield* withCors(origin, app)
      const contentType = request.headers["content-type"]
      if (!isAcceptedBodyType(contentType)) {
        return jsonError(415, "UnsupportedMediaType", `Bodies are JSON: send Content-Type: application/json, not ${contentType}`)
      }
      // The body is read here, once, so that its size and depth are checked in one place. One of declared length
      // is read by the platform, which caches it for the handler; a chunked one by `readAtMost`, which drops what
      // passes the limit so that the answer can still be a 413, and goes to the handler with the request.
      const chunked = request.headers["content-length"] === undefined
      const body = yield* Effect.option(chunked ? readAtMost(request, guard.maxBodyBytes) : request.text)
      // A client that went away: the handler's own read fails the same way.
      if (Option.isNone(body)) return yield* withCors(origin, app)
      if (body.value === undefined) return bodyTooLarge(guard.maxBodyBytes, request.url)
      if (nestsDeeperThan(body.value, MAX_JSON_DEPTH)) {
        return jsonError(400, "BodyTooDeep", `The request body nests deeper than ${MAX_JSON_DEPTH} levels`)
      }
      const readAsJson = contentType !== undefined && isReadAsJson(contentType)
      if (!chunked && !readAsJson) return yield* withCors(origin, app)
      const read = readAsJson ? asJsonBody(request, body.value) : withBodyText(request, body.value)
      return yield* withCors(origin, app).pipe(Effect.provideService(HttpServerRequest.HttpServerRequest, read))
    }).pipe(Effect.provideService(HttpIncomingMessage.MaxBodySize, maxBodySize))

  return HttpRouter.middleware((app) => guarded(app), { global: true })
}))
