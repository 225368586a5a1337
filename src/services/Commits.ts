/**
 * The one commit path. Every write (create, edit, reclassification, content, tags, websites, annotations,
 * interactions, delete, the trash, applications, intentions, tracked events) is a function of a `Transaction`, run
 * by `commit` in one transaction holding the library's write lock (`WriterLock`); what it changed joins the change
 * feed as one `Commit` inside that transaction, so the feed holds a commit if and only if it committed, numbered in
 * commit order across every instance. The in-memory indexes and the streams follow the feed (`LibraryFollowers`),
 * not this path: a write is answered once this instance's followers applied it (read-your-writes), and a caller that
 * stops waiting (a client that disconnected) can no longer leave a committed write unindexed or unannounced.
 *
 * Writes take turns in one fiber; writes that arrive together share one transaction (group commit); a write that
 * fails changes nothing and takes no other write with it; no write is answered before its transaction committed.
 */
import { Cause, Data, Deferred, Effect, Exit, Option, Queue } from "effect"
import type { AssetDeleted, AssetNotFound, AssetNotInTrash } from "../api/Errors.ts"
import type { Application } from "../domain/Application.ts"
import type { Asset } from "../domain/Asset.ts"
import { markDeleted } from "../domain/AssetBuilder.ts"
import type { CodeFingerprint } from "../domain/CodeFingerprint.ts"
import {
  AssetChange,
  type Commit,
  type FeedEntry,
  type IntentionAdded,
  isEmptyCommit,
  type MetadataChange
} from "../domain/Commit.ts"
import type { AssetId } from "../domain/Common.ts"
import type { MetadataKind } from "../domain/Metadata.ts"
import { timestamp } from "../domain/Timestamps.ts"
import { ChangeFeed } from "../storage/ChangeFeed.ts"
import { isStorageOutage } from "../storage/StorageOutage.ts"
import { MetadataStore } from "../storage/MetadataStore.ts"
import { WriterLock } from "../storage/WriterLock.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { AssetWrites, type WrittenAsset } from "./AssetWrites.ts"
import { LibraryFollowers } from "./LibraryFollowers.ts"

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
}

/** A write failed inside a shared transaction: the transaction rolls back (its outcome is kept by its caller). */
class WriteFailed extends Data.TaggedError("WriteFailed") {}

/** Whether a transaction ended because a write failed (rather than failing to commit). */
const wroteFailure = (cause: Cause.Cause<unknown>) => Option.isSome(Cause.failureOption(cause))

/** Writes one transaction holds at most. */
const BATCH_LIMIT = 64
/** How long one transaction of writes may run before it commits: the writes of every instance wait for it. */
const BATCH_MILLIS = 25

/** Lets requests already received reach the queue before a batch is taken: I/O callbacks run first. */
const nextTurnOfEventLoop = Effect.async<void>((resume) => {
  setImmediate(() => resume(Effect.void))
})

