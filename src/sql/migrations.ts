/**
 * Database migrations, run at start-up by `Migrator.make` on both runtimes. Each entry is applied once, in
 * order, inside a transaction; never edit one that has shipped, add the next.
 */
import { Migrator } from "@effect/sql"
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import type { Asset } from "../domain/Asset.ts"
import { searchableText } from "../domain/SearchableText.ts"
import { writeSearchRows } from "./SearchRows.ts"

const initial = Effect.gen(function*() {
  const sql = yield* SqlClient
  // Installation-wide values that must never change once chosen: the OS id and the local user id.
  yield* sql`CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`
  yield* sql`
    CREATE TABLE applications (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      version TEXT NOT NULL,
      platform TEXT NOT NULL,
      privacy TEXT NOT NULL,
      capabilities TEXT,
      onboarded INTEGER NOT NULL DEFAULT 0,
      created TEXT NOT NULL,
      updated TEXT NOT NULL,
      UNIQUE (name, version, platform)
    )`
  // An asset is kept as its wire JSON twice: with content (`document`) and without (`lean_document`), so a read
  // is one row and no re-encoding. The columns beside them are what listings filter and sort on.
  yield* sql`
    CREATE TABLE assets (
      id TEXT PRIMARY KEY,
      name TEXT,
      mechanism TEXT NOT NULL,
      pseudo INTEGER NOT NULL,
      created TEXT NOT NULL,
      updated TEXT NOT NULL,
      deleted TEXT,
      document TEXT NOT NULL,
      lean_document TEXT NOT NULL
    )`
  yield* sql`CREATE INDEX assets_listing ON assets (deleted, pseudo, created)`
})

/**
 * The search index: an FTS5 table with the trigram tokenizer over each live asset's name, content, tags and
 * annotations (literal substring matching of three characters or more, case-insensitive), tags and websites as
 * join tables, the language as an indexed column. Existing assets are indexed from their stored JSON.
 */
const searchIndex = Effect.gen(function*() {
  const sql = yield* SqlClient
  // FTS5 rows need integer ids; `search_rows` maps them to asset ids (an implicit rowid could change on VACUUM).
  yield* sql`CREATE TABLE search_rows (rowid INTEGER PRIMARY KEY, asset_id TEXT NOT NULL UNIQUE)`
  yield* sql`CREATE VIRTUAL TABLE search_text USING fts5(name, content, tags, annotations, tokenize = 'trigram')`
  yield* sql`CREATE TABLE asset_tags (asset_id TEXT NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (asset_id, tag))`
  yield* sql`CREATE INDEX asset_tags_by_tag ON asset_tags (tag COLLATE NOCASE, asset_id)`
  yield* sql`CREATE TABLE asset_websites (asset_id TEXT NOT NULL, url TEXT NOT NULL, PRIMARY KEY (asset_id, url))`
  yield* sql`ALTER TABLE assets ADD COLUMN classification TEXT`
  yield* sql`CREATE INDEX assets_by_classification ON assets (classification)`
  yield* sql`CREATE INDEX assets_by_updated ON assets (updated)`
  yield* sql`CREATE INDEX assets_by_created ON assets (created)`
  const live = yield* sql<{ id: string; document: string }>`SELECT id, document FROM assets WHERE deleted IS NULL`
  for (const row of live) {
    const text = searchableText(JSON.parse(row.document) as Asset)
    yield* sql`UPDATE assets SET classification = ${text.classification} WHERE id = ${row.id}`
    yield* writeSearchRows(sql, row.id, text)
  }
})

/** Every migration by name, in order; tests replay a prefix of them to check upgrades of older databases. */
export const migrationSteps = { "0001_initial": initial, "0002_search_index": searchIndex }

export const migrations = Migrator.fromRecord(migrationSteps)

/** Runs every pending migration; needs only `SqlClient`, so it works on Node and Deno alike. */
export const migrate = Migrator.make({})({ loader: migrations })
