/**
 * The change hub: every commit of the change feed, in order, once this instance's followers applied it
 * (`LibraryFollowers` publishes it last), saying which assets it created, updated or deleted and which metadata
 * entities (tags, websites, annotations) it changed. The streams consume it. Publishing never waits for subscribers
 * (the PubSub is unbounded); each subscriber bounds its own backlog instead (see `StreamServer`), so a slow one
 * cannot hold up the followers or the others.
 */
import { Effect, PubSub, Queue, type Scope } from "effect"
import type { Commit } from "../domain/Commit.ts"

export class ChangeHub extends Effect.Service<ChangeHub>()("ChangeHub", {
  scoped: Effect.gen(function*() {
    const pubsub = yield* Effect.acquireRelease(PubSub.unbounded<Commit>(), PubSub.shutdown)
    const outages = yield* Effect.acquireRelease(PubSub.unbounded<string>(), PubSub.shutdown)
    let subscribers = 0
    return {
      publish: (commit: Commit): Effect.Effect<void> => Effect.asVoid(PubSub.publish(pubsub, commit)),
      /** The change feed cannot be read (the database is unreachable), for the reason given. */
      outage: (reason: string): Effect.Effect<void> => Effect.asVoid(PubSub.publish(outages, reason)),
      /** Completes with the reason of the next outage announced after this call, for as long as the scope lives. */
      nextOutage: (): Effect.Effect<Effect.Effect<string>, never, Scope.Scope> =>
        Effect.map(PubSub.subscribe(outages), Queue.take),
      /** A queue of every commit published after this call, for as long as the scope lives. */
      subscribe: (): Effect.Effect<Queue.Dequeue<Commit>, never, Scope.Scope> =>
        Effect.acquireRelease(
          Effect.tap(PubSub.subscribe(pubsub), () => Effect.sync(() => subscribers++)),
          () => Effect.sync(() => subscribers--)
        ),
      /** How many subscriptions are open: what the stream tests and the service's stats watch. */
      subscriberCount: (): number => subscribers
    } as const
  })
}) {}
