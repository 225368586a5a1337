/**
 * Database migrations, run at start-up by `Migrator.make` on both runtimes. Each entry is applied once, in
 * order, inside a transaction; never edit one that has shipped, add the next.
 */
import { Migrator } from "@effect/sql"
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import type { Asset } from "../domain/Asset.ts"
import { searchableText } from "../domain/SearchableText.ts"
import { comparableFingerprint } from "../domain/Comparable.ts"
import { withoutTransferables } from "../domain/AssetBuilder.ts"
import { adoptMetadata, writeLinks } from "./MetadataRows.ts"
import { replaceSearchRows, writeSearchRows, writeWordRow } from "./SearchRows.ts"
import { writeSimilarityRows } from "./SimilarityRows.ts"

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
 * annotations (literal substring matching of three characters or more, case-insensitive), and over the short
 * fields alone (`search_titles`); `search_rows`, one
 * narrow row per live asset with what filters and orderings need (asset rows hold whole documents, too wide to
 * scan); tags and websites as join tables. Existing assets are indexed from their stored JSON.
 */
const searchIndex = Effect.gen(function*() {
  const sql = yield* SqlClient
  // FTS5 rows need integer ids; `search_rows.rowid` is that id (an implicit rowid could change on VACUUM).
  yield* sql`
    CREATE TABLE search_rows (
      rowid INTEGER PRIMARY KEY,
      asset_id TEXT NOT NULL UNIQUE,
      pseudo INTEGER NOT NULL,
      created TEXT NOT NULL,
      updated TEXT NOT NULL,
      classification TEXT
    )`
  yield* sql`CREATE INDEX search_rows_by_updated ON search_rows (updated)`
  yield* sql`CREATE INDEX search_rows_by_created ON search_rows (created)`
  yield* sql`CREATE INDEX search_rows_by_classification ON search_rows (classification, updated)`
  yield* sql`CREATE VIRTUAL TABLE search_text USING fts5(name, content, tags, annotations, tokenize = 'trigram')`
  // The short fields again on their own: matching there first is cheap, where a column filter on search_text
  // would still read every posting of a common term's trigrams.
  yield* sql`CREATE VIRTUAL TABLE search_titles USING fts5(name, tags, annotations, tokenize = 'trigram')`
  // Tags compare case-insensitively. `pseudo` and `updated` are copied here so that a tag search reads one index
  // range, newest first, however many assets carry the tag.
  yield* sql`
    CREATE TABLE asset_tags (
      asset_id TEXT NOT NULL,
      tag TEXT NOT NULL COLLATE NOCASE,
      pseudo INTEGER NOT NULL,
      updated TEXT NOT NULL,
      PRIMARY KEY (asset_id, tag)
    )`
  yield* sql`CREATE INDEX asset_tags_by_tag ON asset_tags (tag, pseudo, updated)`
  yield* sql`CREATE TABLE asset_websites (asset_id TEXT NOT NULL, url TEXT NOT NULL, PRIMARY KEY (asset_id, url))`
  const live = yield* sql<{ document: string }>`SELECT document FROM assets WHERE deleted IS NULL`
  for (const row of live) {
    const asset = JSON.parse(row.document) as Asset
    yield* writeSearchRows(sql, asset, searchableText(asset))
  }
})

/**
 * The connector's data: code fingerprints of saved assets (for suggestions and related assets), intentions (code
 * an integration expects its user to save), tracked events, onboarding, and format ids mapped to their assets.
 * Existing assets are fingerprinted from their stored JSON.
 */
