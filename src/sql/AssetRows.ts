/**
 * Every row that stores one asset's state, written together inside its write transaction (by `Commits` only, and by
 * the migration that rebuilt the store): the asset itself (`StoredAsset`: its document and content), its search rows,
 * its code fingerprint, its format ids, and which metadata entities it carries (adopted into the registry first).
 * Each answers what the in-memory indexes need once the transaction commits, and its full-text writes, for the
 * caller to run last in the transaction (`FullTextWrite`).
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import type { Asset } from "../domain/Asset.ts"
import type { CodeFingerprint } from "../domain/CodeFingerprint.ts"
import { comparableFingerprint } from "../domain/Comparable.ts"
import type { AssetFacets } from "../domain/FacetIndex.ts"
import type { MetadataKind } from "../domain/Metadata.ts"
import { facetsOf, searchableText, type SearchableText } from "../domain/SearchableText.ts"
import { storedParts } from "../domain/StoredAsset.ts"
import { adoptMetadata, deleteLinks, writeLinks } from "./MetadataRows.ts"
import {
  deleteFullText,
  deleteSearchRow,
  type FullTextWrite,
  insertFullText,
  insertSearchRow,
  sameText,
  searchRowOf,
  updateSearchRow
} from "./SearchRows.ts"
import { deleteSimilarityRows, replaceSimilarityRows, writeSimilarityRows } from "./SimilarityRows.ts"

/** A live asset as stored, with what the in-memory search index keeps of it. */
export interface IndexedAsset {
  readonly asset: Asset
  /** Its row in `search_rows`: its place in every in-memory index. */
  readonly row: number
  readonly text: SearchableText
  readonly facets: AssetFacets
}

/** The metadata entities a write touched: registered, or carried by more or fewer assets (entity rows). */
export interface TouchedEntities {
  readonly registered: ReadonlyArray<{ readonly kind: MetadataKind; readonly id: string }>
  readonly relinked: ReadonlyArray<number>
}

/**
 * `Asset` has no transformations (its type is its JSON), so a typed value stringifies to what the schema would
 * encode, at a fraction of the cost; reads still decode through the schema.
 */
export const encodeAsset = (asset: Asset): string => JSON.stringify(asset)

const writeFormats = (sql: SqlClient, asset: Asset) =>
  Effect.gen(function*() {
    yield* sql`DELETE FROM asset_formats WHERE asset_id = ${asset.id}`
    const formats = asset.formats.iterable.map((format) => ({ format_id: format.id, asset_id: asset.id }))
    if (formats.length > 0) yield* sql`INSERT INTO asset_formats ${sql.insert(formats)}`
  })

const indexed = (asset: Asset, row: number): IndexedAsset => {
  const text = searchableText(asset)
  return { asset, row, text, facets: facetsOf(asset, text, row) }
}

/**
 * Everything that finds a live asset, for one that was just stored (new, or back from the trash): its format ids,
 * search row, metadata links, and (written last, `FullTextWrite`) its full text and code fingerprint.
 */
type AdoptedAsset = Effect.Effect.Success<ReturnType<typeof adoptMetadata>>

const indexLive = (sql: SqlClient, adopted: AdoptedAsset, fingerprint?: CodeFingerprint) =>
  Effect.gen(function*() {
    const { asset, registered, carried } = adopted
    yield* writeFormats(sql, asset)
    const text = searchableText(asset)
    const row = yield* insertSearchRow(sql, asset, text)
    const fp = fingerprint ?? comparableFingerprint(asset, text)
    const relinked = yield* writeLinks(sql, row, carried)
    const fullText: FullTextWrite = Effect.gen(function*() {
      yield* insertFullText(sql, row, text)
      if (fp !== undefined) yield* writeSimilarityRows(sql, row, fp)
    })
    return { stored: indexed(asset, row), touched: { registered, relinked } satisfies TouchedEntities, fullText }
  })

/** A new asset. `fingerprint`, when the caller computed it outside the transaction, must be of this content. */
export const insertAsset = (sql: SqlClient, given: Asset, fingerprint?: CodeFingerprint) =>
  Effect.gen(function*() {
    const adopted = yield* adoptMetadata(sql, given)
    const { asset } = adopted
    const parts = storedParts(asset)
    yield* sql`
      INSERT INTO assets (id, name, mechanism, pseudo, created, updated, deleted, document, transferables)
      VALUES (${asset.id}, ${asset.name ?? null}, ${asset.mechanism}, ${asset.pseudo === true ? 1 : 0},
              ${asset.created.value}, ${asset.updated.value}, NULL, ${parts.document}, ${parts.transferables})`
    return yield* indexLive(sql, adopted, fingerprint)
  })

