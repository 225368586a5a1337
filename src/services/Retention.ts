/**
 * The library's retention, at start-up and then hourly, each job on one instance at a time (`WriterLock.exclusive`)
 * and through the commit path:
 * - the trash: assets deleted more than `TRASH_DAYS` ago are purged;
 * - tracked events: they feed interaction scores as they arrive and are kept afterwards only for what a user may want
 *   to look back on, so the newest `KEPT_EVENTS` of the last `KEPT_DAYS` days stay (kept forever, they would grow
 *   without bound);
 * - the change feed: commits every follower read long ago.
 */
import { Context, Effect, Layer, Schedule } from "effect"
import { TrashConfig } from "../config.ts"
import { ChangeFeed } from "../storage/ChangeFeed.ts"
import { ConnectorStore } from "../storage/ConnectorStore.ts"
import { WriterLock } from "../storage/WriterLock.ts"
import { Commits } from "./Commits.ts"

export const KEPT_DAYS = 90
export const KEPT_EVENTS = 100_000

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString()

export class Retention extends Context.Service<Retention>()("Retention", {
  make: Effect.gen(function*() {
    const commits = yield* Commits
    const store = yield* ConnectorStore
    return {
      /** Purges the assets deleted more than `days` ago; answers how many. */
      purgeExpiredTrash: (days: number) => commits.commit((tx) => tx.purgeDeletedBefore(daysAgo(days))),
      /** Prunes the tracked events older than the kept days, or beyond the kept count. */
      pruneTrackingEvents: (kept = { days: KEPT_DAYS, events: KEPT_EVENTS }) =>
        commits.commit(() => store.pruneEvents(daysAgo(kept.days), kept.events))
    } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(Retention, Retention.make)
  static readonly layer = Retention.layerNoDeps.pipe(Layer.provide([Commits.layer]))
}

/** Runs both jobs at start-up and every hour while the service runs. */
export const RetentionSchedule = Layer.effectDiscard(Effect.gen(function*() {
  const { days } = yield* Effect.orDie(TrashConfig)
  const retention = yield* Retention
  const lock = yield* WriterLock
  const feed = yield* ChangeFeed
  const jobs = Effect.all([
    lock.exclusive("trash-retention", Effect.asVoid(retention.purgeExpiredTrash(days))),
    lock.exclusive("tracking-retention", retention.pruneTrackingEvents()),
    lock.exclusive("change-feed-retention", feed.compact)
  ], { discard: true })
  yield* Effect.forkScoped(Effect.repeat(jobs, Schedule.spaced("1 hour")))
})).pipe(Layer.provide(Retention.layer))
