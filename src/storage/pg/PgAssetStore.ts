/**
 * `AssetStore` on PostgreSQL: `assets` (each asset's deflated document and content, live or in the trash; `position`
 * is the order they were stored in), `asset_formats` and `search_rows`, whose `row` is each live asset's search row.
 * Listings read in pages along `assets_live` (newest first), the trash along `assets_trash`.
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
import { storableOrNull } from "./StorableText.ts"

const flag = (value: boolean | undefined) => value === true ? 1 : 0

/** An asset's stored parts, live or (`deleted` at a time) in the trash. */
export const insertAssetStatement = (sql: SqlClient, asset: Asset, parts: StoredParts, deleted: string | null) =>
  sql`
    INSERT INTO assets (id, name, mechanism, pseudo, created, updated, deleted, document, transferables)
    VALUES (${asset.id}, ${storableOrNull(asset.name)}, ${asset.mechanism}, ${flag(asset.pseudo)},
            ${asset.created.value}, ${asset.updated.value}, ${deleted}, ${parts.document}, ${parts.transferables})`

/** An asset's format ids; none when it has no format. */
export const insertFormatsStatement = (sql: SqlClient, asset: Asset) => {
  const formats = asset.formats.iterable.map((format) => ({ format_id: format.id, asset_id: asset.id }))
  return Arr.isArrayNonEmpty(formats) ? sql`INSERT INTO asset_formats ${sql.insert(formats)}` : undefined
}

