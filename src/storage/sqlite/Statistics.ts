/**
 * The statistics SQLite's planner chooses indexes by, for the tables our queries plan over. Without them it guesses,
 * and guessed wrong on this schema (an index on `deleted` over the primary key: a scan of every asset for each
 * lookup); with stale ones it is as wrong: statistics taken while a table was small make it scan the table once it
 * is large. So they are taken again whenever the library has doubled or halved since they were, or an hour passed,
 * reading a bounded sample of each index (`analysis_limit`). At start-up the stored ones are kept if they still fit
 * the library: analysing every table costs a large library a noticeable wait before the first answer, on every start.
 *
 * The FTS5 tables' shadow tables get none: every statement FTS5 runs on them is by key, which is what the planner
 * does without statistics, while statistics taken when they were empty made it scan them (`DELETE FROM
 * search_text_data WHERE id BETWEEN ...` read the whole index on every commit).
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer, Schedule } from "effect"
import { outgrown } from "../OutgrownStatistics.ts"

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

/** The library's size when its statistics were taken (their row count of `search_rows`), if they were. */
const analysedSize = (sql: SqlClient) =>
  Effect.gen(function*() {
    const taken = yield* sql<{ found: number }>`SELECT count(*) AS found FROM sqlite_schema WHERE name = 'sqlite_stat1'`
    if (taken[0].found === 0) return undefined
    const rows = yield* sql<{ stat: string }>`SELECT stat FROM sqlite_stat1 WHERE tbl = 'search_rows' LIMIT 1`
    return rows.length === 0 ? undefined : Number.parseInt(rows[0].stat, 10)
  }).pipe(Effect.orDie)

const planned = PLANNED_TABLES.map((table) => `'${table}'`).join(", ")

/** How many statistics rows are of other tables (FTS5's shadow tables, analysed by a tool or an older version). */
const othersAnalysed = (sql: SqlClient) =>
  Effect.map(
    sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_stat1 WHERE tbl NOT IN (${sql.literal(planned)})`,
    (rows) => rows[0].n
  )

/** Takes the statistics of these tables, from a bounded sample of each index. */
const analyse = (sql: SqlClient, tables: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    yield* sql`PRAGMA analysis_limit = 1000`
    for (const table of tables) yield* sql`ANALYZE ${sql.literal(table)}`
  })

export const keepStatistics = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* analyse(sql, PLANNED_TABLES)
  if ((yield* othersAnalysed(sql)) > 0) {
    yield* sql`DELETE FROM sqlite_stat1 WHERE tbl NOT IN (${sql.literal(planned)})`
    // Loads the statistics as they now are into the schema the planner reads.
    yield* sql`ANALYZE sqlite_schema`
  }
  return yield* librarySize(sql)
}).pipe(Effect.orDie)

/**
 * At start-up: the stored statistics if they fit the library and are ours alone, with the tables whose indexes they
 * lack analysed (a table empty when they were taken, or an index a migration added); otherwise all of them again.
 */
export const statisticsAtStart = Effect.gen(function*() {
  const sql = yield* SqlClient
  const analysed = yield* analysedSize(sql)
  const fit = analysed !== undefined && !outgrown(analysed, yield* librarySize(sql)) &&
    (yield* othersAnalysed(sql)) === 0
  if (!fit) return yield* Effect.asVoid(keepStatistics)
  const lacking = yield* sql<{ table: string }>`
    SELECT DISTINCT tbl_name AS "table" FROM sqlite_schema
    WHERE type = 'index' AND tbl_name IN (${sql.literal(planned)})
      AND name NOT IN (SELECT idx FROM sqlite_stat1 WHERE idx IS NOT NULL)`
  yield* analyse(sql, lacking.map(({ table }) => table))
}).pipe(Effect.orDie)

/** Takes the statistics again while the service runs, when the library doubled or halved, or hourly. */
export const StatisticsUpkeep = Layer.effectDiscard(Effect.gen(function*() {
  const sql = yield* SqlClient
  const size = (yield* analysedSize(sql)) ?? (yield* librarySize(sql).pipe(Effect.orDie))
  let analysed = { size, at: Date.now() }
  const check = Effect.gen(function*() {
    const size = yield* librarySize(sql).pipe(Effect.orDie)
    if (!outgrown(analysed.size, size) && Date.now() - analysed.at < ANALYSE_AT_LEAST_EVERY_MS) return
    analysed = { size: yield* keepStatistics, at: Date.now() }
  })
  yield* Effect.forkScoped(Effect.schedule(check, Schedule.spaced(CHECK_EVERY)))
}))
