/**
 * How many requests the service has received, counted as the server reads each one's head. Background work waits for
 * a pause in them (`FullTextMerging`'s merge steps, `LibraryFollowers`' snapshots): each holds the event loop, and a
 * request that comes meanwhile waits behind it. Without this service (tests, tools), nothing counts requests.
 */
import { Effect, Option } from "effect"

export class RequestsReceived extends Effect.Service<RequestsReceived>()("RequestsReceived", {
  sync: () => {
    let count = 0
    return {
      count: (): number => count,
      received: (): void => {
        count++
      }
    } as const
  }
}) {}

/** How many requests were received so far, as a function to call when asked; always 0 where none are counted. */
export const requestsSoFar = Effect.map(
  Effect.serviceOption(RequestsReceived),
  (found): (() => number) => Option.match(found, { onNone: () => () => 0, onSome: (requests) => requests.count })
)