/** A live asset's search row, answering its number. */
export const insertSearchRowStatement = (sql: SqlClient, asset: Asset, text: SearchableText) =>
  sql<{ row: number }>`
    INSERT INTO search_rows (asset_id, pseudo, created, updated, classification)
    VALUES (${asset.id}, ${flag(asset.pseudo)}, ${asset.created.value}, ${asset.updated.value}, ${text.classification})
    RETURNING row`

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient

  /** One asset's stored row; `locked` inside a write transaction, so that other writes of it wait for this one. */
  const findRow = (id: string, transferables: boolean, locked: boolean) =>
    Effect.map(
      sql<StoredRow & { deleted: string | null }>`
        SELECT document, ${transferablesColumn(sql, transferables)}, deleted FROM assets WHERE id = ${id}
        ${sql.literal(locked ? "FOR UPDATE" : "")}`,
      (rows) => Option.fromNullishOr(rows[0])
    ).pipe(Effect.orDie)

  const find = (id: string, transferables: boolean) => findRow(id, transferables, false)
  const findForWrite = (id: string) => findRow(id, true, true)

  const { livePage, storedPage } = listingPages(sql, (column, values) => sql`${sql(column)} = ANY(${values})`)

  const storedAt = (rows: ReadonlyArray<number>, transferables: boolean) =>
    rows.length === 0 ? Effect.succeed([]) : sql<StoredRow & { row: number; id: string }>`
      SELECT s.row, a.id, a.document, ${transferablesColumn(sql, transferables, "a.")}
      FROM search_rows s JOIN assets a ON a.id = s.asset_id WHERE s.row = ANY(${rows})`.pipe(Effect.orDie)

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
      SELECT asset_id AS id, row FROM search_rows WHERE asset_id = ANY(${ids})`.pipe(Effect.orDie)

  const rowOf = (id: string) =>
    Effect.map(sql<{ row: number }>`SELECT row FROM search_rows WHERE asset_id = ${id}`, (rows) => rows[0]?.row)
      .pipe(Effect.orDie)

  const assetOfFormat = (formatId: string) =>
    Effect.map(
      sql<{ asset_id: string }>`SELECT asset_id FROM asset_formats WHERE format_id = ${formatId}`,
      (rows) => Option.fromNullishOr(rows[0]?.asset_id)
    ).pipe(Effect.orDie)

  const facetsPage = (after: number, size: number) =>
    Effect.map(
      sql`SELECT row, pseudo, classification, created, updated FROM search_rows
        WHERE row > ${after} ORDER BY row LIMIT ${size}`.values,
      facetsOfValues
    ).pipe(Effect.orDie)

  const languagesAt = (rows: ReadonlyArray<number>) =>
    rows.length === 0 ? Effect.succeed([]) : sql<{ row: number; classification: string | null }>`
      SELECT row, classification FROM search_rows WHERE row = ANY(${rows}) AND pseudo = 0`.pipe(Effect.orDie)

  const exportPage = (position: number, size: number) =>
    sql<ExportedAssetRow>`
      SELECT position, document, transferables, deleted FROM assets WHERE position > ${position}
      ORDER BY position LIMIT ${size}`.pipe(Effect.orDie)

  const known = (ids: ReadonlyArray<string>, formatIds: ReadonlyArray<string>) =>
    Effect.gen(function*() {
      const assets = yield* sql<{ id: string }>`SELECT id FROM assets WHERE id = ANY(${ids})`
      const formats = yield* sql<{ id: string }>`SELECT format_id AS id FROM asset_formats WHERE format_id = ANY(${formatIds})`
      return { assets: new Set(assets.map((row) => row.id)), formats: new Set(formats.map((row) => row.id)) }
    }).pipe(Effect.orDie)

  const insert = (asset: Asset, parts: StoredParts, deleted: string | null) =>
    insertAssetStatement(sql, asset, parts, deleted).pipe(Effect.asVoid, Effect.orDie)

  const update = (asset: Asset, parts: StoredParts) =>
    sql`
      UPDATE assets SET name = ${storableOrNull(asset.name)}, mechanism = ${asset.mechanism},
                        pseudo = ${flag(asset.pseudo)}, updated = ${asset.updated.value}, document = ${parts.document},
                        transferables = ${parts.transferables}
      WHERE id = ${asset.id}`.pipe(Effect.asVoid, Effect.orDie)

  const restore = (asset: Asset, parts: StoredParts) =>
    sql`
      UPDATE assets SET deleted = NULL, name = ${storableOrNull(asset.name)}, updated = ${asset.updated.value},
                        document = ${parts.document}, transferables = ${parts.transferables}
      WHERE id = ${asset.id}`.pipe(Effect.asVoid, Effect.orDie)

  const markDeleted = (id: string, at: string) =>
    sql`UPDATE assets SET deleted = ${at} WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie)

  const writeFormats = (asset: Asset, replacing: boolean) =>
    Effect.gen(function*() {
      if (replacing) yield* sql`DELETE FROM asset_formats WHERE asset_id = ${asset.id}`
      const formats = insertFormatsStatement(sql, asset)
      if (formats !== undefined) yield* formats
    }).pipe(Effect.orDie)

  const purge = (which: { readonly before: string } | { readonly id: string }) =>
    Effect.gen(function*() {
      const condition = "id" in which ? sql`id = ${which.id}` : sql`deleted < ${which.before}`
      const purged = yield* sql<{ id: string }>`
        DELETE FROM assets WHERE deleted IS NOT NULL AND ${condition} RETURNING id`
      if (purged.length > 0) {
        yield* sql`DELETE FROM asset_formats WHERE asset_id = ANY(${purged.map((row) => row.id)})`
      }
      return purged.length
    }).pipe(Effect.orDie)

  const insertSearchRow = (asset: Asset, text: SearchableText) =>
    Effect.map(insertSearchRowStatement(sql, asset, text), (rows) => rows[0].row).pipe(Effect.orDie)

  const updateSearchRow = (row: number, asset: Asset, text: SearchableText) =>
    sql`
      UPDATE search_rows SET pseudo = ${flag(asset.pseudo)}, created = ${asset.created.value},
                             updated = ${asset.updated.value}, classification = ${text.classification}
      WHERE row = ${row}`.pipe(Effect.asVoid, Effect.orDie)

  const deleteSearchRow = (row: number) =>
    sql`DELETE FROM search_rows WHERE row = ${row}`.pipe(Effect.asVoid, Effect.orDie)

  return AssetStore.of({
    find,
    findForWrite,
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
