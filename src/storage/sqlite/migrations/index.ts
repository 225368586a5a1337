/**
 * The SQLite database's migrations, run at start-up by `Migrator.make` on both runtimes. Each entry is applied once,
 * in order, inside a transaction; never change what one leaves behind once it has shipped, add the next.
 *
 * Tables derived from the assets (search, similarity, metadata links, format ids) are filled by the migrations that
 * rebuilt them (`0006_compact_storage`, `0008_similarity_type_two`, `0012_search_folded`, `0013_search_letter_pairs`)
 * through frozen copies of the writers of their release (`shipped/`), so that a later change to the service's writers
 * cannot change what an upgrade does; the steps before them only create the tables. A database that ran an earlier
 * version of those steps, which also filled them, ends in the same state.
 */
import { Migrator } from "effect/sql"
import { SqlClient } from "effect/sql/SqlClient"
import { Effect } from "effect"
import type { Asset } from "../../../domain/Asset.ts"
import { inList } from "../InList.ts"
import { contentText, similarityWords } from "./shipped/Fingerprint.ts"
import { foldedCode, foldedTitles } from "./shipped/Folded0012.ts"
import { letterPairsOfFolded } from "./shipped/LetterPairs0013.ts"
import { insertDeletedAsset, insertLiveAsset } from "./shipped/Rows0006.ts"
import { writeFirstRevisions } from "../../shipped/FirstRevisions.ts"

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
})

/**
 * Neural code search: the words of each live asset's identifiers (`IdentifierWords`) in an FTS5 table with the
 * Porter stemmer, by the asset's search row.
 */
const identifierWordIndex = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`
    CREATE VIRTUAL TABLE search_words USING fts5(name, code, tags, annotations, tokenize = 'porter unicode61')`
})

/**
 * Tags, websites and annotations become entities of the library (`MetadataStore`): a registry of them, which live
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
})

/** Assets rebuilt per page, so that the migration of a large library never holds it in memory. */
const REBUILD_PAGE = 500

/**
 * Compact storage, and every derived table keyed by an asset's search row (an integer) rather than its id:
 * - an asset is its JSON without content, deflated (`document`), and its content once (`transferables`), where it
 *   was its JSON with content and again without (`StoredAsset`);
 * - the literal and word indexes keep no copy of the text (contentless FTS5 tables; the code is read from the
 *   asset, the short fields from `search_titles`); the listing index covers listings (`assets_live`);
 * - metadata links are pairs of rows; tags and websites are read through them (`asset_tags` and `asset_websites`
 *   go); code fingerprints are words in an FTS5 table (`similarity`: hashes and LSH band keys), so that lookups
 *   need nothing in memory.
 * The registry of metadata entities is carried over as it is; everything else is rebuilt from each asset's stored
 * JSON, in the order they were saved, by the writers every save uses.
 */
