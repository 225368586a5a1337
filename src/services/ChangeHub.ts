/**
 * The change hub: every committed write to an asset publishes exactly one `AssetChange`, which the streams and
 * in-memory indexes consume. Publishing never waits for subscribers (the PubSub is unbounded); each subscriber
 * bounds its own backlog instead (see `AssetStreams`), so a slow one cannot hold up writers or the others.
 */
import { Data, Effect, PubSub, type Queue, type Scope } from "effect"
import type { Asset } from "../domain/Asset.ts"

export type AssetChange = Data.TaggedEnum<{
  Created: { readonly asset: Asset }
  Updated: { readonly asset: Asset }
  Deleted: { readonly asset: Asset }
}>
export const AssetChange = Data.taggedEnum<AssetChange>()

export class ChangeHub extends Effect.Service<ChangeHub>()("ChangeHub", {
  scoped: Effect.gen(function*() {
    const pubsub = yield* Effect.acquireRelease(PubSub.unbounded<AssetChange>(), PubSub.shutdown)
    let subscribers = 0
    return {
      publish: (change: AssetChange): Effect.Effect<void> => Effect.asVoid(PubSub.publish(pubsub, change)),
      /** A queue of every change published after this call, for as long as the scope lives. */
      subscribe: (): Effect.Effect<Queue.Dequeue<AssetChange>, never, Scope.Scope> =>
        Effect.acquireRelease(
          Effect.tap(PubSub.subscribe(pubsub), () => Effect.sync(() => subscribers++)),
          () => Effect.sync(() => subscribers--)
        ),
      /** How many subscriptions are open: what the stream tests and the service's stats watch. */
      subscriberCount: (): number => subscribers
    } as const
  })
}) {}
