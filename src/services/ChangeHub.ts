/**
 * The change hub: every committed write publishes exactly one `Commit`, saying which assets it created, updated or
 * deleted and which metadata entities (tags, websites, annotations) it changed, in the order of the commits. The
 * streams consume it. Publishing never waits for subscribers (the PubSub is unbounded); each subscriber bounds its
 * own backlog instead (see `AssetStreams`), so a slow one cannot hold up writers or the others.
 */
import { Data, Effect, PubSub, type Queue, type Scope } from "effect"
import type { Asset } from "../domain/Asset.ts"
import type { MetadataKind } from "../domain/Metadata.ts"

export type AssetChange = Data.TaggedEnum<{
  Created: { readonly asset: Asset }
  Updated: { readonly asset: Asset }
  Deleted: { readonly asset: Asset }
}>
export const AssetChange = Data.taggedEnum<AssetChange>()

/** A metadata entity that was created or changed (its text, or the assets carrying it), or deleted. */
export interface MetadataChange {
  readonly kind: MetadataKind
  readonly id: string
  readonly deleted: boolean
}

/** What one write transaction changed. */
export interface Commit {
  readonly assets: ReadonlyArray<AssetChange>
  readonly metadata: ReadonlyArray<MetadataChange>
}

export class ChangeHub extends Effect.Service<ChangeHub>()("ChangeHub", {
  scoped: Effect.gen(function*() {
    const pubsub = yield* Effect.acquireRelease(PubSub.unbounded<Commit>(), PubSub.shutdown)
    let subscribers = 0
    return {
      publish: (commit: Commit): Effect.Effect<void> => Effect.asVoid(PubSub.publish(pubsub, commit)),
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