export class Commits extends Effect.Service<Commits>()("Commits", {
  scoped: Effect.gen(function*() {
    const lock = yield* WriterLock
    const feed = yield* ChangeFeed
    const followers = yield* LibraryFollowers
    const writes = yield* AssetWrites
    const metadata = yield* MetadataStore
    const repository = yield* AssetRepository
    // Run inside a transaction, the repository's reads see what it wrote so far.
    const live = repository.get

    /** A transaction's record of what one write changed, which becomes its `Commit`. */
    const makeTransaction = () => {
      const assets = new Map<string, AssetChange>()
      const entities = new Map<string, MetadataChange>()
      const applications = new Map<string, Application>()
      const intentions: Array<IntentionAdded> = []
      const relinked = new Set<number>()

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
        for (const row of written.touched.relinked) relinked.add(row)
        return written.asset
      }

      const transaction: Transaction = {
        create: (asset, fingerprint) =>
          Effect.map(writes.insert(asset, fingerprint), (written) => record("Created", written)),
        createTrashed: writes.insertTrashed,
        edit: (id, change) =>
          Effect.gen(function*() {
            const asset = yield* live(id)
            const next = change(asset)
            if (JSON.stringify(next) === JSON.stringify(asset)) return asset
            return record("Updated", yield* writes.replace(asset, next))
          }),
        remove: (id) =>
          Effect.gen(function*() {
            const asset = yield* live(id)
            return record("Deleted", yield* writes.remove(asset, markDeleted(asset, timestamp(new Date()))))
          }),
        restore: (id) =>
          Effect.flatMap(repository.trashed(id), (asset) =>
            Effect.map(writes.restore(asset), (written) => record("Created", written))),
        purge: (id) => Effect.zipRight(repository.trashed(id), Effect.asVoid(writes.purge({ id }))),
        purgeDeletedBefore: (before) => writes.purge({ before }),
        entityChanged,
        applicationChanged: (application) => void applications.set(application.id, application),
        intentionAdded: (intention) => void intentions.push(intention)
      }

      /**
       * Last thing inside the transaction: entities carried by more or fewer assets changed too (their `assets`);
       * then the commit joins the feed, unless it changed nothing. Answers its entry.
       */
      const settle = Effect.gen(function*() {
        for (const { kind, id } of yield* metadata.entitiesAt([...relinked])) {
          if (!entities.has(id)) entityChanged(kind, id)
        }
        const commit: Commit = {
          assets: [...assets.values()],
          metadata: [...entities.values()],
          applications: [...applications.values()],
          intentions
        }
        if (isEmptyCommit(commit)) return undefined
        return { seq: yield* feed.append(commit), commit } satisfies FeedEntry
      })

      return { transaction, settle }
    }

    /** A write waiting for its turn: its attempt inside a transaction, and how to answer its caller. */
    interface Pending {
      /** The write, inside the running transaction: answers its feed entry (none: it changed nothing), or fails. */
      readonly attempt: Effect.Effect<FeedEntry | undefined, WriteFailed>
      /**
       * Answers the caller with its write's outcome once the transaction that ran it ended as it should, or with the
       * cause of the failure when that transaction could not commit.
       */
      readonly answer: (failure?: Cause.Cause<unknown>) => Effect.Effect<void>
    }
    const waiting = yield* Queue.unbounded<Pending>()

    /**
     * Writes whose transaction failed to commit: their callers get a defect (nothing was acknowledged), which says
     * why (the database unreachable answers 503).
     */
    const unsettled = (batch: ReadonlyArray<Pending>, cause: Cause.Cause<unknown>) =>
      Effect.zipRight(
        Effect.forEach(batch, (pending) => pending.answer(cause), { discard: true }),
        isStorageOutage(Cause.squash(cause))
          ? Effect.logWarning("A transaction of writes failed: the database is unavailable")
          : Effect.logError("A transaction of writes failed to commit", cause)
      )

    const delivered = (entries: ReadonlyArray<FeedEntry | undefined>) =>
      feed.committed(entries.filter((entry) => entry !== undefined))

    /** A write alone in its transaction: committed and delivered, or (it failed) rolled back. */
    const runAlone = (pending: Pending) =>
      Effect.gen(function*() {
        const outcome = yield* Effect.exit(lock.transaction(pending.attempt))
        if (Exit.isSuccess(outcome)) yield* delivered([outcome.value])
        else if (!wroteFailure(outcome.cause)) return yield* unsettled([pending], outcome.cause)
        yield* pending.answer()
      })

    /**
     * Writes that arrived together, in one transaction (group commit), as many as fit in `BATCH_MILLIS` (the
     * transaction holds the write lock: other writes wait for it); answers the writes left for the next transaction.
     * Once it committed, its commits are delivered to this instance's followers in order, and every caller is
     * answered. When one of them fails, the whole transaction rolls back and each write runs again alone (writes are
     * descriptions, run again on the state they would have met), so that a failing write changes nothing and takes
     * no other with it.
     */
    const runBatch = (batch: ReadonlyArray<Pending>) =>
      Effect.gen(function*() {
        if (batch.length === 1) {
          yield* runAlone(batch[0])
          return []
        }
        const started = Date.now()
        const together = yield* Effect.exit(lock.transaction(Effect.gen(function*() {
          const entries: Array<FeedEntry | undefined> = []
          while (entries.length < batch.length && (entries.length === 0 || Date.now() - started < BATCH_MILLIS)) {
            entries.push(yield* batch[entries.length].attempt)
          }
          return entries
        })))
        if (Exit.isFailure(together)) {
          if (!wroteFailure(together.cause)) {
            yield* unsettled(batch, together.cause)
            return []
          }
          yield* Effect.forEach(batch, runAlone, { discard: true })
          return []
        }
        const ran = together.value.length
        yield* delivered(together.value)
        yield* Effect.forEach(batch.slice(0, ran), (pending) => pending.answer(), { discard: true })
        return batch.slice(ran)
      })

    // Writes take turns in one fiber: a batch is whatever queued while the previous one ran (one, when writes are
    // rare), so concurrent writes share a transaction and its cost, and none waits for company.
    yield* Effect.forkScoped(Effect.gen(function*() {
      let left: ReadonlyArray<Pending> = []
      while (true) {
        const first = left.length > 0 ? [] : [yield* Queue.take(waiting)]
        if (left.length === 0) yield* nextTurnOfEventLoop
        const rest = yield* Queue.takeUpTo(waiting, BATCH_LIMIT - left.length - first.length)
        left = yield* Effect.uninterruptible(runBatch([...left, ...first, ...rest]))
      }
    }))

    /**
     * Runs `write` in a transaction; all of it, or (when `write` fails) nothing. Answers once the transaction committed
     * and this instance's followers applied it: a success is durable, found by search and announced on the streams.
     */
    const commit = <A, E>(write: (tx: Transaction) => Effect.Effect<A, E>): Effect.Effect<A, E> =>
      Effect.gen(function*() {
        const done = yield* Deferred.make<{ readonly value: A; readonly seq: number | undefined }, E>()
        let outcome: Exit.Exit<A, E> | undefined
        let seq: number | undefined
        const attempt = Effect.gen(function*() {
          const { transaction, settle } = makeTransaction()
          outcome = yield* Effect.exit(write(transaction))
          if (Exit.isFailure(outcome)) return yield* new WriteFailed()
          const entry = yield* settle
          seq = entry?.seq
          return entry
        })
        const answer = (failure?: Cause.Cause<unknown>) =>
          Deferred.done(
            done,
            failure === undefined && outcome !== undefined
              ? Exit.map(outcome, (value) => ({ value, seq }))
              : Exit.die(failure === undefined ? new Error("The transaction of this write failed") : Cause.squash(failure))
          )
        yield* Queue.offer(waiting, { attempt, answer })
        const { value, seq: committed } = yield* Deferred.await(done)
        if (committed !== undefined) yield* followers.reached(committed)
        return value
      })

    return { commit } as const
  })
}) {}
