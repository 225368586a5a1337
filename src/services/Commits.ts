/**
 * The one commit path. Every write (create, edit, reclassification, content, tags, websites, annotations,
 * interactions, delete, the trash, applications, intentions, tracked events, proposals) is a function of a
 * `Transaction`, run by `commit` in one transaction (`WriterLock`, which locks what the write changes). The snippets
 * it changed get their revisions in that transaction, by the actor the write was made for (`CurrentActor`, read where
 * `commit` is called: `RevisionsOfCommit`); what it changed joins the change
 * feed as one `Commit` last inside that transaction, so the feed holds a commit if and only if it committed, numbered
 * in commit order across every instance (and, where the engine keeps a snapshot of the search index, the search rows
 * it changed are recorded in it too). The in-memory indexes and the streams follow the feed (`LibraryFollowers`),
 * not this path: a write is answered once this instance's followers applied it (read-your-writes), and a caller that
 * stops waiting (a client that disconnected) can no longer leave a committed write unindexed or unannounced.
 *
 * Writes take turns in as many fibers as the engine lets write at once (one on SQLite); writes that arrive together
 * share one transaction (group commit); a write that fails changes nothing and takes no other write with it; no write
 * is answered before its transaction committed.
 */
import { Cause, Clock, Context, Data, Deferred, Effect, Exit, Layer, Option, Queue } from "effect"
import type { AssetDeleted, AssetNotFound, AssetNotInTrash } from "../domain/Errors.ts"
import type { Application } from "../domain/Application.ts"
import type { Asset } from "../domain/Asset.ts"
import type { Actor } from "../domain/Revision.ts"
import { markDeleted } from "../domain/AssetBuilder.ts"
import type { CodeFingerprint } from "../domain/CodeFingerprint.ts"
import {
  AssetChange,
  type Commit,
  type FeedEntry,
  type IntentionAdded,
  type ProposalChange,
  isEmptyCommit,
  type MetadataChange
} from "../domain/Commit.ts"
import type { AssetId } from "../domain/Common.ts"
import type { MetadataKind } from "../domain/Metadata.ts"
import { timestamp } from "../domain/Timestamps.ts"
import { ChangeFeed } from "../storage/ChangeFeed.ts"
import { SearchIndexSnapshots } from "../storage/SearchIndexSnapshots.ts"
import { isStorageOutage } from "../storage/StorageOutage.ts"
import { WriterLock } from "../storage/WriterLock.ts"
import { HistoryStore } from "../storage/HistoryStore.ts"
import { RevisionsOfCommit } from "./RevisionsOfCommit.ts"
import { CurrentActor } from "./CurrentActor.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { AssetWrites, type WrittenAsset } from "./AssetWrites.ts"
import { LibraryFollowers } from "./LibraryFollowers.ts"
import { WritesOnTheWay } from "./WritesOnTheWay.ts"

/**
 * What a write may do inside its transaction. Asset changes go through it; other rows through the storage ports,
 * whose statements run in the same transaction, with what changed said here so that followers hear of it.
 */
export interface Transaction {
  /** Stores a new asset (its metadata adopted); `fingerprint`, when given, must be of its code. */
  readonly create: (asset: Asset, fingerprint?: CodeFingerprint) => Effect.Effect<Asset>
  /** Stores an asset straight into the trash, deleted at `deleted` (a backup's trashed asset). */
  readonly createTrashed: (asset: Asset, deleted: string) => Effect.Effect<void>
  /**
   * Changes a live asset (404 when it never existed, 410 when it was deleted); answers its stored state. An edit that
   * changes nothing writes and announces nothing.
   */
  readonly edit: (id: AssetId, change: (asset: Asset) => Asset) => Effect.Effect<Asset, AssetNotFound | AssetDeleted>
  /** Deletes a live asset: it goes to the trash as it was, with the time of deletion; nothing finds it any more. */
  readonly remove: (id: AssetId) => Effect.Effect<Asset, AssetNotFound | AssetDeleted>
  /** Brings an asset back from the trash as it was when deleted; announced as a create. */
  readonly restore: (id: AssetId) => Effect.Effect<Asset, AssetNotFound | AssetNotInTrash>
  /** Takes this asset out of the trash for good. */
  readonly purge: (id: AssetId) => Effect.Effect<void, AssetNotFound | AssetNotInTrash>
  /** Takes every asset deleted before `before` (ISO time) out of the trash for good; answers how many. */
  readonly purgeDeletedBefore: (before: string) => Effect.Effect<number>
  /** Announces a change of a metadata entity written through `MetadataStore` (its text, say, or its deletion). */
  readonly entityChanged: (kind: MetadataKind, id: string, deleted?: boolean) => void
  /** Announces an application registered or changed through `ConnectorStore`. */
  readonly applicationChanged: (application: Application) => void
  /** Announces an intention stored through `ConnectorStore`. */
  readonly intentionAdded: (intention: IntentionAdded) => void
  /** Announces a proposal stored or dropped through `HistoryStore`. */
  readonly proposalChanged: (id: string, asset: string, deleted?: boolean) => void
  /**
   * Says that this write restores the asset (as it is now) to its revision `number`: its revision is `reverted`, and
   * is recorded even when the asset was as that revision already.
   */
  readonly revertedTo: (asset: Asset, number: number) => void
  /** Says that the asset's history comes with it (a backup's), written through `HistoryStore`: none is recorded. */
  readonly historySupplied: (id: AssetId) => void
}

