/**
 * Write requests on their way to the commit path: received (their head read), their bodies still being read,
 * decoded and prepared. The commit path waits a moment for them before it starts a transaction (`Commits`), so that
 * writes sent together by several clients share it and its cost, as they cannot when each reaches the commit path
 * only after the previous transaction ran (clients opening a connection per request, say). A request counts from
 * when the server reads its head until it reaches a commit or ends without one (a refusal, a search sent by POST).
 */
import { Context, Effect, Layer } from "effect"

/** One request's place in the count: given up once, when it reaches a commit or ends. */
export interface PlaceOnTheWay {
  counted: boolean
}

/** The place of the request a fiber is handling, if any. */
const CurrentPlace = Context.Reference<PlaceOnTheWay | undefined>("WritesOnTheWay/CurrentPlace", {
  defaultValue: () => undefined
})

export class WritesOnTheWay extends Context.Service<WritesOnTheWay>()("WritesOnTheWay", {
  make: Effect.sync(() => {
    let count = 0
    const giveUp = (place: PlaceOnTheWay | undefined) => {
      if (place === undefined || !place.counted) return
      place.counted = false
      count--
    }
    return {
      /** How many write requests are on their way. */
      count: (): number => count,
      /** A write request received: counted until `ended` or until its handling (`within`) reaches a commit. */
      received: (): PlaceOnTheWay => {
        count++
        return { counted: true }
      },
      ended: giveUp,
      /** Runs the handling of the request holding `place`. */
      within: <A, E, R>(place: PlaceOnTheWay, handling: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
        Effect.provideService(handling, CurrentPlace, place),
      /** The running request (if any) reached the commit path. */
      arrived: Effect.map(Effect.service(CurrentPlace), giveUp)
    } as const
  })
}) {
  static readonly layer = Layer.effect(WritesOnTheWay, WritesOnTheWay.make)
}
