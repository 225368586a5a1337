/**
 * The statistics SQLite's planner chooses indexes by, for the tables our queries plan over. Without them it guesses,
 * and guessed wrong on this schema (an index on `deleted` over the primary key: a scan of every asset for each
 * lookup); with stale ones it is as wrong: statistics taken while a table was small make it scan the table once it
 * is large. So they are taken at start-up and again whenever the library has doubled or halved since, or an hour
 * passed, reading a bounded sample of each index (`analysis_limit`), quick however large the library.
 *
 * The FTS5 tables' shadow tables get none: every statement FTS5 runs on them is by key, which is what the planner
 * does without statistics, while statistics taken when they were empty made it scan them (`DELETE FROM
 * search_text_data WHERE id BETWEEN ...` read the whole 50 MB index on every commit at 30,000 assets).
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Layer, Schedule } from "effect"

/** The tables the service's own queries read: those the planner needs statistics for. */
const PLANNED_TABLES = [
  "assets",
  "search_rows",
  "metadata",
  "asset_metadata",
  "asset_formats",
  "applications",
  "intentions",
  "tracking_events"
]

/** How often the library's size is compared with its size at the last analysis. */
const CHECK_EVERY = "30 seconds"
const ANALYSE_AT_LEAST_EVERY_MS = 3_600_000

/** The number of live assets (a count along the smallest index of `search_rows`: milliseconds at 100,000). */
const librarySize = (sql: SqlClient) =>
  Effect.map(sql<{ size: number }>`SELECT count(*) AS size FROM search_rows`, (rows) => rows[0].size)

export const keepStatistics = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`PRAGMA analysis_limit = 1000`
  for (const table of PLANNED_TABLES) yield* sql`ANALYZE ${sql.literal(table)}`
  const planned = PLANNED_TABLES.map((table) => `'${table}'`).join(", ")
  const others = yield* sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_stat1 WHERE tbl NOT IN (${sql.literal(planned)})`
  if (others[0].n > 0) {
    yield* sql`DELETE FROM sqlite_stat1 WHERE tbl NOT IN (${sql.literal(planned)})`
    // Loads the statistics as they now are into the schema the planner reads.
    yield* sql`ANALYZE sqlite_schema`
  }
  return yield* librarySize(sql)
}).pipe(Effect.orDie)

/** Takes the statistics again while the service runs, when the library doubled or halved, or hourly. */
export const StatisticsUpkeep = Layer.scopedDiscard(Effect.gen(function*() {
  const sql = yield* SqlClient
  let analysed = { size: yield* librarySize(sql).pipe(Effect.orDie), at: Date.now() }
  const check = Effect.gen(function*() {
    const size = yield* librarySize(sql).pipe(Effect.orDie)
    // Below a few hundred assets any plan is quick; past that, statistics must follow the library's growth.
    const changed = size > 2 * Math.max(analysed.size, 500) || size < analysed.size / 2
    if (!changed && Date.now() - analysed.at < ANALYSE_AT_LEAST_EVERY_MS) return
    analysed = { size: yield* keepStatistics, at: Date.now() }
  })
  yield* Effect.forkScoped(Effect.schedule(check, Schedule.spaced(CHECK_EVERY)))
}))
