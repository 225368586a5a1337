/**
 * The one commit path. Every write (create, edit, reclassification, content, tags, websites, annotations,
 * interactions, delete) is a function of a `Transaction`, run by `commit`, which does, as one step that an
 * interruption (a client that disconnects) cannot cut: the SQL transaction; then, once it committed, the
 * in-memory search index; then exactly one `Commit` published on the `ChangeHub`; then the answer. Writes take
 * turns in one fiber (as SQLite's single writer would anyway), so commits are published in the order they
 * committed: an update racing a delete can never be announced after the delete. Writes that arrive together share
 * one SQL transaction (group commit); a write that fails changes nothing, in memory neither, and takes no other
 * write with it; no write is answered before the transaction holding it committed.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Cause, Data, Deferred, Effect, Exit, Option, Queue } from "effect"
import type { AssetDeleted, AssetNotFound, AssetNotInTrash } from "../api/Errors.ts"
import type { Asset } from "../domain/Asset.ts"
import { markDeleted } from "../domain/AssetBuilder.ts"
import type { CodeFingerprint } from "../domain/CodeFingerprint.ts"
import type { AssetId } from "../domain/Common.ts"
import type { AssetFacets } from "../domain/FacetIndex.ts"
import type { MetadataKind } from "../domain/Metadata.ts"
import { timestamp } from "../domain/Timestamps.ts"
import {
  deleteAsset,
  purgeTrash,
  restoreAsset,
  encodeAsset,
  type IndexedAsset,
  insertAsset,
  replaceAsset,
  type TouchedEntities
} from "../sql/AssetRows.ts"
import { entitiesAt } from "../sql/MetadataRows.ts"
import type { FullTextWrite } from "../sql/SearchRows.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { AssetChange, ChangeHub, type Commit, type MetadataChange } from "./ChangeHub.ts"
import { SearchIndex } from "./SearchIndex.ts"

/** What a write may do inside its transaction. Asset changes go through it; entity rows through `sql`. */
export interface Transaction {
  readonly sql: SqlClient
  /** Stores a new asset (its metadata adopted); `fingerprint`, when given, must be of its code. */
  readonly create: (asset: Asset, fingerprint?: CodeFingerprint) => Effect.Effect<Asset>
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
  /** Announces a change of a metadata entity made through `sql` (its text, say, or its deletion). */
  readonly entityChanged: (kind: MetadataKind, id: string, deleted?: boolean) => void
}

/**
 * One asset's change within a transaction, with what the in-memory index needs once it commits: what it holds of the
 * asset now (`before`, none for an asset new in this transaction), and what it is to hold.
 */
type Recorded =
  | { readonly _tag: "Created" | "Updated"; readonly stored: IndexedAsset; readonly before: AssetFacets | undefined }
  | { readonly _tag: "Deleted"; readonly asset: Asset; readonly before: AssetFacets | undefined }

/** A write failed inside a shared transaction: the transaction rolls back (its outcome is kept by its caller). */
class WriteFailed extends Data.TaggedError("WriteFailed") {}

/** A write that ran inside a transaction: its full-text writes, to run last, and how to announce it. */
interface Attempted {
  readonly fullText: Effect.Effect<void>
  readonly announce: Effect.Effect<void>
}

/** Whether a transaction ended because a write failed (rather than failing to commit). */
const wroteFailure = (cause: Cause.Cause<unknown>) => Option.isSome(Cause.failureOption(cause))

/** Writes one transaction holds at most. */
const BATCH_LIMIT = 64
/** How long one transaction of writes may run before it commits: reads wait for it. */
const BATCH_MILLIS = 25

/** Lets requests already received reach the queue before a batch is taken: I/O callbacks run first. */
const nextTurnOfEventLoop = Effect.async<void>((resume) => {
  setImmediate(() => resume(Effect.void))
})

