/**
 * The storage port of the change feed: every committed write's `Commit`, numbered in commit order, for the
 * followers of every instance (`LibraryFollowers`). A commit joins the feed inside its write transaction, so it is
 * there if and only if the write committed. On SQLite the feed lives in the process (one instance per file); on
 * PostgreSQL it is an outbox table written in the transaction, with a notification that wakes the other instances,
 * which read it from where they are (a notification lost costs a delay, never a commit).
 */
import { Context, type Effect, type Scope, type Stream } from "effect"
import type { Commit, FeedEntry, FeedEvent } from "../domain/Commit.ts"

export interface ChangeFeedShape {
  /**
   * Last inside a write transaction: its commits join the feed when it commits, after every commit of every
   * transaction that committed before it; answers their numbers, in order.
   */
  readonly append: (commits: ReadonlyArray<Commit>) => Effect.Effect<ReadonlyArray<number>>
  /** After the transaction committed: these entries, appended in it, may be delivered to this instance at once. */
  readonly committed: (entries: ReadonlyArray<FeedEntry>) => Effect.Effect<void>
  /** The number of the last commit in the feed now: a follower that reads the library's state now starts there. */
  readonly head: Effect.Effect<number>
  /**
   * Every entry after `after`, in order, for as long as the scope lives, starting from the moment of the call (none
   * committed from then on is missed); while the storage cannot be read, an outage once, then the entries again
   * from where they stopped.
   */
  readonly follow: (after: number) => Effect.Effect<Stream.Stream<FeedEvent>, never, Scope.Scope>
  /** Drops the entries every follower read long ago (run by one instance at a time). */
  readonly compact: Effect.Effect<void>
}

export class ChangeFeed extends Context.Service<ChangeFeed, ChangeFeedShape>()("ChangeFeed") {}
