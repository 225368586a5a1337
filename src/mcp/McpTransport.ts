/**
 * MCP over HTTP, both ways clients speak it, as one `RpcServer.Protocol` for Effect's `McpServer`:
 * - Streamable HTTP (protocol 2025-11-25, 2025-06-18 and 2025-03-26): a POST carries messages and is answered with their
 *   responses as JSON (202 when it holds none), `Mcp-Session-Id` names the session `initialize` began; a GET opens
 *   the session's event stream for notifications; a DELETE ends the session.
 * - The legacy SSE transport (2024-11-05), which the Pieces CLI and the Python `mcp` package's `sse_client` use: a
 *   GET opens the stream, whose first event (`endpoint`) names where to POST messages; each POST is answered 202 and
 *   its responses follow on the stream as `message` events.
 * Effect's `McpServer.layerHttp` serves Streamable HTTP's POST and DELETE only: its GET answers 405, so a session
 * has no event stream for notifications between requests (and it offers resource subscriptions only off HTTP); it
 * implements neither the historical HTTP+SSE transport nor session expiry. So `McpServer` runs here over this
 * protocol, one session per client of its RPC server, and this file serves both transports. Methods the caller
 * answers itself (`answerLocally`, the resources) do not reach the RPC server; `amendResult` adjusts a result on its
 * way out (the capabilities `initialize` announces).
 */
import { Context, Deferred, Effect, Predicate, type Queue, Result, Schema, Stream } from "effect"
import { ClientNotificationRpcs, ClientRequestRpcs } from "effect/ai/McpSchema"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import type { RpcMessage } from "effect/rpc"
import { RpcServer } from "effect/rpc"
import { StreamConnections } from "../services/StreamConnections.ts"
import {
  ErrorCode,
  errorJson,
  errorOfExit,
  type Incoming,
  type JsonRpcError,
  type JsonRpcId,
  notificationJson,
  readBody,
  resultJson
} from "./JsonRpc.ts"
import { type McpSession, McpSessions } from "./McpSessions.ts"

/** Where the legacy transport's clients POST their messages. */
export const LEGACY_MESSAGES_PATH = "/model_context_protocol/2024-11-05/messages"

/** A comment line on idle event streams, so that proxies and clients do not take them for dead. */
const KEEP_ALIVE = "15 seconds"

export interface McpTransportOptions {
  /** The answer to a method served outside the RPC server, or undefined when the RPC server answers it. */
  readonly answerLocally: (
    session: McpSession,
    method: string,
    params: unknown
  ) => Effect.Effect<unknown, JsonRpcError> | undefined
  readonly amendResult: (method: string, result: unknown) => unknown
}

/** A request the RPC server is answering: whose it is and how its answer reaches the client. */
interface Pending {
  readonly session: McpSession
  readonly id: JsonRpcId
  readonly method: string
  readonly reply: (json: string) => Effect.Effect<void>
}

const jsonResponse = (status: number, json: string, sessionId?: string) =>
  HttpServerResponse.text(json, {
    status,
    contentType: "application/json",
    headers: sessionId === undefined ? {} : { "mcp-session-id": sessionId }
  })

/** A JSON-RPC error answered with an HTTP status, for a request that names no message it could answer. */
const refusal = (status: number, code: number, message: string) => jsonResponse(status, errorJson(null, { code, message }))

const eventFrame = (json: string) => `event: message\ndata: ${json}\n\n`

