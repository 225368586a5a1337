/**
 * How many requests the service has received, counted as the server reads each one's head. An engine's background
 * upkeep waits for a pause in them (`FullTextMerging`): a step of it holds the event loop for milliseconds, and a
 * search that waits behind such steps takes twice as long. Without this service (tests, tools), only writes make the
 * upkeep wait.
 */
import { Effect } from "effect"

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
