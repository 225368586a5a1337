/**
 * The WebSocket streams. Each sends a current state first, then the frame of every commit that concerns it (see
 * `StreamSource`). Each connection follows the `ChangeHub` *before* reading the state it sends first, so no change
 * committed in between is missed (one may arrive twice; clients upsert). Writing never blocks, so changes wait for a
 * subscriber only while its socket holds more unread bytes than `STREAM_MAX_BUFFERED_BYTES`; one that falls behind
 * that way (more than `STREAM_MAX_BACKLOG` changes waiting) is closed with code 4000 so that it reconnects and gets
 * a fresh state: it neither slows anyone else nor holds memory without bound. It stops following with the
 * connection, whichever side closes it.
 */
import { Cause, Deferred, Effect, Exit, Option } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { Socket } from "effect/socket"
import { UpgradeRequired } from "../api/Errors.ts"
import { StreamConfig } from "../config.ts"
import type { Commit } from "../domain/Commit.ts"
import { ChangeHub } from "../services/ChangeHub.ts"
import { isStorageOutage } from "../storage/StorageOutage.ts"
import { StreamConnections } from "../services/StreamConnections.ts"
import { incomingMessageOf } from "./BoundedBody.ts"
import { textFrame } from "./WebSocketFrames.ts"

/** Writes one frame of text to a subscriber, waiting while it reads too slowly. */
export type SendFrame = (frame: string) => Effect.Effect<void>

/** What a stream sends: its current state first, then the frame of each commit that concerns it. */
export interface StreamSource {
  readonly snapshot: (send: SendFrame) => Effect.Effect<void>
  /** The commit's frame, encoded (`textFrame`) once for every connection; none if the commit does not concern it. */
  readonly frameOf: (commit: Commit) => Uint8Array | undefined
}

/** A stream that sends one frame when it opens and then stays open until either side closes it. */
export const constantSource = (frame: Effect.Effect<string>): StreamSource => ({
  snapshot: (send) => Effect.flatMap(frame, send),
  frameOf: () => undefined
})

/** Close codes clients see. 4000: fell behind, reconnect for a fresh state. */
export const CLOSE_SLOW_SUBSCRIBER = 4000
const CLOSE_GOING_AWAY = 1001
const CLOSE_INTERNAL_ERROR = 1011

/** How long a subscriber closed for falling behind has to read up to the close frame. */
const SLOW_SUBSCRIBER_GRACE = "5 seconds"

export class SubscriberTooSlow {
  readonly _tag = "SubscriberTooSlow"
}

/** The database is unreachable: this instance cannot tell the stream what changes meanwhile. */
class StorageUnavailable {
  readonly _tag = "StorageUnavailable"
  constructor(readonly reason: string) {}
}

