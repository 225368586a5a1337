/**
 * Reading a body whose length is not declared (chunked) without holding more than the limit. The platform's own
 * limit destroys the socket when a body passes it, so the client would see a reset instead of a 413; here the
 * excess is discarded as it arrives and the request can still be answered.
 */
import { HttpServerRequest } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Effect } from "effect"

/** The body as text, or `undefined` once it passes `maxBytes` (the rest of it is then read and dropped). */
export const readAtMost = (request: HttpServerRequest.HttpServerRequest, maxBytes: number) =>
  Effect.async<string | undefined, Error>((resume) => {
    const source = NodeHttpServerRequest.toIncomingMessage(request)
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
      source.resume() // flowing with no listener: what remains is dropped
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

/**
 * The same request with its body already read: the platform's request reads `json` through `text`, so the handler
 * decodes this text instead of reading the consumed stream again.
 */
export const withBodyText = (
  request: HttpServerRequest.HttpServerRequest,
  text: string
): HttpServerRequest.HttpServerRequest =>
  Object.create(request, { text: { value: Effect.succeed(text) } }) as HttpServerRequest.HttpServerRequest
