/**
 * The PostgreSQL database's migrations (its own set; SQLite's history is not PostgreSQL's), run at start-up by
 * `Migrator.make` while holding an advisory lock, so that instances starting together run them once. Each entry is
 * applied once, in order, inside a transaction; never change what one leaves behind once it has shipped, add the next.
 *
 * Ids, times and keys are `COLLATE "C"`: listings, pages and keys order as SQLite orders them (byte by byte), whatever
 * the database's locale. Search texts keep the database's collation, so that matching folds case as it would read.
 */
import { Migrator } from "effect/sql"
import { SqlClient } from "effect/sql/SqlClient"
import { Effect } from "effect"
import { writeFirstRevisions } from "../shipped/FirstRevisions.ts"

const library = Effect.gen(function*() {
  const sql = yield* SqlClient
  // Trusted since PostgreSQL 13: a database owner may create it.
  yield* sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`
  yield* sql`CREATE TABLE settings (key text COLLATE "C" PRIMARY KEY, value text NOT NULL)`
  yield* sql`
    CREATE TABLE applications (
      id text COLLATE "C" PRIMARY KEY,
      name text NOT NULL,
      version text NOT NULL,
      platform text NOT NULL,
      privacy text NOT NULL,
      capabilities text,
      onboarded smallint NOT NULL DEFAULT 0,
      created text COLLATE "C" NOT NULL,
      updated text COLLATE "C" NOT NULL,
      UNIQUE (name, version, platform)
    )`
  // An asset is its JSON without content, deflated (`document`), and its content once (`transferables`), as on
  // SQLite (`StoredAsset`); `position` is the order assets were stored in, which a backup follows.
  yield* sql`
    CREATE TABLE assets (
      id text COLLATE "C" PRIMARY KEY,
      position integer GENERATED ALWAYS AS IDENTITY UNIQUE,
      name text,
      mechanism text NOT NULL,
      pseudo smallint NOT NULL,
      created text COLLATE "C" NOT NULL,
      updated text COLLATE "C" NOT NULL,
      deleted text COLLATE "C",
      document bytea NOT NULL,
      transferables text
    )`
  yield* sql`CREATE INDEX assets_live ON assets (created DESC, id) INCLUDE (pseudo) WHERE deleted IS NULL`
  yield* sql`CREATE INDEX assets_trash ON assets (deleted DESC, id) WHERE deleted IS NOT NULL`
  yield* sql`CREATE TABLE asset_formats (format_id text COLLATE "C" PRIMARY KEY, asset_id text COLLATE "C" NOT NULL)`
  yield* sql`CREATE INDEX asset_formats_by_asset ON asset_formats (asset_id)`
  // Each live asset's search row: the integer that stands for it in every index, in memory and here.
  yield* sql`
    CREATE TABLE search_rows (
      row integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      asset_id text COLLATE "C" NOT NULL UNIQUE,
      pseudo smallint NOT NULL,
      created text COLLATE "C" NOT NULL,
      updated text COLLATE "C" NOT NULL,
      classification text
    )`
  // What search reads of a live asset: its names, tags and annotations (each on a line of its own), its code, and
  // the words of its identifiers weighted by where they stand. Literal matching goes through trigram indexes on
  // the short fields and on everything (`pg_trgm`), words through a GIN index on the vector.
  yield* sql`
    CREATE TABLE search_text (
      row integer PRIMARY KEY,
      name text NOT NULL,
      tags text NOT NULL,
      annotations text NOT NULL,
      content text NOT NULL,
      words tsvector NOT NULL,
      titles_folded text NOT NULL GENERATED ALWAYS AS (lower(name || E'\\n' || tags || E'\\n' || annotations)) STORED,
      anywhere_folded text NOT NULL
        GENERATED ALWAYS AS (lower(name || E'\\n' || content || E'\\n' || tags || E'\\n' || annotations)) STORED
    )`
  yield* sql`CREATE INDEX search_text_titles ON search_text USING gin (titles_folded gin_trgm_ops)`
  yield* sql`CREATE INDEX search_text_anywhere ON search_text USING gin (anywhere_folded gin_trgm_ops)`
  yield* sql`CREATE INDEX search_text_words ON search_text USING gin (words)`
  yield* sql`
    CREATE TABLE metadata (
      row integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      id text COLLATE "C" NOT NULL UNIQUE,
      kind text COLLATE "C" NOT NULL,
      key text COLLATE "C",
      json text NOT NULL,
      UNIQUE (kind, key)
    )`
  yield* sql`
    CREATE TABLE asset_metadata (
      asset_row integer NOT NULL,
      metadata_row integer NOT NULL,
      PRIMARY KEY (asset_row, metadata_row)
    )`
  yield* sql`CREATE INDEX asset_metadata_by_metadata ON asset_metadata (metadata_row, asset_row)`
  // Code fingerprints as keys by search row (`PgSimilarityStore`).
  yield* sql`CREATE TABLE similarity_keys (key bigint NOT NULL, row integer NOT NULL, PRIMARY KEY (key, row))`
  yield* sql`CREATE INDEX similarity_keys_by_row ON similarity_keys (row)`
  yield* sql`
    CREATE TABLE intentions (
      position integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      id text COLLATE "C" NOT NULL UNIQUE,
      application_id text COLLATE "C" NOT NULL,
      created text COLLATE "C" NOT NULL,
      seed text NOT NULL,
      content text NOT NULL
    )`
  yield* sql`CREATE INDEX intentions_by_application ON intentions (application_id, created)`
  yield* sql`
    CREATE TABLE tracking_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      application_id text COLLATE "C" NOT NULL,
      kind text NOT NULL,
      event text,
      asset_id text COLLATE "C",
      created text COLLATE "C" NOT NULL,
      body text NOT NULL
    )`
  yield* sql`CREATE INDEX tracking_events_by_asset ON tracking_events (asset_id, created)`
  yield* sql`CREATE INDEX tracking_events_by_time ON tracking_events (created)`
  // The change feed's outbox: every commit, numbered in commit order (writes hold the write lock until they commit).
  yield* sql`
    CREATE TABLE change_log (
      seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      origin text NOT NULL,
      committed timestamptz NOT NULL DEFAULT now(),
      payload text NOT NULL
    )`
  yield* sql`CREATE INDEX change_log_by_time ON change_log (committed)`
})

/**
 * The search index's snapshot (`PgSearchIndexSnapshots`): the feed's number it holds, how many bytes it is, when it
 * was kept; and its bytes in pieces.
 */
const searchIndexSnapshot = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`
    CREATE TABLE search_index_snapshot (
      seq bigint NOT NULL,
      bytes bigint NOT NULL,
      kept timestamptz NOT NULL DEFAULT now()
    )`
  yield* sql`CREATE TABLE search_index_snapshot_pieces (n integer PRIMARY KEY, bytes bytea NOT NULL)`
  // The index's arrays compress little, and trying costs every keep its time.
  yield* sql`ALTER TABLE search_index_snapshot_pieces ALTER COLUMN bytes SET STORAGE EXTERNAL`
})

/**
 * What a common term is checked on, in narrow tables of their own, uncompressed: everything lower-cased
 * (`search_anywhere.folded`, where `search_text.anywhere_folded` was: literal lookups) and the words
 * (`search_words.words`, where `search_text.words` was: neural code search). A common term's matches are read
 * on nearly every row, and in `search_text`, whose wide rows PostgreSQL compresses, each check decompressed the text
 * again and read the rows' every page, at several times the cost. Rows of up to a page stay uncompressed.
 */
const narrowSearchTables = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`
    CREATE TABLE search_anywhere (row integer PRIMARY KEY, folded text NOT NULL) WITH (toast_tuple_target = 8160)`
  // Lower-cased again rather than copied: a copied value would stay compressed.
  yield* sql`
    INSERT INTO search_anywhere (row, folded)
    SELECT row, lower(name || E'\\n' || content || E'\\n' || tags || E'\\n' || annotations) FROM search_text`
  yield* sql`CREATE INDEX search_anywhere_folded ON search_anywhere USING gin (folded gin_trgm_ops)`
  // A lookup's newest matches are read along the primary key when the planner expects many, through the trigram
  // index when few. From the default sample a name in under one row in a hundred was expected in several times as
  // many, and reading the newest along the key visited every row, where the index read a few.
  yield* sql`ALTER TABLE search_anywhere ALTER COLUMN folded SET STATISTICS 1000`
  yield* sql`ALTER TABLE search_text DROP COLUMN anywhere_folded`
  yield* sql`
    CREATE TABLE search_words (row integer PRIMARY KEY, words tsvector NOT NULL) WITH (toast_tuple_target = 8160)`
  // Joined to an empty one, a vector is made anew: one copied would stay compressed.
  yield* sql`INSERT INTO search_words (row, words) SELECT row, words || ''::tsvector FROM search_text`
  yield* sql`CREATE INDEX search_words_words ON search_words USING gin (words)`
  yield* sql`ALTER TABLE search_text DROP COLUMN words`
})

/** Snippets' histories and the assistants' proposals, as on SQLite (its `0014_history`). */
const history = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`
    CREATE TABLE revisions (
      asset_id text COLLATE "C" NOT NULL,
      number integer NOT NULL,
      created text COLLATE "C" NOT NULL,
      actor text NOT NULL,
      event text NOT NULL,
      changed text NOT NULL,
      restored integer,
      keyframe integer NOT NULL,
      state bytea NOT NULL,
      PRIMARY KEY (asset_id, number)
    )`
  yield* sql`
    CREATE TABLE proposals (
      id text COLLATE "C" PRIMARY KEY,
      asset_id text COLLATE "C" NOT NULL,
      created text COLLATE "C" NOT NULL,
      actor text NOT NULL,
      changes text NOT NULL
    )`
  yield* writeFirstRevisions(sql, "position")
})

export const migrationSteps = {
  "0001_library": library,
  "0002_search_index_snapshot": searchIndexSnapshot,
  "0003_narrow_search_tables": narrowSearchTables,
  "0004_history": history
}

export const MIGRATION_NAMES = Object.keys(migrationSteps).map((name) => name.replace(/^\d+_/, ""))

export const migrate = Migrator.make({})({ loader: Migrator.fromRecord(migrationSteps) })