/** An asset imported into the trash (deleted at `deleted`): stored as it was, found by nothing but the trash. */
export const insertTrashed = (sql: SqlClient, asset: Asset, deleted: string) =>
  Effect.gen(function*() {
    const parts = storedParts(asset)
    yield* sql`
      INSERT INTO assets (id, name, mechanism, pseudo, created, updated, deleted, document, transferables)
      VALUES (${asset.id}, ${asset.name ?? null}, ${asset.mechanism}, ${asset.pseudo === true ? 1 : 0},
              ${asset.created.value}, ${asset.updated.value}, ${deleted}, ${parts.document}, ${parts.transferables})`
    yield* writeFormats(sql, asset)
  })

/** An asset back from the trash, as it was when deleted: live again, found again. */
export const restoreAsset = (sql: SqlClient, given: Asset) =>
  Effect.gen(function*() {
    const adopted = yield* adoptMetadata(sql, given)
    const { asset } = adopted
    const parts = storedParts(asset)
    yield* sql`
      UPDATE assets SET deleted = NULL, name = ${asset.name ?? null}, updated = ${asset.updated.value},
                        document = ${parts.document}, transferables = ${parts.transferables}
      WHERE id = ${asset.id}`
    return yield* indexLive(sql, adopted)
  })

/** The search row of a live asset; a live asset has one, so its absence is a defect. */
const rowOf = (sql: SqlClient, asset: Asset) =>
  Effect.flatMap(
    searchRowOf(sql, asset.id),
    (row) => row === undefined ? Effect.dieMessage(`The live asset ${asset.id} has no search row`) : Effect.succeed(row)
  )

/**
 * A live asset's new state; its search text and fingerprint are written again only when they changed. Answers it
 * and what the in-memory index held of it before.
 */
export const replaceAsset = (sql: SqlClient, previous: Asset, given: Asset) =>
  Effect.gen(function*() {
    const { asset, registered, carried } = yield* adoptMetadata(sql, given)
    const parts = storedParts(asset)
    yield* sql`
      UPDATE assets SET name = ${asset.name ?? null}, mechanism = ${asset.mechanism},
                        pseudo = ${asset.pseudo === true ? 1 : 0}, updated = ${asset.updated.value},
                        document = ${parts.document}, transferables = ${parts.transferables}
      WHERE id = ${asset.id}`
    yield* writeFormats(sql, asset)
    const row = yield* rowOf(sql, asset)
    const before = indexed(previous, row)
    const stored = indexed(asset, row)
    yield* updateSearchRow(sql, row, asset, stored.text)
    const relinked = yield* writeLinks(sql, row, carried)
    const textChanged = !sameText(stored.text, before.text)
    const codeChanged = stored.text.content !== before.text.content || asset.pseudo !== previous.pseudo
    const fullText: FullTextWrite = Effect.gen(function*() {
      if (textChanged) yield* Effect.zipRight(deleteFullText(sql, row), insertFullText(sql, row, stored.text))
      if (codeChanged) yield* replaceSimilarityRows(sql, row, comparableFingerprint(asset, stored.text))
    })
    return { stored, before: before.facets, touched: { registered, relinked } satisfies TouchedEntities, fullText }
  })

/**
 * A deleted asset goes to the trash: its row in `assets` keeps it as it was (content, metadata, times) with the time
 * of deletion, and its format ids (for a clear 410); nothing that would find it stays. Answers what the in-memory
 * index held of it.
 */
export const deleteAsset = (sql: SqlClient, previous: Asset, at: string) =>
  Effect.gen(function*() {
    yield* sql`UPDATE assets SET deleted = ${at} WHERE id = ${previous.id}`
    const row = yield* rowOf(sql, previous)
    yield* deleteSearchRow(sql, row)
    const relinked = yield* deleteLinks(sql, row)
    return {
      before: indexed(previous, row).facets,
      touched: { registered: [], relinked } satisfies TouchedEntities,
      fullText: Effect.asVoid(Effect.zipRight(deleteFullText(sql, row), deleteSimilarityRows(sql, row))) satisfies
        FullTextWrite
    }
  })

/** Assets in the trash deleted before `before` (or these ones) are gone for good: answers how many. */
export const purgeTrash = (sql: SqlClient, which: { readonly before: string } | { readonly id: string }) =>
  Effect.gen(function*() {
    const condition = "id" in which ? sql`id = ${which.id}` : sql`deleted < ${which.before}`
    const purged = yield* sql<{ id: string }>`SELECT id FROM assets WHERE deleted IS NOT NULL AND ${condition}`
    for (const { id } of purged) {
      yield* sql`DELETE FROM asset_formats WHERE asset_id = ${id}`
      yield* sql`DELETE FROM assets WHERE id = ${id}`
    }
    return purged.length
  })
