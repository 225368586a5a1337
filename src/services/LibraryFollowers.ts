/**
 * The followers of the change feed on this instance: the in-memory search index, the known applications, the
 * intentions and the change hub that feeds the WebSocket streams. They subscribe to the feed first, then load what
 * they hold from the database, then apply every commit after the feed's head at subscription, in order, one at a
 * time (a commit that the loaded state already holds is applied again harmlessly: each follower converges on the
 * last state). The hub hears of a commit last, so that a client told of a change by a stream finds it here. A
 * write is answered once its commit was applied here (`reached`). Where the engine keeps a snapshot of the search
 * index (`SearchIndexSnapshots`), the index is read back from the one kept last, with the rows written since then
 * (after a crash) read again, instead of loaded; a new one is kept when this service stops having applied a commit
 * since the last one was kept or read back, and in a quiet moment once many were (or none stands). When a burst of
 * commits ends, memory is given back (`MemoryAtRest`).
 */
import { Context, Deferred, Duration, Effect, Layer, Option, Schedule, Stream } from "effect"
import { type FeedEntry, type FeedEvent, isOutage } from "../domain/Commit.ts"
import { facetsOf, searchableText } from "../domain/SearchableText.ts"
import { MemoryAtRest } from "../runtime/MemoryAtRest.ts"
import { ChangeFeed } from "../storage/ChangeFeed.ts"
import { requestActivity } from "../storage/RequestsReceived.ts"
import { SearchIndexSnapshots } from "../storage/SearchIndexSnapshots.ts"
import { ChangeHub } from "./ChangeHub.ts"
import { IntentionIndex } from "./IntentionIndex.ts"
import { KnownApplications } from "./KnownApplications.ts"
import { SearchIndex } from "./SearchIndex.ts"

/** How long a stop waits for the last commits to be applied before it keeps the index's snapshot (or none). */
const SNAPSHOT_WAIT = "1 second"
/**
 * Commits applied since the snapshot was kept (rows read again, after a start that read one back) past which a quiet
 * moment keeps a new one: a start after a crash reads every row they changed again, by runs of consecutive rows, and
 * rebuilds the whole index past 500 runs, which takes a few times longer. Keeping one holds the writes and the event
 * loop while the index's bytes are made and written: rarely, and only when nothing came for seconds.
 */
const KEEP_AFTER_COMMITS = 200
/**
 * How often the service looks for a quiet moment: no commit applied and no request received since the last look, and
 * none being answered.
 */
const QUIET_LOOK = "5 seconds"
/**
 * How often the follower looks for the end of a burst of commits (saves here, or on another instance over the same
 * database): a look with none applied since the last, after one with some. What applying them left behind is given
 * back then (`MemoryAtRest`), though reads go on: searches that follow a burst at once would never leave a quiet
 * moment. Looked for every second, it comes before the searches that follow a burst have grown the process further.
 */
const BURST_LOOK = "1 second"

