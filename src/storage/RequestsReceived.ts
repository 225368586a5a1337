/**
 * The requests the service has received, counted as the server reads each one's head, and those it is still
 * answering. Background work waits for a pause in them (`FullTextMerging`'s merge steps, `LibraryFollowers`'
 * snapshots): each holds the event loop, and a request that comes meanwhile waits behind it; so does one being
 * answered, such as a listing of every asset, which takes seconds and is no pause. Without this service (tests,
 * tools), nothing counts requests.
 */
import { Context, Effect, Layer, Option } from "effect"

/** What background work asks of the requests: how many came so far, and whether any is being answered. */
export interface RequestActivity {
  readonly count: () => number
  readonly answering: () => boolean
}

export class RequestsReceived extends Context.Service<RequestsReceived>()("RequestsReceived", {
  make: Effect.sync(() => {
    let count = 0
    let answering = 0
    return {
      count: (): number => count,
      answering: (): boolean => answering > 0,
      /** A request received; answers what to call once it is answered or given up (only the first call counts). */
      received: (): (() => void) => {
        count++
        answering++
        let ended = false
        return () => {
          if (ended) return
          ended = true
          answering--
        }
      }
    } as const
  })
}) {
  static readonly layer = Layer.effect(RequestsReceived, RequestsReceived.make)
}

/** The requests received, as background work asks of them; none, and none being answered, where none are counted. */
export const requestActivity = Effect.map(
  Effect.serviceOption(RequestsReceived),
  (found): RequestActivity =>
    Option.match(found, { onNone: () => ({ count: () => 0, answering: () => false }), onSome: (requests) => requests })
)