/** A write failed inside a shared transaction: the transaction rolls back (its outcome is kept by its caller). */
class WriteFailed extends Data.TaggedError("WriteFailed") {}

/** Whether a transaction ended because a write failed (rather than failing to commit). */
const wroteFailure = (cause: Cause.Cause<unknown>) => Option.isSome(Cause.findErrorOption(cause))

/** Writes one transaction holds at most. */
const BATCH_LIMIT = 64
/** How long one transaction of writes may run before it commits: the writes of every instance wait for it. */
const BATCH_MILLIS = 25

/**
 * How long a transaction waits for write requests on their way (`WritesOnTheWay`) before it starts, so that writes
 * sent together share a transaction; a lone one waits for none. Clients creating over new connections share larger
 * transactions with a longer wait, and fill faster for less CPU per create (`BENCH_CASE=versions npm run bench:scale`).
 */
const COMPANY_MILLIS = 6

/** Lets requests already received reach the queue before a batch is taken: I/O callbacks run first. */
const nextTurnOfEventLoop = Effect.callback<void>((resume) => {
  setImmediate(() => resume(Effect.void))
})

export class Commits extends Context.Service<Commits>()("Commits", {
  make: Effect.gen(function*() {
    const lock = yield* WriterLock
    const feed = yield* ChangeFeed
    const snapshots = yield* Effect.serviceOption(SearchIndexSnapshots)
    const followers = yield* LibraryFollowers
    const writes = yield* AssetWrites
    const repository = yield* AssetRepository
    const onTheWay = yield* WritesOnTheWay
    const history = yield* HistoryStore
    // Run inside a transaction, the repository's reads see what it wrote so far, and lock what they read to change.
    const live = repository.getForWrite

    /** A transaction's record of what one write changed, which becomes its `Commit`. */
    const makeTransaction = (actor: Actor) => {
      const revisions = new RevisionsOfCommit()
      const assets = new Map<string, AssetChange>()
      const entities = new Map<string, MetadataChange>()
      const applications = new Map<string, Application>()
      const intentions: Array<IntentionAdded> = []
      const proposals = new Map<string, ProposalChange>()

      const entityChanged = (kind: MetadataKind, id: string, deleted = false) => {
        if (entities.get(id)?.deleted !== true) entities.set(id, { kind, id, deleted })
      }

      const record = (tag: AssetChange["_tag"], written: WrittenAsset) => {
        const id = written.asset.id
        const earlier = assets.get(id)
        // Followers still hold what they held before the first change; an asset created and then edited in one
        // transaction is, to everyone outside it, created.
        const before = earlier === undefined ? written.before : earlier.before
        const change = { asset: written.asset, row: written.row, before }
        assets.set(
          id,
          earlier?._tag === "Created" && tag === "Updated" ? AssetChange.Created(change) : AssetChange[tag](change)
        )
        for (const { kind, id } of written.touched.registered) entityChanged(kind, id)
        // Entities carried by more or fewer assets changed too (their `assets`).
        for (const { kind, id } of written.touched.relinked) if (!entities.has(id)) entityChanged(kind, id)
        return written.asset
      }

      const transaction: Transaction = {
        create: (asset, fingerprint) =>
          Effect.map(writes.insert(asset, fingerprint), (written) => {
            revisions.changed(undefined, written.asset, "created")
            return record("Created", written)
          }),
        createTrashed: (asset, deleted) =>
          Effect.map(writes.insertTrashed(asset, deleted), () => revisions.changed(undefined, asset, "created")),
        edit: Effect.fn("Commits.edit")(function*(id, change) {
          const asset = yield* live(id)
          const next = change(asset)
          if (JSON.stringify(next) === JSON.stringify(asset)) return asset
          revisions.changed(asset, next, "edited")
          return record("Updated", yield* writes.replace(asset, next))
        }),
        remove: Effect.fn("Commits.remove")(function*(id) {
          const asset = yield* live(id)
          revisions.changed(asset, asset, "deleted")
          return record("Deleted", yield* writes.remove(asset, markDeleted(asset, timestamp(new Date()))))
        }),
        restore: (id) =>
          Effect.flatMap(repository.trashed(id), (asset) => {
            revisions.changed(asset, asset, "restored")
            return Effect.map(writes.restore(asset), (written) => record("Created", written))
          }),
        // A snippet purged takes its history with it.
        purge: (id) =>
          Effect.andThen(repository.trashed(id), Effect.andThen(history.purge({ id }), Effect.asVoid(writes.purge({ id })))),
        purgeDeletedBefore: (before) => Effect.andThen(history.purge({ before }), writes.purge({ before })),
        entityChanged,
        applicationChanged: (application) => void applications.set(application.id, application),
        intentionAdded: (intention) => void intentions.push(intention),
        proposalChanged: (id, asset, deleted = false) => void proposals.set(id, { id, asset, deleted }),
        revertedTo: (asset, number) => revisions.revertedTo(asset, number),
        historySupplied: (id) => revisions.supplied(id)
      }

      /**
       * What the write changed, as its commit (none when it changed nothing), once the revisions of the snippets it
       * changed are written.
       */
      const settle = Effect.gen(function*() {
        yield* revisions.write(history, actor)
        const commit: Commit = {
          assets: [...assets.values()],
          metadata: [...entities.values()],
          applications: [...applications.values()],
          intentions,
          proposals: [...proposals.values()]
        }
        return isEmptyCommit(commit) ? undefined : commit
      })

      return { transaction, settle }
    }

    /** A write waiting for its turn: its attempt inside a transaction, and how to answer its caller. */
    interface Pending {
      /** The write, inside the running transaction: answers its commit (none: it changed nothing), or fails. */
      readonly attempt: Effect.Effect<Commit | undefined, WriteFailed>
      /**
       * Answers the caller with its write's outcome and its commit's number once the transaction that ran it ended as
       * it should, or with the cause of the failure when that transaction could not commit.
       */
      readonly answer: (result: { readonly seq?: number | undefined } | Cause.Cause<unknown>) => Effect.Effect<void>
    }
    const waiting = yield* Queue.unbounded<Pending>()

    /**
     * Writes whose transaction failed to commit: their callers get a defect (nothing was acknowledged), which says
     * why (the database unreachable answers 503).
     */
    const unsettled = (batch: ReadonlyArray<Pending>, cause: Cause.Cause<unknown>) =>
      Effect.andThen(
        Effect.forEach(batch, (pending) => pending.answer(cause), { discard: true }),
        isStorageOutage(Cause.squash(cause))
          ? Effect.logWarning("A transaction of writes failed: the database is unavailable")
          : Effect.logError("A transaction of writes failed to commit", cause)
      )

    /**
     * The writes of `batch` in one transaction, as many as fit in `BATCH_MILLIS` (the transaction holds what it
     * wrote: other writes of the same assets wait for it); their commits join the feed last in it, in order. Answers
     * how many ran, with each one's feed entry (none for a write that changed nothing).
     */
    const transactionOf = (batch: ReadonlyArray<Pending>) =>
      lock.transaction(Effect.gen(function*() {
        const started = Date.now()
        const commits: Array<Commit | undefined> = []
        while (commits.length < batch.length && (commits.length === 0 || Date.now() - started < BATCH_MILLIS)) {
          commits.push(yield* batch[commits.length].attempt)
        }
        const appended = commits.filter((commit) => commit !== undefined)
        const seqs = appended.length === 0 ? [] : yield* feed.append(appended)
        if (Option.isSome(snapshots)) yield* snapshots.value.changed(appended)
        let next = 0
        return commits.map((commit): FeedEntry | undefined =>
          commit === undefined ? undefined : { seq: seqs[next++], commit }
        )
      }))

    /**
     * Writes that arrived together, in one transaction (group commit); answers the writes left for the next one.
     * Once it committed, its commits are delivered to this instance's followers in order, and every caller is
     * answered. When one of them fails, the whole transaction rolls back and each write runs again alone (writes are
     * descriptions, run again on the state they would have met), so that a failing write changes nothing and takes
     * no other with it.
     */
    const runBatch: (batch: ReadonlyArray<Pending>) => Effect.Effect<ReadonlyArray<Pending>> = Effect.fn(
      "Commits.runBatch"
    )(function*(batch) {
      const outcome = yield* Effect.exit(transactionOf(batch))
      if (Exit.isFailure(outcome)) {
        // A transaction that failed for no write's refusal: alone, or with the database unavailable, its writes are
        // answered with that failure; otherwise each runs again alone, so that one write's defect takes no other.
        if (!wroteFailure(outcome.cause)) {
          if (batch.length > 1 && !isStorageOutage(Cause.squash(outcome.cause))) {
            yield* Effect.forEach(batch, (pending) => runBatch([pending]), { discard: true })
            return []
          }
          yield* unsettled(batch, outcome.cause)
          return []
        }
        // A write refused: alone, it rolls back alone (and answers its refusal); the others commit.
        if (batch.length === 1) {
          yield* batch[0].answer({})
          return []
        }
        yield* Effect.forEach(batch, (pending) => runBatch([pending]), { discard: true })
        return []
      }
      const entries = outcome.value
      yield* feed.committed(entries.filter((entry) => entry !== undefined))
      yield* Effect.forEach(entries, (entry, i) => batch[i].answer({ seq: entry?.seq }), { discard: true })
      return batch.slice(entries.length)
    })

    /**
     * Lets a turn of the event loop read what arrived (a turn taken from inside its I/O phase reads nothing new),
     * then waits (up to `COMPANY_MILLIS`) while write requests are on their way, so that they join the transaction.
     */
    const company = Effect.gen(function*() {
      const until = (yield* Clock.currentTimeMillis) + COMPANY_MILLIS
      let queued = yield* Queue.size(waiting)
      while (true) {
        yield* nextTurnOfEventLoop
        const before = queued
        queued = yield* Queue.size(waiting)
        const coming = onTheWay.count() > 0 || queued > before
        if (!coming || queued >= BATCH_LIMIT || (yield* Clock.currentTimeMillis) >= until) return
      }
    })

    /** Up to `max` of the writes waiting, without waiting for any (`Queue.takeBetween` with a minimum of 0 takes none). */
    const queuedUpTo = (max: number) =>
      Effect.flatMap(Queue.size(waiting), (queued) =>
        queued === 0 || max <= 0 ? Effect.succeed([]) : Queue.takeBetween(waiting, 1, max))

    // Writes take turns in fibers of their own (as many as the engine lets write at once: one on SQLite): a batch is
    // whatever queued while the previous one ran, and the writes on their way then (one, when writes are rare), so
    // concurrent writes share a transaction and its cost, and a lone one waits for no company.
    const writer = Effect.gen(function*() {
      let left: ReadonlyArray<Pending> = []
      while (true) {
        const first = left.length > 0 ? [] : [yield* Queue.take(waiting)]
        if (left.length === 0) yield* Effect.andThen(nextTurnOfEventLoop, company)
        const rest = yield* queuedUpTo(BATCH_LIMIT - left.length - first.length)
        left = yield* Effect.uninterruptible(runBatch([...left, ...first, ...rest]))
      }
    })
    for (let i = 0; i < lock.concurrentWriters; i++) yield* Effect.forkScoped(writer)

    /**
     * Runs `write` in a transaction; all of it, or (when `write` fails) nothing. Answers once the transaction committed
     * and this instance's followers applied it: a success is durable, found by search and announced on the streams.
     */
    const commit = <A, E>(write: (tx: Transaction) => Effect.Effect<A, E>): Effect.Effect<A, E> =>
      Effect.gen(function*() {
        const done = yield* Deferred.make<{ readonly value: A; readonly seq: number | undefined }, E>()
        let outcome: Exit.Exit<A, E> | undefined
        const actor = yield* CurrentActor
        const attempt = Effect.gen(function*() {
          const { transaction, settle } = makeTransaction(actor)
          outcome = yield* Effect.exit(write(transaction))
          if (Exit.isFailure(outcome)) {
            // A refusal rolls the transaction back; a defect (a statement the database refused, say: a deadlock, a
            // key another transaction took first) ends it as it is, for the engine to run it again if it may.
            if (Option.isSome(Cause.findErrorOption(outcome.cause))) return yield* new WriteFailed()
            return yield* Effect.failCause(outcome.cause as Cause.Cause<never>)
          }
          return yield* settle
        })
        const answer = (result: { readonly seq?: number | undefined } | Cause.Cause<unknown>) =>
          Deferred.done(
            done,
            Cause.isCause(result)
              ? Exit.die(Cause.squash(result))
              : outcome === undefined
              ? Exit.die(new Error("A write was answered before it ran"))
              : Exit.map(outcome, (value) => ({ value, seq: result.seq }))
          )
        yield* onTheWay.arrived
        yield* Queue.offer(waiting, { attempt, answer })
        const { value, seq } = yield* Deferred.await(done)
        if (seq !== undefined) yield* followers.reached(seq)
        return value
      }).pipe(Effect.withSpan("Commits.commit"))

    return { commit } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(Commits, Commits.make)
  static readonly layer = Commits.layerNoDeps.pipe(
    Layer.provide([AssetRepository.layer, AssetWrites.layer, LibraryFollowers.layer, WritesOnTheWay.layer])
  )
}