export class LibraryFollowers extends Context.Service<LibraryFollowers>()("LibraryFollowers", {
  make: Effect.gen(function*() {
    const feed = yield* ChangeFeed
    const search = yield* SearchIndex
    const applications = yield* KnownApplications
    const intentions = yield* IntentionIndex
    const hub = yield* ChangeHub
    const snapshots = yield* Effect.serviceOption(SearchIndexSnapshots)
    const requests = yield* requestActivity
    const memory = yield* Effect.serviceOption(MemoryAtRest)

    const head = yield* feed.head
    const entries = yield* feed.follow(head)
    const kept = Option.isSome(snapshots) ? yield* snapshots.value.takeBack : Option.none()
    const restored = Option.isSome(kept) && (yield* search.restore(kept.value))
    // A snapshot that could not be used stands no more: writes stop recording their rows until the next stop.
    if (Option.isSome(snapshots) && Option.isSome(kept) && !restored) yield* snapshots.value.forget
    if (restored) yield* Effect.logDebug(`Search index read back from its snapshot, ${kept.value.changedRows.length} rows written since`)
    else yield* search.load
    yield* intentions.load

    /** The number of the last commit the index holds: every one up to the feed's head is in what was loaded. */
    let applied = head
    /** Commits applied since a snapshot was kept; with none standing, enough for the next quiet moment to keep one. */
    let sinceKept = restored && Option.isSome(kept) ? kept.value.changedRows.length : KEEP_AFTER_COMMITS
    /** Callers waiting for a commit to be applied, by its number. */
    const waiting = new Map<number, Array<Deferred.Deferred<void>>>()

    const apply = Effect.fn("LibraryFollowers.apply")(function*({ seq, commit }: FeedEntry) {
      for (const change of commit.assets) {
        if (change.before !== undefined) search.forget(change.before)
        if (change._tag !== "Deleted") {
          const text = searchableText(change.asset)
          search.remember(change.row, text, facetsOf(change.asset, text, change.row))
        }
      }
      for (const application of commit.applications) applications.remember(application)
      for (const intention of commit.intentions) intentions.remember(intention.applicationId, intention.code)
      yield* hub.publish(commit)
      applied = seq
      sinceKept++
      for (const [waited, deferreds] of waiting) {
        if (waited > seq) continue
        waiting.delete(waited)
        for (const deferred of deferreds) yield* Deferred.succeed(deferred, undefined)
      }
    })

    /** An outage: the streams close (1011) so that clients reconnect for a fresh state once it is over. */
    const follow = (event: FeedEvent) => isOutage(event) ? hub.outage(event.outage) : apply(event)

    yield* Effect.forkScoped(Stream.runForEach(entries, follow))

    /** Completes once the commit numbered `seq` (and every one before it) was applied on this instance. */
    const reached = (seq: number): Effect.Effect<void> =>
      Effect.suspend(() => {
        if (applied >= seq) return Effect.void
        // Registered in the same step as the check: the follower cannot apply the commit in between.
        const deferred = Deferred.makeUnsafe<void>()
        const list = waiting.get(seq)
        if (list === undefined) waiting.set(seq, [deferred])
        else list.push(deferred)
        return Deferred.await(deferred)
      })

    if (Option.isSome(memory)) {
      const giveBack = memory.value.giveBackIfGrown
      let seenApplied = applied
      let appliedBefore = false
      const lookForBurstEnd = Effect.suspend(() => {
        const ended = appliedBefore && applied === seenApplied
        appliedBefore = applied !== seenApplied
        seenApplied = applied
        return ended ? giveBack : Effect.void
      })
      yield* Effect.forkScoped(Effect.schedule(lookForBurstEnd, Schedule.spaced(BURST_LOOK)))
    }

    if (Option.isSome(snapshots)) {
      const store = snapshots.value
      /** The index's bytes, if it holds every commit of the feed (the store evaluates it where none can commit). */
      const caughtUpSnapshot = Effect.map(
        feed.head,
        (head) => applied >= head ? Option.some(search.snapshot()) : Option.none<ReadonlyArray<Uint8Array>>()
      )
      const keep = Effect.timed(store.keep(caughtUpSnapshot)).pipe(
        Effect.flatMap(([took, kept]) => {
          if (!kept) return Effect.void
          sinceKept = 0
          return Effect.logDebug(`Kept the search index's snapshot in ${Duration.toMillis(took).toFixed(0)} ms`)
        })
      )

      /**
       * A snapshot's bytes are made whole in memory (tens of megabytes for a large library): what the writes since the last
       * full collection left is given back first, so that they do not come on top of it.
       */
      const roomFirst = Option.match(memory, { onNone: () => Effect.void, onSome: (at) => at.giveBackIfGrown })
      let seen = { applied: -1, requests: -1 }
      const lookForQuiet = Effect.suspend(() => {
        const now = { applied, requests: requests.count() }
        const quiet = now.applied === seen.applied && now.requests === seen.requests && !requests.answering()
        seen = now
        return quiet && sinceKept >= KEEP_AFTER_COMMITS ? Effect.andThen(roomFirst, keep) : Effect.void
      })
      yield* Effect.forkScoped(Effect.schedule(lookForQuiet, Schedule.spaced(QUIET_LOOK)))

      // Runs before the follower stops (finalizers run last first), and after the commit path stopped: it is built
      // on this service, so it is released first, and no write can follow.
      yield* Effect.addFinalizer(() =>
        Effect.gen(function*() {
          // A finalizer is uninterruptible: the wait must be made interruptible for the timeout to end it.
          const caughtUp = yield* reached(yield* feed.head).pipe(
            Effect.interruptible,
            Effect.timeout(SNAPSHOT_WAIT),
            Effect.option
          )
          // Nothing applied since the snapshot standing was kept or read back: it is the index, and keeping it again
          // would only hold every write (on PostgreSQL, every instance's) for as long.
          if (Option.isSome(caughtUp) && sinceKept > 0) yield* keep
        })
      )
    }

    return {
      reached,
      /** The number of the last commit applied here. */
      applied: (): number => applied
    } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(LibraryFollowers, LibraryFollowers.make)
  static readonly layer = LibraryFollowers.layerNoDeps.pipe(
    Layer.provide([ChangeHub.layer, IntentionIndex.layer, KnownApplications.layer, SearchIndex.layer])
  )
}