export const makeMcpTransport = (options: McpTransportOptions) =>
  Effect.gen(function*() {
    const sessions = yield* McpSessions
    const connections = yield* StreamConnections
    const pending = new Map<string | number, Pending>()
    let nextRequestId = 1
    /** Hands a message to the RPC server (buffered until it runs). */
    let write: (clientId: number, message: RpcMessage.FromClientEncoded) => Effect.Effect<void> = () => Effect.void

    const protocol = yield* RpcServer.Protocol.make((writeRequest) =>
      Effect.succeed({
        disconnects: sessions.ended,
        send: (clientId: number, response: RpcMessage.FromServerEncoded) => answer(clientId, response),
        end: (clientId: number) => {
          const session = sessions.ofClient(clientId)
          return session === undefined ? Effect.void : sessions.close(session)
        },
        clientIds: Effect.sync(sessions.clientIds),
        initialMessage: Effect.succeedNone,
        supportsAck: false,
        supportsTransferables: false,
        supportsSpanPropagation: false,
        supportsNotifications: true,
        codecFor: Schema.toCodecJson
      }).pipe(Effect.tap(() =>
        Effect.sync(() => {
          // Without the HTTP request: McpServer takes a request it sees for its own Streamable HTTP transport (and
          // names a session of its own), while here every session is one client of this protocol.
          write = (clientId, message) =>
            writeRequest(clientId, message).pipe(Effect.updateContext(Context.omit(HttpServerRequest.HttpServerRequest)))
        })
      ))
    )

    /** What the RPC server sends a client: a response goes where its request came from, a notification to the stream. */
    const answer = (clientId: number, response: RpcMessage.FromServerEncoded | RpcMessage.RequestEncoded) =>
      Effect.suspend(() => {
        switch (response._tag) {
          case "Exit": {
            const request = pending.get(response.requestId)
            if (request === undefined) return Effect.void
            pending.delete(response.requestId)
            const error = errorOfExit(response.exit)
            // An MCP error (one McpServer fails with, such as "Not implemented") is an answer; a defect is a bug.
            const defect = response.exit._tag === "Failure" &&
              !response.exit.cause.some((reason) => reason._tag === "Fail")
            if (defect && error?.code === ErrorCode.internalError) {
              return Effect.andThen(
                Effect.logError(`MCP ${request.method} failed`, response.exit),
                request.reply(errorJson(request.id, error))
              )
            }
            return request.reply(
              error !== undefined
                ? errorJson(request.id, error)
                : resultJson(request.id, options.amendResult(request.method, successValue(response.exit)))
            )
          }
          case "Request": {
            const session = sessions.ofClient(clientId)
            return session === undefined
              ? Effect.void
              : sessions.deliver(session, notificationJson(response.tag, response.payload))
          }
          case "Defect":
            return Effect.logError("MCP server defect", response.defect)
          default:
            return Effect.void
        }
      })

    /** Hands one message of a session to whoever answers it; answers go to `reply`. Returns the RPC request id. */
    const dispatch = (session: McpSession, message: Incoming, reply: (json: string) => Effect.Effect<void>) =>
      Effect.gen(function*() {
        switch (message._tag) {
          case "Invalid":
            yield* reply(errorJson(message.id, message.error))
            return undefined
          case "Response":
            return undefined
          case "Notification": {
            if (message.method === "notifications/cancelled") {
              const cancelled = Predicate.isObject(message.params) ? message.params.requestId : undefined
              for (const [requestId, request] of pending) {
                if (request.session === session && request.id === cancelled) {
                  pending.delete(requestId)
                  yield* write(session.clientId, { _tag: "Interrupt", requestId })
                }
              }
            } else if (ClientNotificationRpcs.requests.has(message.method)) {
              yield* write(session.clientId, rpcRequest("", message.method, message.params))
            }
            return undefined
          }
          case "Request": {
            const local = options.answerLocally(session, message.method, message.params)
            if (local !== undefined) {
              yield* Effect.matchEffect(local, {
                onFailure: (error) => reply(errorJson(message.id, error)),
                onSuccess: (result) => reply(resultJson(message.id, result))
              })
              return undefined
            }
            if (!ClientRequestRpcs.requests.has(message.method)) {
              yield* reply(errorJson(message.id, {
                code: ErrorCode.methodNotFound,
                message: `Method not found: ${message.method}`
              }))
              return undefined
            }
            const requestId = String(nextRequestId++)
            pending.set(requestId, { session, id: message.id, method: message.method, reply })
            yield* write(session.clientId, rpcRequest(requestId, message.method, message.params))
            return requestId
          }
        }
      })

    /** Stops requests whose client went away before their answer. */
    const abandon = (session: McpSession, requestIds: ReadonlyArray<string>) =>
      Effect.forEach(requestIds, (requestId) =>
        pending.delete(requestId) ? write(session.clientId, { _tag: "Interrupt", requestId }) : Effect.void, {
        discard: true
      })

    /** The messages of a POST's body, or the response refusing it. */
    const messagesOf = (request: HttpServerRequest.HttpServerRequest) =>
      Effect.gen(function*() {
        const body = yield* Effect.result(request.json)
        if (Result.isFailure(body)) {
          return Result.fail(refusal(400, ErrorCode.parseError, "Parse error: the body is not JSON"))
        }
        const read = readBody(body.success)
        return "code" in read ? Result.fail(jsonResponse(400, errorJson(null, read))) : Result.succeed(read)
      })

    /** An event stream: `first` frames, then the session's messages as they come, until it or the service ends. */
    const eventStream = (first: ReadonlyArray<string>, queue: Queue.Dequeue<string>) =>
      Stream.fromIterable(first).pipe(
        Stream.concat(
          Stream.merge(
            Stream.fromQueue(queue).pipe(Stream.map(eventFrame)),
            Stream.tick(KEEP_ALIVE).pipe(Stream.map(() => ": keep-alive\n\n")),
            { haltStrategy: "left" }
          )
        ),
        Stream.interruptWhen(connections.closing),
        Stream.encodeText
      )

    const eventResponse = (stream: Stream.Stream<Uint8Array>, sessionId?: string) =>
      HttpServerResponse.stream(stream, {
        contentType: "text/event-stream",
        headers: {
          "cache-control": "no-cache",
          "x-accel-buffering": "no",
          ...(sessionId === undefined ? {} : { "mcp-session-id": sessionId })
        }
      })

    /** The session a Streamable HTTP request names, or the response refusing it. */
    const namedSession = (request: HttpServerRequest.HttpServerRequest) => {
      const id = request.headers["mcp-session-id"]
      if (id === undefined) {
        return Result.fail(refusal(400, -32000, "Bad Request: no Mcp-Session-Id header (send initialize first)"))
      }
      const session = sessions.find(id)
      return session === undefined
        ? Result.fail(refusal(404, -32001, "Session not found: it ended; send initialize again"))
        : Result.succeed(session)
    }

    /** Streamable HTTP, POST: messages in, their answers out as JSON. */
    const streamablePost = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const read = yield* messagesOf(request)
      if (Result.isFailure(read)) return read.failure
      const { batch, messages } = read.success
      const initializing = messages.some((message) => message._tag === "Request" && message.method === "initialize")
      if (initializing && messages.length > 1) {
        return refusal(400, ErrorCode.invalidRequest, "Invalid Request: initialize is sent alone")
      }
      const named = initializing ? Result.succeed(yield* sessions.open("streamable")) : namedSession(request)
      if (Result.isFailure(named)) return named.failure
      const session = named.success
      const answers: Array<Deferred.Deferred<string>> = []
      const requestIds: Array<string> = []
      for (const message of messages) {
        const answered = yield* Deferred.make<string>()
        if (message._tag === "Request" || message._tag === "Invalid") answers.push(answered)
        const requestId = yield* dispatch(session, message, (json) => Deferred.succeed(answered, json))
        if (requestId !== undefined) requestIds.push(requestId)
      }
      if (answers.length === 0) return HttpServerResponse.empty({ status: 202, headers: { "mcp-session-id": session.id } })
      const json = yield* Effect.forEach(answers, Deferred.await).pipe(
        Effect.onInterrupt(() => abandon(session, requestIds))
      )
      return jsonResponse(200, batch ? `[${json.join(",")}]` : json[0], session.id)
    })

    /** Streamable HTTP, GET: the session's event stream. */
    const streamableGet = Effect.gen(function*() {
      const named = namedSession(yield* HttpServerRequest.HttpServerRequest)
      if (Result.isFailure(named)) return named.failure
      const session = named.success
      const queue = yield* sessions.attachStream(session)
      return eventResponse(eventStream([], queue).pipe(Stream.ensuring(sessions.detachStream(session, queue))), session.id)
    })

    /** Streamable HTTP, DELETE: the session ends. */
    const streamableDelete = Effect.gen(function*() {
      const named = namedSession(yield* HttpServerRequest.HttpServerRequest)
      if (Result.isFailure(named)) return named.failure
      yield* sessions.close(named.success)
      return HttpServerResponse.empty({ status: 204 })
    })

    /** Legacy SSE, GET: a session lasting as long as its stream, which first says where to POST. */
    const legacyStream = Effect.gen(function*() {
      const session = yield* sessions.open("sse")
      const queue = yield* sessions.attachStream(session)
      const endpoint = `event: endpoint\ndata: ${LEGACY_MESSAGES_PATH}?session_id=${session.id}\n\n`
      return eventResponse(eventStream([endpoint], queue).pipe(Stream.ensuring(sessions.close(session))))
    })

    /** Legacy SSE, POST: messages in, answered 202; their answers go out on the session's stream. */
    const legacyPost = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const id = new URL(request.url, "http://local").searchParams.get("session_id")
      const session = id === null ? undefined : sessions.find(id)
      if (session === undefined) {
        return refusal(404, -32001, "Session not found: open the stream (GET …/sse) and POST to the endpoint it names")
      }
      const read = yield* messagesOf(request)
      if (Result.isFailure(read)) return read.failure
      for (const message of read.success.messages) {
        yield* dispatch(session, message, (json) => sessions.deliver(session, json))
      }
      return HttpServerResponse.text("Accepted", { status: 202 })
    })

    return { protocol, streamablePost, streamableGet, streamableDelete, legacyStream, legacyPost } as const
  })

const rpcRequest = (id: string, tag: string, params: unknown): RpcMessage.FromClientEncoded => ({
  _tag: "Request",
  id,
  tag,
  payload: params ?? {},
  headers: []
})

const successValue = (exit: RpcMessage.ResponseExitEncoded["exit"]) => exit._tag === "Success" ? exit.value : undefined
