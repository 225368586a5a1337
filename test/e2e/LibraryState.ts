/**
 * A value that moves whenever the service commits a write to a library, read over a connection of the test's own: a
 * digest of every row the service keeps (the test libraries are small). Suites use it to check that a refused request
 * wrote nothing. On SQLite, what the service rewrites in the background without changing the library is left out:
 * FTS5's segments and settings (`FullTextMerging` merges them once writes pause), the planner's statistics, and the
 * search index snapshot's token and journal (kept again in a quiet moment); the file's `data_version`, read before,
 * moved with every such merge.
 */
import { createHash } from "node:crypto"
import { DatabaseSync } from "node:sqlite"
import pg from "pg"
import { databaseFor, engine } from "./ServiceProcess.ts"

export interface WriteMarker {
  readonly read: () => Promise<string>
  readonly close: () => Promise<void>
}

const DIGEST = `
  SELECT md5(concat_ws('|',
    (SELECT string_agg(concat_ws(',', id, updated, deleted, md5(document), md5(transferables)), ';' ORDER BY id) FROM assets),
    (SELECT string_agg(concat_ws(',', format_id, asset_id), ';' ORDER BY format_id) FROM asset_formats),
    (SELECT string_agg(concat_ws(',', row, asset_id, updated, classification), ';' ORDER BY row) FROM search_rows),
    (SELECT string_agg(concat_ws(',', row, md5(name || tags || annotations || content)), ';' ORDER BY row) FROM search_text),
    (SELECT string_agg(concat_ws(',', id, key, md5(json)), ';' ORDER BY id) FROM metadata),
    (SELECT string_agg(asset_row || ':' || metadata_row, ';' ORDER BY asset_row, metadata_row) FROM asset_metadata),
    (SELECT count(*) || ':' || coalesce(sum(key % 1000003), 0) FROM similarity_keys),
    (SELECT string_agg(concat_ws(',', id, updated, onboarded), ';' ORDER BY id) FROM applications),
    (SELECT count(*) || ':' || coalesce(max(position), 0) FROM intentions),
    (SELECT count(*) || ':' || coalesce(max(id), 0) FROM tracking_events),
    (SELECT string_agg(key || '=' || value, ';' ORDER BY key) FROM settings),
    (SELECT count(*) || ':' || coalesce(max(seq), 0) FROM change_log),
    (SELECT string_agg(asset_id || ':' || number, ';' ORDER BY asset_id, number) FROM revisions),
    (SELECT string_agg(id, ';' ORDER BY id) FROM proposals)
  )) AS digest`

/** What FTS5 keeps up in the background, whose rows change when the library does not: its segments and settings. */
const FULL_TEXT_UPKEEP = ["data", "idx", "config"]
/** The search index snapshot's bookkeeping: a keep in a quiet moment rewrites it when the library does not change. */
const SNAPSHOT_UPKEEP = new Set(["search_index_snapshot", "search_index_journal"])

/**
 * The schema and every row of every other table (the planner's statistics left out too), each table's rows sorted,
 * hashed.
 */
const sqliteDigest = (reader: DatabaseSync): string => {
  const digest = createHash("sha256")
  const tables = reader.prepare("SELECT name, sql FROM sqlite_schema ORDER BY name").all() as Array<
    { name: string; sql: string | null }
  >
  const background = new Set(
    tables.filter(({ sql }) => sql?.startsWith("CREATE VIRTUAL TABLE") === true)
      .flatMap(({ name }) => FULL_TEXT_UPKEEP.map((part) => `${name}_${part}`))
  )
  for (const { name, sql } of tables) {
    digest.update(`${name}:${sql ?? ""}\n`)
    if (
      sql === null || !sql.startsWith("CREATE TABLE") || background.has(name) || SNAPSHOT_UPKEEP.has(name) ||
      name.startsWith("sqlite_stat")
    ) {
      continue
    }
    const statement = reader.prepare(`SELECT * FROM "${name}"`)
    statement.setReturnArrays(true)
    const rows = statement.all() as unknown as Array<Array<unknown>>
    // A blob is written as its bytes (a Buffer's JSON).
    const lines = rows.map((row) => JSON.stringify(row)).sort()
    digest.update(lines.join("\n"))
  }
  return digest.digest("hex")
}

export const writeMarker = async (dbPath: string): Promise<WriteMarker> => {
  if (engine === "sqlite") {
    const reader = new DatabaseSync(dbPath, { readOnly: true })
    return {
      read: async () => sqliteDigest(reader),
      close: async () => void reader.close()
    }
  }
  const client = new pg.Client({ connectionString: await databaseFor(dbPath) })
  await client.connect()
  return {
    read: async () => String((await client.query<{ digest: string }>(DIGEST)).rows[0].digest),
    close: () => client.end()
  }
}