export class Commits extends Effect.Service<Commits>()("Commits", {
  scoped: Effect.gen(function*() {
    const sql = yield* SqlClient
    const hub = yield* ChangeHub
    const search = yield* SearchIndex
    const repository = yield* AssetRepository
    // Run inside a transaction, the repository's reads see what it wrote so far.
    const live = repository.get

    /** A transaction's record of what it changed, announced only once it committed. */
    const makeTransaction = () => {
      const assets = new Map<string, Recorded>()
      const entities = new Map<string, MetadataChange>()
      const relinked = new Set<number>()
      const fullTextWrites: Array<FullTextWrite> = []

      const record = (change: Recorded, touched: TouchedEntities, fullText: FullTextWrite) => {
        fullTextWrites.push(fullText)
        const id = change._tag === "Deleted" ? change.asset.id : change.stored.asset.id
        const earlier = assets.get(id)
        // The in-memory index still holds what it held before the first change; an asset created and then edited
        // in one transaction is, to everyone outside it, created.
        const before = earlier === undefined ? change.before : earlier.before
        assets.set(
          id,
          earlier?._tag === "Created" && change._tag === "Updated"
            ? { _tag: "Created", stored: change.stored, before }
            : { ...change, before }
        )
        for (const { kind, id } of touched.registered) entityChanged(kind, id)
        for (const row of touched.relinked) relinked.add(row)
      }

      const entityChanged = (kind: MetadataKind, id: string, deleted = false) => {
        if (entities.get(id)?.deleted !== true) entities.set(id, { kind, id, deleted })
      }

      const transaction: Transaction = {
        sql,
        create: (asset, fingerprint) =>
          Effect.map(insertAsset(sql, asset, fingerprint).pipe(Effect.orDie), ({ stored, touched, fullText }) => {
            record({ _tag: "Created", stored, before: undefined }, touched, fullText)
            return stored.asset
          }),
        edit: (id, change) =>
          Effect.gen(function*() {
            const asset = yield* live(id)
            const next = change(asset)
            if (encodeAsset(next) === encodeAsset(asset)) return asset
            const { stored, before, touched, fullText } = yield* Effect.orDie(replaceAsset(sql, asset, next))
            record({ _tag: "Updated", stored, before }, touched, fullText)
            return stored.asset
          }),
        remove: (id) =>
          Effect.gen(function*() {
            const asset = yield* live(id)
            const deleted = markDeleted(asset, timestamp(new Date()))
            const { before, touched, fullText } = yield* Effect.orDie(deleteAsset(sql, asset, deleted.updated.value))
            record({ _tag: "Deleted", asset: deleted, before }, touched, fullText)
            return deleted
          }),
        restore: (id) =>
          Effect.gen(function*() {
            const asset = yield* repository.trashed(id)
            const { stored, touched, fullText } = yield* Effect.orDie(restoreAsset(sql, asset))
            record({ _tag: "Created", stored, before: undefined }, touched, fullText)
            return stored.asset
          }),
        purge: (id) =>
          Effect.gen(function*() {
            yield* repository.trashed(id)
            yield* Effect.orDie(purgeTrash(sql, { id }))
          }),
        purgeDeletedBefore: (before) => Effect.orDie(purgeTrash(sql, { before })),
        entityChanged
      }

      /** Last thing inside the transaction: entities carried by more or fewer assets changed too (their `assets`). */
      const settle = Effect.gen(function*() {
        for (const { kind, id } of yield* Effect.orDie(entitiesAt(sql, [...relinked]))) {
          if (!entities.has(id)) entityChanged(kind, id)
        }
      })

      /** After commit: the in-memory indexes take the changes, and they are announced as one `Commit`. */
      const announce = Effect.gen(function*() {
        for (const change of assets.values()) {
          if (change.before !== undefined) search.forget(change.before)
          if (change._tag !== "Deleted") search.remember(change.stored)
        }
        const commit: Commit = {
          assets: [...assets.values()].map((change) =>
            change._tag === "Deleted"
              ? AssetChange.Deleted({ asset: change.asset })
              : AssetChange[change._tag]({ asset: change.stored.asset })
          ),
          metadata: [...entities.values()]
        }
        if (commit.assets.length > 0 || commit.metadata.length > 0) yield* hub.publish(commit)
      })

      /** The full-text writes, in the order they were made: run last in the transaction (`FullTextWrite`). */
      const fullText = Effect.orDie(Effect.forEach(fullTextWrites, (write) => write, { discard: true }))

      return { transaction, settle, fullText, announce }
    }

    /** A write waiting for its turn: its attempt inside a transaction, and how to answer its caller. */
    interface Pending {
      /**
       * The write, inside the running transaction: answers its full-text writes (to run last) and how to announce it,
       * or fails when the write failed.
       */
      readonly attempt: Effect.Effect<Attempted, WriteFailed>
      /** Answers the caller with its write's outcome, once the transaction that ran it ended as it should. */
      readonly answer: (settled: boolean) => Effect.Effect<void>
    }
    const waiting = yield* Queue.unbounded<Pending>()

    /** Writes whose transaction failed to commit: their callers get a defect (nothing was acknowledged). */
    const unsettled = (batch: ReadonlyArray<Pending>, cause: Cause.Cause<unknown>) =>
      Effect.zipRight(
        Effect.forEach(batch, (pending) => pending.answer(false), { discard: true }),
        Effect.logError("A transaction of writes failed to commit", cause)
      )

    /** A write alone in its transaction: committed and announced, or (it failed) rolled back. */
    const runAlone = (pending: Pending) =>
      Effect.gen(function*() {
        const outcome = yield* Effect.exit(sql.withTransaction(Effect.tap(pending.attempt, (done) => done.fullText)))
        if (Exit.isSuccess(outcome)) yield* outcome.value.announce
        else if (!wroteFailure(outcome.cause)) return yield* unsettled([pending], outcome.cause)
        yield* pending.answer(true)
      })

    /**
     * Writes that arrived together, in one SQL transaction (group commit), as many as fit in `BATCH_MILLIS` (the
     * transaction holds the database: reads wait for it); answers the writes left for the next transaction. Once it
     * committed, each write's changes reach the in-memory index and are published, in order; then every caller is
     * answered. When one of them fails, the whole transaction rolls back and each write runs again alone (writes are
     * descriptions, run again on the state they would have met), so that a failing write changes nothing and takes
     * no other with it. Savepoints would isolate them too, but copy every page a write touches first: they cost more
     * than they spare.
     */
    const runBatch = (batch: ReadonlyArray<Pending>) =>
      Effect.gen(function*() {
        if (batch.length === 1) {
          yield* runAlone(batch[0])
          return []
        }
        const started = Date.now()
        const together = yield* Effect.exit(sql.withTransaction(Effect.gen(function*() {
          const attempts: Array<Attempted> = []
          while (attempts.length < batch.length && (attempts.length === 0 || Date.now() - started < BATCH_MILLIS)) {
            attempts.push(yield* batch[attempts.length].attempt)
          }
          for (const { fullText } of attempts) yield* fullText
          return attempts
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
        for (const { announce } of together.value) yield* announce
        yield* Effect.forEach(batch.slice(0, ran), (pending) => pending.answer(true), { discard: true })
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
     * Runs `write` in a transaction, then updates the in-memory indexes and publishes what it changed; all of it,
     * or (when `write` fails) nothing. Answers once the transaction ended: a success is durable and already
     * announced. A caller that stops waiting (a client that disconnected) does not stop its write.
     */
    const commit = <A, E>(write: (tx: Transaction) => Effect.Effect<A, E>): Effect.Effect<A, E> =>
      Effect.gen(function*() {
        const done = yield* Deferred.make<A, E>()
        let outcome: Exit.Exit<A, E> | undefined
        const attempt = Effect.gen(function*() {
          const { transaction, settle, fullText, announce } = makeTransaction()
          outcome = yield* Effect.exit(Effect.zipLeft(write(transaction), settle))
          if (Exit.isFailure(outcome)) return yield* new WriteFailed()
          return { fullText, announce } satisfies Attempted
        })
        const answer = (settled: boolean) =>
          Deferred.done(
            done,
            settled && outcome !== undefined ? outcome : Exit.die(new Error("The transaction of this write failed"))
          )
        yield* Queue.offer(waiting, { attempt, answer })
        return yield* Deferred.await(done)
      })

    return { commit } as const
  })
}) {}
