/**
 * `ChangeFeed` within one process, for SQLite, where one service writes a database file (`InstanceLock`): commits
 * are numbered as the single writer appends them, and delivered through a PubSub once their transaction committed.
 * A rolled-back transaction's numbers are never delivered: followers see gaps, never a commit that did not happen.
 */
import { Effect, Layer, PubSub, Stream } from "effect"
import type { FeedEntry } from "../../domain/Commit.ts"
import { ChangeFeed } from "../ChangeFeed.ts"

export const layer = Layer.effect(
  ChangeFeed,
  Effect.gen(function*() {
    const committed = yield* Effect.acquireRelease(PubSub.unbounded<FeedEntry>(), PubSub.shutdown)
    let last = 0
    return ChangeFeed.of({
      append: (commits) => Effect.sync(() => commits.map(() => ++last)),
      committed: (entries) => Effect.asVoid(PubSub.publishAll(committed, entries)),
      head: Effect.sync(() => last),
      follow: (after) =>
        Effect.map(
          PubSub.subscribe(committed),
          (subscription) => Stream.fromSubscription(subscription).pipe(Stream.filter((entry) => entry.seq > after))
        ),
      // Nothing is kept: each entry lives as long as a follower has not taken it.
      compact: Effect.void
    })
  })
)