const compactStorage = Effect.gen(function*() {
  const sql = yield* SqlClient
  const entities = yield* sql<{ id: string; kind: string; key: string | null; json: string }>`
    SELECT id, kind, key, json FROM metadata ORDER BY rowid`
  for (const table of ["search_text", "search_titles", "search_words"]) yield* sql`DROP TABLE IF EXISTS ${sql.literal(table)}`
  for (const table of [
    "search_rows", "asset_tags", "asset_websites", "similarity_signatures", "asset_formats", "asset_metadata", "metadata"
  ]) yield* sql`DROP TABLE IF EXISTS ${sql.literal(table)}`
  yield* sql`ALTER TABLE assets RENAME TO assets_before`
  yield* sql`DROP INDEX IF EXISTS assets_listing`
  yield* sql`
    CREATE TABLE assets (
      id TEXT PRIMARY KEY,
      name TEXT,
      mechanism TEXT NOT NULL,
      pseudo INTEGER NOT NULL,
      created TEXT NOT NULL,
      updated TEXT NOT NULL,
      deleted TEXT,
      document BLOB NOT NULL,
      transferables TEXT
    )`
  // Listings and id pages read this index alone, newest first. `deleted` is in it too: without it, the planner
  // will not read the index alone (it checks the term). An index led by `deleted` would be worse than none: the
  // planner takes it for lookups by id too (every live row matches `deleted IS NULL`) and scans.
  yield* sql`CREATE INDEX assets_live ON assets (pseudo, created DESC, id, deleted) WHERE deleted IS NULL`
  // `rowid` is each live asset's search row: the key of FTS5 rows and of every in-memory index.
  yield* sql`
    CREATE TABLE search_rows (
      rowid INTEGER PRIMARY KEY,
      asset_id TEXT NOT NULL UNIQUE,
      pseudo INTEGER NOT NULL,
      created TEXT NOT NULL,
      updated TEXT NOT NULL,
      classification TEXT
    )`
  yield* sql`
    CREATE VIRTUAL TABLE search_text USING fts5(
      name, content, tags, annotations, tokenize = 'trigram', content = '', contentless_delete = 1)`
  // The short fields again on their own, with their text: matching there first is cheap, where a column filter on
  // search_text would still read every posting of a common term's trigrams; ranking and the typo index read them.
  yield* sql`CREATE VIRTUAL TABLE search_titles USING fts5(name, tags, annotations, tokenize = 'trigram')`
  yield* sql`
    CREATE VIRTUAL TABLE search_words USING fts5(
      name, code, tags, annotations, tokenize = 'porter unicode61', content = '', contentless_delete = 1)`
  yield* sql`
    CREATE TABLE metadata (
      row INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL,
      key TEXT,
      json TEXT NOT NULL,
      UNIQUE (kind, key)
    )`
  yield* sql`
    CREATE TABLE asset_metadata (
      asset_row INTEGER NOT NULL,
      metadata_row INTEGER NOT NULL,
      PRIMARY KEY (asset_row, metadata_row)
    ) WITHOUT ROWID`
  yield* sql`CREATE INDEX asset_metadata_by_metadata ON asset_metadata (metadata_row, asset_row)`
  yield* sql`CREATE TABLE asset_formats (format_id TEXT PRIMARY KEY, asset_id TEXT NOT NULL)`
  yield* sql`CREATE INDEX asset_formats_by_asset ON asset_formats (asset_id)`
  yield* sql`
    CREATE VIRTUAL TABLE similarity USING fts5(
      words, tokenize = 'ascii', content = '', contentless_delete = 1, detail = none)`

  for (const entity of entities) {
    yield* sql`INSERT INTO metadata (id, kind, key, json) VALUES (${entity.id}, ${entity.kind}, ${entity.key}, ${entity.json})`
  }
  let after = 0
  while (true) {
    const page = yield* sql<{ rowid: number; document: string; deleted: string | null }>`
      SELECT rowid, document, deleted FROM assets_before WHERE rowid > ${after} ORDER BY rowid LIMIT ${REBUILD_PAGE}`
    // Full-text writes last, per page (FTS5 makes a segment per statement journal otherwise).
    const fullText: Array<Effect.Effect<void, unknown>> = []
    for (const row of page) {
      const asset = JSON.parse(row.document) as Asset
      if (row.deleted === null) fullText.push(yield* insertLiveAsset(sql, asset))
      else yield* insertDeletedAsset(sql, asset, row.deleted)
    }
    for (const write of fullText) yield* write
    if (page.length < REBUILD_PAGE) break
    after = page[page.length - 1].rowid
  }
  yield* sql`DROP TABLE assets_before`
})

/**
 * Listing pages continue from where the previous page ended with a range on `created`; led by `pseudo`, the index
 * gave that range only when one pseudo value was asked for, and a listing with pseudo assets sorted every remaining
 * row for each page (quadratic in the library's size). Led by `created`, every selection reads a page's rows and no
 * more; the pseudo condition is checked in the index.
 */
const listingByTime = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`DROP INDEX assets_live`
  yield* sql`CREATE INDEX assets_live ON assets (created DESC, id, pseudo, deleted) WHERE deleted IS NULL`
})

/**
 * Code fingerprints computed again: identifiers now include member names and words other languages reserve, a
 * Type-2 shape hash joins them, and LSH bands are two rows wide. Every live, comparable asset's words are rewritten
 * from its stored code, a page at a time.
 */
const similarityTypeTwo = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`DELETE FROM similarity`
  for (let after = 0;;) {
    const page = yield* sql<{ row: number }>`
      SELECT rowid AS row FROM search_rows WHERE rowid > ${after} AND pseudo = 0 ORDER BY rowid LIMIT ${REBUILD_PAGE}`
    const stored = yield* sql<{ row: number; transferables: string | null }>`
      SELECT s.rowid AS row, a.transferables FROM search_rows s JOIN assets a ON a.id = s.asset_id
      WHERE ${inList(sql, "s.rowid", page.map((found) => found.row))}`
    const code = new Map(stored.map((found) => [found.row, contentText(found.transferables)]))
    for (const { row } of page) {
      const words = similarityWords(code.get(row) ?? "")
      if (words !== undefined) yield* sql`INSERT INTO similarity (rowid, words) VALUES (${row}, ${words})`
    }
    if (page.length < REBUILD_PAGE) break
    after = page[page.length - 1].row
  }
})

/** The trash lists deleted assets, most recently deleted first, along this index. */
const trashIndex = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`CREATE INDEX assets_trash ON assets (deleted DESC, id) WHERE deleted IS NOT NULL`
})

/**
 * The token of the search index's snapshot beside the database (`SqliteSearchIndexSnapshots`). Versions before
 * this one refuse the database once it has it, so none of them can write the library behind a kept snapshot.
 */
const searchIndexSnapshot = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`CREATE TABLE search_index_snapshot (token TEXT NOT NULL)`
})

/**
 * The search rows written since the search index's snapshot was kept (`SqliteSearchIndexSnapshots`), so that the
 * snapshot stays true past a crash. Versions before this one would write the library without recording them, so they
 * refuse the database once it has it.
 */
