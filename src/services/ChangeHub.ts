/**
 * The change hub: every commit of the change feed, in order, once this instance's followers applied it
 * (`LibraryFollowers` publishes it last), saying which assets it created, updated or deleted and which metadata
 * entities (tags, websites, annotations) it changed. The streams and the MCP notifications consume it.
 *
 * Two ways to take commits. A subscriber gets a queue of its own, read by a fiber of its own. A follower is a
 * callback that one delivery fiber calls for every commit, follower after follower, in commit order: hundreds of
 * stream connections then cost a call each per commit, not a queue, a fiber and its wake-up each (500 stream
 * clients kept the main thread busy with those). A follower must not wait: it writes or keeps what it cannot write
 * yet (see `StreamServer`). Publishing never waits for either (the PubSub is unbounded), so a slow consumer cannot
 * hold up `LibraryFollowers` or the others.
 */
import { Cause, Context, Effect, Layer, PubSub, type Scope } from "effect"
import type { Commit } from "../domain/Commit.ts"

/** Takes a commit; called by the hub's delivery fiber, so it returns at once (it cannot wait for anything). */
export type Follower = (commit: Commit) => void

/** Commits the delivery fiber takes at a time: a burst is handed on in one wake-up. */
const DELIVERY_BATCH = 64

export class ChangeHub extends Context.Service<ChangeHub>()("ChangeHub", {
  make: Effect.gen(function*() {
    const pubsub = yield* Effect.acquireRelease(PubSub.unbounded<Commit>(), PubSub.shutdown)
    const outages = yield* Effect.acquireRelease(PubSub.unbounded<string>(), PubSub.shutdown)
    /** Subscriptions with a queue of their own; followers are counted by their set. */
    let subscribers = 0
    const followers = new Set<Follower>()

    const delivery = yield* PubSub.subscribe(pubsub)
    yield* Effect.forkScoped(Effect.forever(Effect.gen(function*() {
      const batch = yield* PubSub.takeBetween(delivery, 1, DELIVERY_BATCH)
      // One follower's failure is logged and costs the others nothing.
      const failures: Array<unknown> = []
      for (const commit of batch) {
        for (const follower of followers) {
          try {
            follower(commit)
          } catch (failure) {
            failures.push(failure)
          }
        }
      }
      for (const failure of failures) yield* Effect.logError("A change follower failed", Cause.die(failure))
    })))

    return {
      publish: (commit: Commit): Effect.Effect<void> => Effect.asVoid(PubSub.publish(pubsub, commit)),
      /** The change feed cannot be read (the database is unreachable), for the reason given. */
      outage: (reason: string): Effect.Effect<void> => Effect.asVoid(PubSub.publish(outages, reason)),
      /** Completes with the reason of the next outage announced after this call, for as long as the scope lives. */
      nextOutage: (): Effect.Effect<Effect.Effect<string>, never, Scope.Scope> =>
        Effect.map(PubSub.subscribe(outages), PubSub.take),
      /** A subscription to every commit published after this call, for as long as the scope lives. */
      subscribe: (): Effect.Effect<PubSub.Subscription<Commit>, never, Scope.Scope> =>
        Effect.acquireRelease(
          Effect.tap(PubSub.subscribe(pubsub), () => Effect.sync(() => subscribers++)),
          () => Effect.sync(() => subscribers--)
        ),
      /**
       * Calls `follower` with every commit published after this call, in order, for as long as the scope lives
       * (a commit published just before may come too).
       */
      follow: (follower: Follower): Effect.Effect<void, never, Scope.Scope> =>
        Effect.acquireRelease(
          Effect.sync(() => followers.add(follower)),
          () => Effect.sync(() => followers.delete(follower))
        ),
      /** How many subscriptions and followers are open: what the stream tests and the service's stats watch. */
      subscriberCount: (): number => subscribers + followers.size
    } as const
  })
}) {
  static readonly layer = Layer.effect(ChangeHub, ChangeHub.make)
}
