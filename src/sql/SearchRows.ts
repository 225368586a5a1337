/**
 * The rows that index one asset for search, written inside the asset's own write transaction (and by the
 * migration that built the index), and removed with it.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import type { Asset } from "../domain/Asset.ts"
import { identifierWords } from "../domain/IdentifierWords.ts"
import type { SearchableText } from "../domain/SearchableText.ts"

/** Newlines separate tags and annotations, so a literal match cannot span two of them. */
const joined = (items: ReadonlyArray<string>) => items.join("\n")

/** The words an asset's identifiers are made of, for neural code search (`IdentifierWords`). */
export const writeWordRow = (sql: SqlClient, rowid: number, text: SearchableText) =>
  sql`
    INSERT INTO search_words (rowid, name, code, tags, annotations)
    VALUES (${rowid}, ${identifierWords(text.name)}, ${identifierWords(text.content)},
            ${identifierWords(joined(text.tags))}, ${identifierWords(joined(text.annotations))})`

/**
 * Writes an asset's rows of literal search, tags and websites (what migration 0002 made); `rowid` keeps the row an
 * asset had (an edit), else a new one is drawn. `insertSearchRows` adds its word row.
 */
export const writeSearchRows = (sql: SqlClient, asset: Asset, text: SearchableText, rowid?: number) =>
  Effect.gen(function*() {
    const assetId = asset.id
    const [row] = yield* sql<{ rowid: number }>`
      INSERT INTO search_rows (rowid, asset_id, pseudo, created, updated, classification)
      VALUES (${rowid ?? null}, ${assetId}, ${asset.pseudo === true ? 1 : 0}, ${asset.created.value},
              ${asset.updated.value}, ${text.classification})
      RETURNING rowid`
    yield* sql`
      INSERT INTO search_text (rowid, name, content, tags, annotations)
      VALUES (${row.rowid}, ${text.name}, ${text.content}, ${joined(text.tags)}, ${joined(text.annotations)})`
    yield* sql`
      INSERT INTO search_titles (rowid, name, tags, annotations)
      VALUES (${row.rowid}, ${text.name}, ${joined(text.tags)}, ${joined(text.annotations)})`
    // One row per tag, case-insensitively (the first spelling is kept).
    const tags = [...new Map(text.tags.map((tag) => [tag.toLowerCase(), tag])).values()]
    if (tags.length > 0) {
      yield* sql`INSERT INTO asset_tags ${
        sql.insert(tags.map((tag) => ({
          asset_id: assetId,
          tag,
          pseudo: asset.pseudo === true ? 1 : 0,
          updated: asset.updated.value
        })))
      }`
    }
    const websites = [...new Set(text.websites)]
    if (websites.length > 0) {
      yield* sql`INSERT INTO asset_websites ${sql.insert(websites.map((url) => ({ asset_id: assetId, url })))}`
    }
    return row.rowid
  })

/** Drops an asset's rows; answers the row it had, if any. */
export const deleteSearchRows = (sql: SqlClient, assetId: string) =>
  Effect.gen(function*() {
    const rows = yield* sql<{ rowid: number }>`DELETE FROM search_rows WHERE asset_id = ${assetId} RETURNING rowid`
    for (const row of rows) {
      yield* sql`DELETE FROM search_text WHERE rowid = ${row.rowid}`
      yield* sql`DELETE FROM search_titles WHERE rowid = ${row.rowid}`
      yield* sql`DELETE FROM search_words WHERE rowid = ${row.rowid}`
    }
    yield* sql`DELETE FROM asset_tags WHERE asset_id = ${assetId}`
    yield* sql`DELETE FROM asset_websites WHERE asset_id = ${assetId}`
    return rows[0]?.rowid
  })

/** Every search row of an asset; answers its row. */
export const insertSearchRows = (sql: SqlClient, asset: Asset, text: SearchableText, rowid?: number) =>
  Effect.tap(writeSearchRows(sql, asset, text, rowid), (row) => writeWordRow(sql, row, text))

/** An edited asset's rows, rewritten in the row it had (its place in the in-memory facet bitsets). */
export const replaceSearchRows = (sql: SqlClient, asset: Asset, text: SearchableText) =>
  Effect.flatMap(deleteSearchRows(sql, asset.id), (rowid) => insertSearchRows(sql, asset, text, rowid))
