/**
 * The rows that index one live asset for search, written inside the asset's own write transaction and removed with
 * it: `search_rows` (its search row, the key of every in-memory index, with what filters read), the literal index
 * (`search_text`, FTS5 trigrams of name, code, tags and annotations, keeping no copy of the text), the short fields
 * on their own (`search_titles`, which keeps them: ranking reads them) and the words of its identifiers
 * (`search_words`, for neural code search, keeping no copy either).
 *
 * Writes to the FTS5 tables are values (`FullTextWrite`) that the commit path runs last in the transaction: FTS5
 * flushes the terms it holds to a new segment whenever another statement opens a statement journal (a multi-row
 * insert does), so interleaved with the other writes they made a segment per asset per table, to be merged again.
 */
import type { SqlError } from "@effect/sql/SqlError"
import type { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import type { Asset } from "../domain/Asset.ts"
import { identifierWords } from "../domain/IdentifierWords.ts"
import type { SearchableText } from "../domain/SearchableText.ts"
import { contentText } from "../domain/StoredAsset.ts"
import { inList } from "./InList.ts"

/** Newlines separate tags and annotations, so a literal match cannot span two of them. */
const joined = (items: ReadonlyArray<string>) => items.join("\n")

/** Writes to the FTS5 tables, run last in their transaction (`FullTextWrites`). */
export type FullTextWrite = Effect.Effect<void, SqlError>

/** A live asset's rows in the full-text tables. */
export const insertFullText = (sql: SqlClient, row: number, text: SearchableText): FullTextWrite =>
  Effect.gen(function*() {
    const tags = joined(text.tags)
    const annotations = joined(text.annotations)
    yield* sql`
      INSERT INTO search_text (rowid, name, content, tags, annotations)
      VALUES (${row}, ${text.name}, ${text.content}, ${tags}, ${annotations})`
    yield* sql`
      INSERT INTO search_titles (rowid, name, tags, annotations) VALUES (${row}, ${text.name}, ${tags}, ${annotations})`
    yield* sql`
      INSERT INTO search_words (rowid, name, code, tags, annotations)
      VALUES (${row}, ${identifierWords(text.name)}, ${identifierWords(text.content)}, ${identifierWords(tags)},
              ${identifierWords(annotations)})`
  })

export const deleteFullText = (sql: SqlClient, row: number): FullTextWrite =>
  Effect.gen(function*() {
    yield* sql`DELETE FROM search_text WHERE rowid = ${row}`
    yield* sql`DELETE FROM search_titles WHERE rowid = ${row}`
    yield* sql`DELETE FROM search_words WHERE rowid = ${row}`
  })

/** A new live asset's search row; answers it. Its full text is written apart (`insertFullText`). */
export const insertSearchRow = (sql: SqlClient, asset: Asset, text: SearchableText) =>
  Effect.map(
    sql<{ row: number }>`
      INSERT INTO search_rows (asset_id, pseudo, created, updated, classification)
      VALUES (${asset.id}, ${asset.pseudo === true ? 1 : 0}, ${asset.created.value}, ${asset.updated.value},
              ${text.classification})
      RETURNING rowid AS row`,
    (rows) => rows[0].row
  )

export const sameText = (a: SearchableText, b: SearchableText) =>
  a.name === b.name && a.content === b.content && joined(a.tags) === joined(b.tags) &&
  joined(a.annotations) === joined(b.annotations)

/** An edited asset's search row, kept (its place in the in-memory indexes). */
export const updateSearchRow = (sql: SqlClient, row: number, asset: Asset, text: SearchableText) =>
  sql`
    UPDATE search_rows SET pseudo = ${asset.pseudo === true ? 1 : 0}, created = ${asset.created.value},
                           updated = ${asset.updated.value}, classification = ${text.classification}
    WHERE rowid = ${row}`

/** The search row of a live asset. */
export const searchRowOf = (sql: SqlClient, assetId: string) =>
  Effect.map(
    sql<{ row: number }>`SELECT rowid AS row FROM search_rows WHERE asset_id = ${assetId}`,
    (rows) => rows[0]?.row
  )

export const deleteSearchRow = (sql: SqlClient, row: number) => sql`DELETE FROM search_rows WHERE rowid = ${row}`

/** The names, tags and annotations (newline-separated) of live assets in these search rows. */
export const titlesAt = (sql: SqlClient, rows: ReadonlyArray<number>) =>
  rows.length === 0
    ? Effect.succeed([] as Array<TitleRow>)
    : sql<TitleRow>`SELECT rowid AS row, name, tags, annotations FROM search_titles WHERE ${inList(sql, "rowid", rows)}`

export interface TitleRow {
  readonly row: number
  readonly name: string
  readonly tags: string
  readonly annotations: string
}

/** The code of live assets, by search row: read from their stored content (the literal index keeps no copy). */
export const contentAt = (sql: SqlClient, rows: ReadonlyArray<number>) =>
  rows.length === 0
    ? Effect.succeed(new Map<number, string>())
    : Effect.map(
      sql<{ row: number; transferables: string | null }>`
        SELECT s.rowid AS row, a.transferables FROM search_rows s JOIN assets a ON a.id = s.asset_id
        WHERE ${inList(sql, "s.rowid", rows)}`,
      (found) => new Map(found.map((row) => [row.row, contentText(row.transferables)]))
    )