export const makeStreamServer = Effect.gen(function*() {
  const hub = yield* ChangeHub
  const connections = yield* StreamConnections
  const limits = yield* StreamConfig

  /**
   * Sends the current state, then every change, until the subscriber falls behind or the service stops. The
   * connection follows the hub *before* reading the state, so no change committed in between is missed. While the
   * connection is caught up, the hub's delivery fiber writes each change's frame to the socket itself; while the state
   * is being sent, or the client leaves more than `maxBufferedBytes` unread, frames wait in the connection's backlog
   * and this fiber writes them as the socket drains. A backlog over `maxBacklog` ends the subscription.
   */
  const pump = (source: StreamSource, socket: UpgradedSocket) =>
    Effect.scoped(Effect.gen(function*() {
      const backlog: Array<Uint8Array> = []
      /** Whether the hub's fiber writes frames as they come (caught up) or leaves them in the backlog. */
      let caughtUp = false
      /** Completes once the backlog has frames again after the connection caught up. */
      let behindAgain = Deferred.makeUnsafe<void>()
      const fellBehind = yield* Deferred.make<never, SubscriberTooSlow>()
      let ended = false

      yield* hub.follow((commit) => {
        // Fallen behind, or its socket closed, the connection is about to end and stop following: no more frames.
        if (ended || socket.destroyed) return
        const frame = source.frameOf(commit)
        if (frame === undefined) return
        if (caughtUp && socket.writableLength <= limits.maxBufferedBytes) {
          socket.write(frame)
          return
        }
        backlog.push(frame)
        if (backlog.length > limits.maxBacklog) {
          ended = true
          Deferred.doneUnsafe(fellBehind, Exit.fail(new SubscriberTooSlow()))
        } else if (caughtUp) {
          caughtUp = false
          Deferred.doneUnsafe(behindAgain, Exit.void)
        }
      })

      /** Writes a frame; while the client leaves too many bytes unread, waits for it to read them. */
      const send = (frame: Uint8Array) =>
        Effect.gen(function*() {
          socket.write(frame)
          while (socket.writableLength > limits.maxBufferedBytes) yield* awaitDrain(socket)
        })

      /** Caught up if the backlog is empty: checked and set at once, so that no frame is left behind in between. */
      const catchUp = Effect.sync(() => {
        if (backlog.length > 0) return false
        behindAgain = Deferred.makeUnsafe<void>()
        caughtUp = true
        return true
      })

      const outage = yield* hub.nextOutage()
      yield* Effect.gen(function*() {
        yield* source.snapshot((text) => send(textFrame(text)))
        while (true) {
          for (let frame = backlog.shift(); frame !== undefined; frame = backlog.shift()) yield* send(frame)
          if (yield* catchUp) yield* Deferred.await(behindAgain)
        }
      }).pipe(
        Effect.raceFirst(Deferred.await(fellBehind)),
        Effect.raceFirst(Effect.flatMap(outage, (reason) => Effect.fail(new StorageUnavailable(reason))))
      )
    }))

  const serve = (source: StreamSource) =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      if (request.headers["upgrade"]?.toLowerCase() !== "websocket") {
        return yield* Effect.fail(UpgradeRequired.of(request.url))
      }
      const socket = yield* Effect.orDie(request.upgrade)
      yield* Effect.scoped(Effect.gen(function*() {
        yield* connections.track
        // Taking the reader completes the handshake (its answer goes first): frames are written after it.
        const reader = yield* Effect.orDie(socket.reader)
        const { write } = yield* socket.writer
        const close = (code: number, reason: string) => Effect.ignore(write(new Socket.CloseEvent(code, reason)))
        const nodeSocket = incomingMessageOf(request).socket as unknown as UpgradedSocket
        yield* pump(source, nodeSocket).pipe(
          Effect.raceFirst(connections.closing),
          Effect.andThen(close(CLOSE_GOING_AWAY, "service shutting down")),
          Effect.catchCause((cause) => {
            const failure = Option.getOrUndefined(Cause.findErrorOption(cause))
            if (failure instanceof SubscriberTooSlow) {
              return close(CLOSE_SLOW_SUBSCRIBER, "subscriber fell behind: reconnect for a fresh state").pipe(
                // The close frame waits behind everything the client has not read; if it does not answer it soon,
                // drop the connection and its unread bytes rather than hold them for the library's 30 s timeout.
                Effect.andThen(Effect.sleep(SLOW_SUBSCRIBER_GRACE)),
                Effect.andThen(Effect.sync(() => nodeSocket.destroy()))
              )
            }
            if (failure instanceof StorageUnavailable || isStorageOutage(Cause.squash(cause))) {
              return close(CLOSE_INTERNAL_ERROR, "the database is unavailable: reconnect later")
            }
            return Effect.logError("Stream failed", cause).pipe(
              Effect.andThen(close(CLOSE_INTERNAL_ERROR, "stream failed"))
            )
          }),
          Effect.forkScoped
        )
        // Clients only listen; reading ends when either side closes the socket.
        yield* Effect.ignore(Effect.forever(reader.pull))
      }))
      return HttpServerResponse.empty()
    })

  return { serve } as const
})

/**
 * The part of the connection's Node socket a stream uses: it writes frames to it, watches its unread bytes (and when
 * they drain), and drops it.
 */
interface UpgradedSocket {
  readonly writableLength: number
  readonly destroyed: boolean
  write(frame: Uint8Array): boolean
  once(event: "drain", listener: () => void): unknown
  off(event: "drain", listener: () => void): unknown
  destroy(): void
}

/** Waits until the socket's write buffer drains, or briefly, so the backlog is checked again. */
const awaitDrain = (socket: UpgradedSocket) =>
  Effect.callback<void>((resume) => {
    const drained = () => resume(Effect.void)
    socket.once("drain", drained)
    return Effect.sync(() => socket.off("drain", drained))
  }).pipe(Effect.timeoutOption("50 millis"), Effect.asVoid)
