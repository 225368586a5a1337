/**
 * A listing (every asset, every id, the trash) is the largest answer the service makes: at 100,000 assets on Deno,
 * five listings of the ids and then the full listing (337 MB) took the process from 231 MB to 251–255, what V8 keeps
 * of their pages until its next full collection. So the end of a listing is a moment to give memory back
 * (`MemoryAtRest`), a moment after its last bytes, while requests go on: in the same run the full listing's peak was
 * 200 MB, the median listing of the ids 148 ms against 102–116 (one of them waited for a collection).
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
