/**
 * A listing (every asset, every id, the trash) is the largest answer the service makes, and V8 keeps what its pages
 * left until its next full collection. So the end of a listing is a moment to give memory back (`MemoryAtRest`), a
 * moment after its last bytes, though requests go on (one that comes during the collection waits for it).
 */
import { Effect, Option, Stream } from "effect"
import { MemoryAtRest } from "../runtime/MemoryAtRest.ts"

/** A listing's pages, followed by the memory's upkeep once they are all sent; as they are where it has none. */
export const listingAnswers = Effect.map(
  Effect.serviceOption(MemoryAtRest),
  (memory) => <A, E, R>(pages: Stream.Stream<A, E, R>): Stream.Stream<A, E, R> =>
    Option.match(memory, {
      onNone: () => pages,
      onSome: ({ giveBackAfterListing }) => Stream.ensuring(pages, giveBackAfterListing)
    })
)
