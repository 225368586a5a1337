/**
 * Bodies past the limit, refused with a 413 the client can read. The platform's own limit destroys the socket when a
 * body passes it, and a connection closed with bytes still coming is reset, so the client would see a reset
 * instead of the answer. Here the excess is dropped as it arrives (up to a bound, past which the connection is not
 * worth keeping) and the connection stays open until the body has been sent.
 */
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as NodeHttpServerRequest from "@effect/platform-node/NodeHttpServerRequest"
import { Effect } from "effect"
import type { IncomingMessage } from "node:http"

/** The Node request under a request of the service's server (HTTP/1, `node:http`). */
export const incomingMessageOf = (request: HttpServerRequest.HttpServerRequest) =>
  NodeHttpServerRequest.toIncomingMessage(request) as IncomingMessage

/** Drops what remains of a body as it arrives; past `dropAtMost` more bytes, closes the connection instead. */
const dropRest = (source: IncomingMessage, dropAtMost: number) => {
  let dropped = 0
  source.on("data", (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > dropAtMost) source.socket.destroy()
  })
  source.resume()
}

/** How much of a refused body is dropped before its connection is closed: enough for any client that stops. */
const dropLimit = (maxBytes: number) => 4 * maxBytes

/** The body as text, or `undefined` once it passes `maxBytes` (the rest of it is then dropped as it arrives). */
export const readAtMost = (request: HttpServerRequest.HttpServerRequest, maxBytes: number) =>
  Effect.callback<string | undefined, Error>((resume) => {
    const source = incomingMessageOf(request)
    const chunks: Array<Buffer> = []
    let bytes = 0
    const stop = () => {
      source.off("data", onData)
      source.off("end", onEnd)
      source.off("error", onError)
    }
    const onData = (chunk: Buffer) => {
      bytes += chunk.length
      if (bytes <= maxBytes) return void chunks.push(chunk)
      stop()
      dropRest(source, dropLimit(maxBytes))
      resume(Effect.succeed(undefined))
    }
    const onEnd = () => {
      stop()
      resume(Effect.succeed(Buffer.concat(chunks).toString("utf8")))
    }
    const onError = (error: Error) => {
      stop()
      resume(Effect.fail(error))
    }
    source.on("data", onData)
    source.on("end", onEnd)
    source.on("error", onError)
    return Effect.sync(stop)
  })

/** Drops, as it arrives, a body that will not be read: one declared larger than `maxBytes`. */
export const discardBody = (request: HttpServerRequest.HttpServerRequest, maxBytes: number) =>
  Effect.sync(() => dropRest(incomingMessageOf(request), dropLimit(maxBytes)))

/**
 * The same request with its body already read: the platform's request reads `json` through `text`, so the handler
 * decodes this text instead of reading the consumed stream again.
 */
export const withBodyText = (
  request: HttpServerRequest.HttpServerRequest,
  text: string
): HttpServerRequest.HttpServerRequest =>
  Object.create(request, { text: { value: Effect.succeed(text) } }) as HttpServerRequest.HttpServerRequest

/**
 * The same request, read as JSON: the API decodes a body by its declared type and answers any type but JSON with a
 * 415 of its own, while this service has always read a body sent as text (or with an empty type) as the JSON it is.
 */
export const asJsonBody = (
  request: HttpServerRequest.HttpServerRequest,
  text: string
): HttpServerRequest.HttpServerRequest =>
  Object.create(withBodyText(request, text), {
    headers: { value: { ...request.headers, "content-type": "application/json" } }
  }) as HttpServerRequest.HttpServerRequest
