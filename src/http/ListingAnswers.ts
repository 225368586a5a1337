/**
 * A listing (every asset, every id, the trash) is the largest answer the service makes: at 100,000 assets on Deno, five
 * listings of the ids and then the full listing (337 MB) took the process from 232–236 MB to 251–255, what V8 keeps of
 * their pages until its next full collection. So the end of a listing is a moment to give memory back (`MemoryAtRest`),
 * a moment after its last bytes, though requests go on: in the same benchmark the full listing then peaked at 200–202
 * MB, and the listings of the ids took 92 and 148 ms (median of five) against 102–116 without (a request that comes
 * during a collection waits for it).
 */
import { Effect, Option, Stream } from "effect"
import { MemoryAtRest } from "../MemoryAtRest.ts"

/** A listing's pages, followed by the memory's upkeep once they are all sent; as they are where it has none. */
export const listingAnswers = Effect.map(
  Effect.serviceOption(MemoryAtRest),
  (memory) => <A, E, R>(pages: Stream.Stream<A, E, R>): Stream.Stream<A, E, R> =>
    Option.match(memory, {
      onNone: () => pages,
      onSome: ({ giveBackAfterListing }) => Stream.ensuring(pages, giveBackAfterListing)
    })
)