const connector = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`
    CREATE TABLE similarity_signatures (
      asset_id TEXT PRIMARY KEY,
      exact TEXT NOT NULL,
      renamed TEXT NOT NULL,
      signature TEXT NOT NULL,
      token_count INTEGER NOT NULL
    )`
  yield* sql`CREATE TABLE asset_formats (format_id TEXT PRIMARY KEY, asset_id TEXT NOT NULL)`
  yield* sql`
    CREATE TABLE intentions (
      id TEXT PRIMARY KEY,
      application_id TEXT NOT NULL,
      created TEXT NOT NULL,
      seed TEXT NOT NULL,
      content TEXT NOT NULL
    )`
  yield* sql`CREATE INDEX intentions_by_application ON intentions (application_id, created)`
  yield* sql`
    CREATE TABLE tracking_events (
      id INTEGER PRIMARY KEY,
      application_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      event TEXT,
      asset_id TEXT,
      created TEXT NOT NULL,
      body TEXT NOT NULL
    )`
  yield* sql`CREATE INDEX tracking_events_by_asset ON tracking_events (asset_id, created)`
  const assets = yield* sql<{ document: string; deleted: string | null }>`SELECT document, deleted FROM assets`
  for (const row of assets) {
    const asset = JSON.parse(row.document) as Asset
    yield* writeSimilarityRows(sql, asset, row.deleted === null ? comparableFingerprint(asset, searchableText(asset)) : undefined)
  }
})

/**
 * Neural code search: the words of each live asset's identifiers (`IdentifierWords`) in an FTS5 table with the
 * Porter stemmer, by the asset's search row.
 */
const identifierWordIndex = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`
    CREATE VIRTUAL TABLE search_words USING fts5(name, code, tags, annotations, tokenize = 'porter unicode61')`
  const live = yield* sql<{ rowid: number; document: string }>`
    SELECT s.rowid, a.document FROM search_rows s JOIN assets a ON a.id = s.asset_id`
  for (const row of live) yield* writeWordRow(sql, row.rowid, searchableText(JSON.parse(row.document) as Asset))
})

/**
 * Tags, websites and annotations become entities of the library (`MetadataRows`): a registry of them, which live
 * assets carry which, and the formats of an asset found by asset. Stored assets are adopted oldest first: one tag
 * per text (the first spelling saved), one website per URL; assets whose copies changed are rewritten.
 */
const metadataEntities = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`
    CREATE TABLE metadata (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      key TEXT,
      json TEXT NOT NULL,
      UNIQUE (kind, key)
    )`
  yield* sql`
    CREATE TABLE asset_metadata (
      asset_id TEXT NOT NULL,
      metadata_id TEXT NOT NULL,
      PRIMARY KEY (asset_id, metadata_id)
    ) WITHOUT ROWID`
  yield* sql`CREATE INDEX asset_metadata_by_metadata ON asset_metadata (metadata_id, asset_id)`
  yield* sql`CREATE INDEX asset_formats_by_asset ON asset_formats (asset_id)`
  const assets = yield* sql<{ document: string; deleted: string | null }>`
    SELECT document, deleted FROM assets ORDER BY created, id`
  for (const row of assets) {
    const stored = JSON.parse(row.document) as Asset
    const { asset } = yield* adoptMetadata(sql, stored)
    const document = JSON.stringify(asset)
    if (document !== row.document) {
      const lean = row.deleted === null ? JSON.stringify(withoutTransferables(asset)) : document
      yield* sql`UPDATE assets SET document = ${document}, lean_document = ${lean} WHERE id = ${asset.id}`
      if (row.deleted === null) yield* replaceSearchRows(sql, asset, searchableText(asset))
    }
    if (row.deleted === null) yield* writeLinks(sql, asset)
  }
})

/** Every migration by name, in order; tests replay a prefix of them to check upgrades of older databases. */
export const migrationSteps = {
  "0001_initial": initial,
  "0002_search_index": searchIndex,
  "0003_connector": connector,
  "0004_identifier_words": identifierWordIndex,
  "0005_metadata_entities": metadataEntities
}

export const migrations = Migrator.fromRecord(migrationSteps)

/** Runs every pending migration; needs only `SqlClient`, so it works on Node and Deno alike. */
export const migrate = Migrator.make({})({ loader: migrations })
