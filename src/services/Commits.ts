/**
 * The one commit path. Every write (create, edit, reclassification, content, tags, websites, annotations,
 * interactions, delete) is a function of a `Transaction`, run by `commit`, which does, as one step that an
 * interruption (a client that disconnects) cannot cut: the SQL transaction; then, once it committed, the
 * in-memory search index; then exactly one `Commit` published on the `ChangeHub`. Writes take
 * turns (one at a time, as SQLite's single writer would anyway), so commits are published in the order they
 * committed: an update racing a delete can never be announced after the delete. A write that fails rolls back
 * and changes nothing, in memory neither.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import type { AssetDeleted, AssetNotFound } from "../api/Errors.ts"
import type { Asset } from "../domain/Asset.ts"
import { markDeleted } from "../domain/AssetBuilder.ts"
import type { CodeFingerprint } from "../domain/CodeFingerprint.ts"
import type { AssetId } from "../domain/Common.ts"
import type { AssetFacets } from "../domain/FacetIndex.ts"
import type { MetadataKind } from "../domain/Metadata.ts"
import { timestamp } from "../domain/Timestamps.ts"
import {
  deleteAsset,
  encodeAsset,
  type IndexedAsset,
  insertAsset,
  replaceAsset,
  type TouchedEntities
} from "../sql/AssetRows.ts"
import { entitiesAt } from "../sql/MetadataRows.ts"
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
  /** Deletes a live asset: it keeps its metadata and the time of deletion, nothing finds it any more. */
  readonly remove: (id: AssetId) => Effect.Effect<Asset, AssetNotFound | AssetDeleted>
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

export class Commits extends Effect.Service<Commits>()("Commits", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient
    const hub = yield* ChangeHub
    const search = yield* SearchIndex
    const repository = yield* AssetRepository
    const turn = yield* Effect.makeSemaphore(1)
    // Run inside a transaction, the repository's reads see what it wrote so far.
    const live = repository.get

    /** A transaction's record of what it changed, announced only once it committed. */
    const makeTransaction = () => {
      const assets = new Map<string, Recorded>()
      const entities = new Map<string, MetadataChange>()
      const relinked = new Set<number>()

      const record = (change: Recorded, touched: TouchedEntities) => {
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
          Effect.map(insertAsset(sql, asset, fingerprint).pipe(Effect.orDie), ({ stored, touched }) => {
            record({ _tag: "Created", stored, before: undefined }, touched)
            return stored.asset
          }),
        edit: (id, change) =>
          Effect.gen(function*() {
            const asset = yield* live(id)
            const next = change(asset)
            if (encodeAsset(next) === encodeAsset(asset)) return asset
            const { stored, before, touched } = yield* Effect.orDie(replaceAsset(sql, asset, next))
            record({ _tag: "Updated", stored, before }, touched)
            return stored.asset
          }),
        remove: (id) =>
          Effect.gen(function*() {
            const asset = yield* live(id)
            const deleted = markDeleted(asset, timestamp(new Date()))
            const { before, touched } = yield* Effect.orDie(deleteAsset(sql, asset, deleted))
            record({ _tag: "Deleted", asset: deleted, before }, touched)
            return deleted
          }),
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

      return { transaction, settle, announce }
    }

    /**
     * Runs `write` in one transaction, then updates the in-memory indexes and publishes what it changed; all of it,
     * or (when `write` fails) nothing. Uninterruptible from taking its turn to publishing.
     */
    const commit = <A, E>(write: (tx: Transaction) => Effect.Effect<A, E>): Effect.Effect<A, E> =>
      turn.withPermits(1)(Effect.gen(function*() {
        const { transaction, settle, announce } = makeTransaction()
        const value = yield* sql.withTransaction(Effect.zipLeft(write(transaction), settle)).pipe(
          Effect.catchTag("SqlError", Effect.die)
        )
        yield* announce
        return value
      })).pipe(Effect.uninterruptible)

    return { commit } as const
  })
}) {}
