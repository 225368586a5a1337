/**
 * The open WebSocket connections, as a count and a shutdown signal: at shutdown every stream closes with 1001
 * ("going away") before the server stops, so clients know to reconnect rather than seeing a dropped connection.
 */
import { Context, Deferred, Effect, Layer } from "effect"

export class StreamConnections extends Context.Service<StreamConnections>()("StreamConnections", {
  make: Effect.gen(function*() {
    const closing = yield* Deferred.make<void>()
    let open = 0
    return {
      /** Counts a connection for as long as the scope lives. */
      track: Effect.acquireRelease(Effect.sync(() => open++), () => Effect.sync(() => open--)),
      openCount: (): number => open,
      /** Completes when the service starts shutting down. */
      closing: Deferred.await(closing),
      /**
       * Tells every connection to close, then waits (at most `grace`) until they have. Polled against a deadline
       * rather than timed out, since shutdown finalizers cannot be interrupted.
       */
      closeAll: Effect.fn("StreamConnections.closeAll")(function*(graceMillis: number) {
        yield* Deferred.succeed(closing, undefined)
        const deadline = Date.now() + graceMillis
        while (open > 0 && Date.now() < deadline) yield* Effect.sleep("10 millis")
      })
    } as const
  })
}) {
  static readonly layer = Layer.effect(StreamConnections, StreamConnections.make)
}
