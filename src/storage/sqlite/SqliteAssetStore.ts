/**
 * `AssetStore` on SQLite: `assets` (each asset's deflated document and content, live or in the trash), its format
 * ids (`asset_formats`) and `search_rows`, whose `rowid` is each live asset's search row. Listings read in pages along
 * `assets_live` (newest first), the trash along `assets_trash`.
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Array as Arr, Effect, Layer, Option } from "effect"
import type { Asset } from "../../domain/Asset.ts"
import type { SearchableText } from "../../domain/SearchableText.ts"
import type { StoredParts } from "../../domain/StoredAsset.ts"
import {
  AssetStore,
  type ExportedAssetRow,
  facetsOfValues,
  type StoredRow,
  type TrashPosition
} from "../AssetStore.ts"
import { listingPages } from "../ListingPages.ts"
import { transferablesColumn } from "../TransferablesColumn.ts"
import { inList } from "./InList.ts"

const flag = (value: boolean | undefined) => value === true ? 1 : 0

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient

  const find = (id: string, transferables: boolean) =>
    Effect.map(
      sql<StoredRow & { deleted: string | null }>`
        SELECT document, ${transferablesColumn(sql, transferables)}, deleted FROM assets WHERE id = ${id}`,
      (rows) => Option.fromNullishOr(rows[0])
    ).pipe(Effect.orDie)

  const { livePage, storedPage } = listingPages(sql, (column, values) => inList(sql, column, values))

  const storedAt = (rows: ReadonlyArray<number>, transferables: boolean) =>
    rows.length === 0 ? Effect.succeed([]) : sql<StoredRow & { row: number; id: string }>`
      SELECT s.rowid AS row, a.id, a.document, ${transferablesColumn(sql, transferables, "a.")}
      FROM search_rows s JOIN assets a ON a.id = s.asset_id WHERE ${inList(sql, "s.rowid", rows)}`.pipe(Effect.orDie)

  const trashPage = (transferables: boolean, size: number, position: TrashPosition | undefined) =>
    sql<StoredRow & TrashPosition>`
      SELECT id, deleted, document, ${transferablesColumn(sql, transferables)}
      FROM assets WHERE deleted IS NOT NULL ${
      position === undefined
        ? sql.literal("")
        : sql`AND deleted <= ${position.deleted} AND (deleted < ${position.deleted} OR id > ${position.id})`
    } ORDER BY deleted DESC, id LIMIT ${size}`.pipe(Effect.orDie)

  const rowsOf = (ids: ReadonlyArray<string>) =>
    ids.length === 0 ? Effect.succeed([]) : sql<{ id: string; row: number }>`
      SELECT asset_id AS id, rowid AS row FROM search_rows WHERE ${inList(sql, "asset_id", ids)}`.pipe(Effect.orDie)

  const rowOf = (id: string) =>
    Effect.map(sql<{ row: number }>`SELECT rowid AS row FROM search_rows WHERE asset_id = ${id}`, (rows) => rows[0]?.row)
      .pipe(Effect.orDie)

  const assetOfFormat = (formatId: string) =>
    Effect.map(
      sql<{ asset_id: string }>`SELECT asset_id FROM asset_formats WHERE format_id = ${formatId}`,
      (rows) => Option.fromNullishOr(rows[0]?.asset_id)
    ).pipe(Effect.orDie)

  const facetsPage = (after: number, size: number) =>
    Effect.map(
      sql`SELECT rowid, pseudo, classification, created, updated FROM search_rows
        WHERE rowid > ${after} ORDER BY rowid LIMIT ${size}`.values,
      facetsOfValues
    ).pipe(Effect.orDie)

  const languagesAt = (rows: ReadonlyArray<number>) =>
    rows.length === 0 ? Effect.succeed([]) : sql<{ row: number; classification: string | null }>`
      SELECT rowid AS row, classification FROM search_rows WHERE ${inList(sql, "rowid", rows)} AND pseudo = 0`
      .pipe(Effect.orDie)

  const exportPage = (position: number, size: number) =>
    sql<ExportedAssetRow>`
      SELECT rowid AS position, document, transferables, deleted FROM assets WHERE rowid > ${position}
      ORDER BY rowid LIMIT ${size}`.pipe(Effect.orDie)

  const known = (ids: ReadonlyArray<string>, formatIds: ReadonlyArray<string>) =>
    Effect.gen(function*() {
      const assets = yield* sql<{ id: string }>`SELECT id FROM assets WHERE ${inList(sql, "id", ids)}`
      const formats = yield* sql<{ id: string }>`
        SELECT format_id AS id FROM asset_formats WHERE ${inList(sql, "format_id", formatIds)}`
      return { assets: new Set(assets.map((row) => row.id)), formats: new Set(formats.map((row) => row.id)) }
    }).pipe(Effect.orDie)

  const insert = (asset: Asset, parts: StoredParts, deleted: string | null) =>
    sql`
      INSERT INTO assets (id, name, mechanism, pseudo, created, updated, deleted, document, transferables)
      VALUES (${asset.id}, ${asset.name ?? null}, ${asset.mechanism}, ${flag(asset.pseudo)},
              ${asset.created.value}, ${asset.updated.value}, ${deleted}, ${parts.document}, ${parts.transferables})`
      .pipe(Effect.asVoid, Effect.orDie)

  const update = (asset: Asset, parts: StoredParts) =>
    sql`
      UPDATE assets SET name = ${asset.name ?? null}, mechanism = ${asset.mechanism}, pseudo = ${flag(asset.pseudo)},
                        updated = ${asset.updated.value}, document = ${parts.document},
                        transferables = ${parts.transferables}
      WHERE id = ${asset.id}`.pipe(Effect.asVoid, Effect.orDie)

  const restore = (asset: Asset, parts: StoredParts) =>
    sql`
      UPDATE assets SET deleted = NULL, name = ${asset.name ?? null}, updated = ${asset.updated.value},
                        document = ${parts.document}, transferables = ${parts.transferables}
      WHERE id = ${asset.id}`.pipe(Effect.asVoid, Effect.orDie)

  const markDeleted = (id: string, at: string) =>
    sql`UPDATE assets SET deleted = ${at} WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie)

  const writeFormats = (asset: Asset, replacing: boolean) =>
    Effect.gen(function*() {
      if (replacing) yield* sql`DELETE FROM asset_formats WHERE asset_id = ${asset.id}`
      const formats = asset.formats.iterable.map((format) => ({ format_id: format.id, asset_id: asset.id }))
      if (Arr.isArrayNonEmpty(formats)) yield* sql`INSERT INTO asset_formats ${sql.insert(formats)}`
    }).pipe(Effect.orDie)

  const purge = (which: { readonly before: string } | { readonly id: string }) =>
    Effect.gen(function*() {
      const condition = "id" in which ? sql`id = ${which.id}` : sql`deleted < ${which.before}`
      const purged = yield* sql<{ id: string }>`
        SELECT id FROM assets WHERE deleted IS NOT NULL AND ${condition}`
      for (const { id } of purged) {
        yield* sql`DELETE FROM asset_formats WHERE asset_id = ${id}`
        yield* sql`DELETE FROM assets WHERE id = ${id}`
      }
      return purged.length
    }).pipe(Effect.orDie)

  const insertSearchRow = (asset: Asset, text: SearchableText) =>
    Effect.map(
      sql<{ row: number }>`
        INSERT INTO search_rows (asset_id, pseudo, created, updated, classification)
        VALUES (${asset.id}, ${flag(asset.pseudo)}, ${asset.created.value}, ${asset.updated.value},
                ${text.classification})
        RETURNING rowid AS row`,
      (rows) => rows[0].row
    ).pipe(Effect.orDie)

  const updateSearchRow = (row: number, asset: Asset, text: SearchableText) =>
    sql`
      UPDATE search_rows SET pseudo = ${flag(asset.pseudo)}, created = ${asset.created.value},
                             updated = ${asset.updated.value}, classification = ${text.classification}
      WHERE rowid = ${row}`.pipe(Effect.asVoid, Effect.orDie)

  const deleteSearchRow = (row: number) =>
    sql`DELETE FROM search_rows WHERE rowid = ${row}`.pipe(Effect.asVoid, Effect.orDie)

  return AssetStore.of({
    find,
    // The transaction holds the database's only write lock already.
    findForWrite: (id) => find(id, true),
    livePage,
    storedPage,
    storedAt,
    trashPage,
    rowsOf,
    rowOf,
    assetOfFormat,
    facetsPage,
    languagesAt,
    exportPage,
    known,
    insert,
    update,
    restore,
    markDeleted,
    writeFormats,
    purge,
    insertSearchRow,
    updateSearchRow,
    deleteSearchRow
  })
})

export const layer = Layer.effect(AssetStore, make)