const searchIndexJournal = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`CREATE TABLE search_index_journal (row INTEGER PRIMARY KEY)`
})

/**
 * Each live asset's texts lower-cased, by search row (`search_folded`): a term too short for the trigram index is
 * checked there on the matches of the others, where reading it from each asset's stored JSON cost a lookup by id
 * and a parse per match. Filled from what the search tables and the assets hold, a page at a time.
 */
const searchFolded = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`CREATE TABLE search_folded (row INTEGER PRIMARY KEY, titles TEXT NOT NULL, code TEXT NOT NULL)`
  for (let after = 0;;) {
    const page = yield* sql<
      { row: number; name: string; tags: string; annotations: string; transferables: string | null }
    >`
      SELECT s.rowid AS row, t.c0 AS name, t.c1 AS tags, t.c2 AS annotations, a.transferables
      FROM search_rows s JOIN search_titles_content t ON t.id = s.rowid JOIN assets a ON a.id = s.asset_id
      WHERE s.rowid > ${after} ORDER BY s.rowid LIMIT ${REBUILD_PAGE}`
    for (const found of page) {
      yield* sql`
        INSERT INTO search_folded (row, titles, code)
        VALUES (${found.row}, ${foldedTitles(found.name, found.tags, found.annotations)},
                ${foldedCode(contentText(found.transferables))})`
    }
    if (page.length < REBUILD_PAGE) break
    after = page[page.length - 1].row
  }
})

/**
 * The letters and pairs of letters of each live asset's lower-cased texts, by search row (`search_pairs`): a term of
 * one or two of them is checked anywhere by a bit, where `search_folded` was read whole, at several times the cost.
 * Filled from `search_folded`, a page at a time.
 */
const searchLetterPairs = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`CREATE TABLE search_pairs (row INTEGER PRIMARY KEY, pairs TEXT NOT NULL)`
  for (let after = 0;;) {
    const page = yield* sql<{ row: number; titles: string; code: string }>`
      SELECT row, titles, code FROM search_folded WHERE row > ${after} ORDER BY row LIMIT ${REBUILD_PAGE}`
    for (const found of page) {
      yield* sql`
        INSERT INTO search_pairs (row, pairs) VALUES (${found.row}, ${letterPairsOfFolded(found.titles, found.code)})`
    }
    if (page.length < REBUILD_PAGE) break
    after = page[page.length - 1].row
  }
})

/**
 * Snippets' histories: every revision of every snippet (`revisions`, clustered by snippet and number, so that a
 * snippet's history is read along its key), and the assistants' edits waiting for the user (`proposals`). Every
 * snippet already stored gets its revision 1, its state now, by "before history".
 */
const history = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`
    CREATE TABLE revisions (
      asset_id TEXT NOT NULL,
      number INTEGER NOT NULL,
      created TEXT NOT NULL,
      actor TEXT NOT NULL,
      event TEXT NOT NULL,
      changed TEXT NOT NULL,
      restored INTEGER,
      keyframe INTEGER NOT NULL,
      state BLOB NOT NULL,
      PRIMARY KEY (asset_id, number)
    ) WITHOUT ROWID`
  yield* sql`
    CREATE TABLE proposals (
      id TEXT PRIMARY KEY,
      asset_id TEXT NOT NULL,
      created TEXT NOT NULL,
      actor TEXT NOT NULL,
      changes TEXT NOT NULL
    )`
  yield* writeFirstRevisions(sql, "rowid")
})

/** Every migration by name, in order; tests replay a prefix of them to check upgrades of older databases. */
export const migrationSteps = {
  "0001_initial": initial,
  "0002_search_index": searchIndex,
  "0003_connector": connector,
  "0004_identifier_words": identifierWordIndex,
  "0005_metadata_entities": metadataEntities,
  "0006_compact_storage": compactStorage,
  "0007_listing_by_time": listingByTime,
  "0008_similarity_type_two": similarityTypeTwo,
  "0009_trash": trashIndex,
  "0010_search_index_snapshot": searchIndexSnapshot,
  "0011_search_index_journal": searchIndexJournal,
  "0012_search_folded": searchFolded,
  "0013_search_letter_pairs": searchLetterPairs,
  "0014_history": history
}

/** The steps for `Migrator`; a step that throws fails, so that the migrator names it (as it names one that fails). */
export const migrations = Migrator.fromRecord(
  Object.fromEntries(Object.entries(migrationSteps).map(([name, step]) => [name, Effect.catchDefect(step, Effect.fail)]))
)

/** Runs every pending migration; needs only `SqlClient`, so it works on Node and Deno alike. */
export const migrate = Migrator.make({})({ loader: migrations })

/** Migrations that leave what the search index holds as it was: a snapshot of it kept before them is still read. */
export const KEEP_SEARCH_INDEX: ReadonlySet<string> = new Set(["history"])

/** The migration steps' names in order: migration `i + 1` is `MIGRATION_NAMES[i]`. */
export const MIGRATION_NAMES = Object.keys(migrationSteps).map((name) => name.replace(/^\d+_/, ""))
