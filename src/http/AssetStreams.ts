/**
 * The three WebSocket streams. Each connection subscribes to the `ChangeHub` *before* reading the state it sends
 * first, so no change committed in between is missed (one may arrive twice; clients upsert). Then it forwards every
 * change. Writing never blocks, so changes wait for a subscriber only while its socket holds more unread bytes than
 * `STREAM_MAX_BUFFERED_BYTES`; one that falls behind that way (more than `STREAM_MAX_BACKLOG` changes waiting) is
 * closed with code 4000 so that it reconnects and gets a fresh state: it neither slows anyone else nor holds memory
 * without bound. Its subscription ends with the connection, whichever side closes it.
 */
import { HttpServerRequest, HttpServerResponse, Socket } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Cause, Effect, Option, Queue } from "effect"
import { UpgradeRequired } from "../api/Errors.ts"
import { StreamConfig } from "../config.ts"
import type { PagePosition } from "../services/AssetRepository.ts"
import { AssetRepository } from "../services/AssetRepository.ts"
import { ChangeHub } from "../services/ChangeHub.ts"
import { StreamConnections } from "../services/StreamConnections.ts"
import {
  assetsSnapshotFrame,
  changeFrame,
  identifiersSnapshotFrame,
  isStreamed,
  type StreamKind
} from "./StreamFrames.ts"

/** Close codes clients see. 4000: fell behind, reconnect for a fresh state. */
export const CLOSE_SLOW_SUBSCRIBER = 4000
const CLOSE_GOING_AWAY = 1001
const CLOSE_INTERNAL_ERROR = 1011

/** How long a subscriber closed for falling behind has to read up to the close frame. */
const SLOW_SUBSCRIBER_GRACE = "5 seconds"

/** Assets per frame of the current state on the asset streams. */
const SNAPSHOT_PAGE = 100

class SubscriberTooSlow {
  readonly _tag = "SubscriberTooSlow"
}

export const makeStreamServer = Effect.gen(function*() {
  const hub = yield* ChangeHub
  const repository = yield* AssetRepository
  const connections = yield* StreamConnections
  const limits = yield* StreamConfig

  /** Sends the current state, then every change, until the subscriber falls behind or the service stops. */
  const pump = (
    kind: StreamKind,
    write: (frame: string) => Effect.Effect<void, Socket.SocketError>,
    socket: Buffered
  ) =>
    Effect.scoped(Effect.gen(function*() {
      const changes = yield* hub.subscribe()
      const fallenBehind = Effect.map(Queue.size(changes), (waiting) => waiting > limits.maxBacklog)

      /** Writes a frame; while the client leaves too many bytes unread, waits for it, unless the backlog is full. */
      const send = (frame: string) =>
        Effect.gen(function*() {
          yield* write(frame)
          while (socket.writableLength > limits.maxBufferedBytes) {
            if (yield* fallenBehind) return yield* Effect.fail(new SubscriberTooSlow())
            yield* awaitDrain(socket)
          }
        })

      if (kind === "identifiers") {
        yield* send(identifiersSnapshotFrame(yield* repository.listIds("exclude")))
      } else {
        let after: PagePosition | undefined = undefined
        while (true) {
          const page: ReadonlyArray<PagePosition & { json: string }> = yield* repository.pageDocuments(
            kind === "transferables",
            SNAPSHOT_PAGE,
            after
          )
          if (page.length > 0) yield* send(assetsSnapshotFrame(page.map((row) => row.json)))
          if (page.length < SNAPSHOT_PAGE) break
          after = page[page.length - 1]
        }
      }
      while (true) {
        const batch = yield* Queue.takeBetween(changes, 1, 64)
        for (const change of batch) if (isStreamed(change)) yield* send(changeFrame(change, kind))
      }
    }))

  const serve = (kind: StreamKind) =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      if (request.headers["upgrade"]?.toLowerCase() !== "websocket") {
        return yield* Effect.fail(UpgradeRequired.of(request.url))
      }
      const socket = yield* Effect.orDie(request.upgrade)
      const nodeSocket = NodeHttpServerRequest.toIncomingMessage(request).socket as Buffered
      const write = yield* socket.writer
      const close = (code: number, reason: string) => Effect.ignore(write(new Socket.CloseEvent(code, reason)))

      yield* Effect.scoped(Effect.gen(function*() {
        yield* connections.track
        // The sender is forked first: writes wait until `runRaw` has opened the socket.
        yield* pump(kind, (frame) => write(frame), nodeSocket).pipe(
          Effect.raceFirst(connections.closing),
          Effect.zipRight(close(CLOSE_GOING_AWAY, "service shutting down")),
          Effect.catchAllCause((cause) =>
            Option.exists(Cause.failureOption(cause), (error) => error instanceof SubscriberTooSlow)
              ? close(CLOSE_SLOW_SUBSCRIBER, "subscriber fell behind: reconnect for a fresh state").pipe(
                // The close frame waits behind everything the client has not read; if it does not answer it soon,
                // drop the connection and its unread bytes rather than hold them for the library's 30 s timeout.
                Effect.zipRight(Effect.sleep(SLOW_SUBSCRIBER_GRACE)),
                Effect.zipRight(Effect.sync(() => nodeSocket.destroy()))
              )
              : Effect.logError("Stream failed", cause).pipe(
                Effect.zipRight(close(CLOSE_INTERNAL_ERROR, "stream failed"))
              )
          ),
          Effect.forkScoped
        )
        // Clients only listen; reading ends when either side closes the socket.
        yield* Effect.ignore(socket.runRaw(() => undefined))
      }))
      return HttpServerResponse.empty()
    })

  return { serve } as const
})

/** The part of the connection's Node socket the sender watches (unread bytes, and when they drain) and drops. */
interface Buffered {
  readonly writableLength: number
  once(event: "drain", listener: () => void): unknown
  off(event: "drain", listener: () => void): unknown
  destroy(): void
}

/** Waits until the socket's write buffer drains, or briefly, so the backlog is checked again. */
const awaitDrain = (socket: Buffered) =>
  Effect.async<void>((resume) => {
    const drained = () => resume(Effect.void)
    socket.once("drain", drained)
    return Effect.sync(() => socket.off("drain", drained))
  }).pipe(Effect.timeoutOption("50 millis"), Effect.asVoid)
