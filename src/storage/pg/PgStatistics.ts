/**
 * The statistics PostgreSQL's planner chooses plans by, taken again for each table that outgrew them (`outgrown`, the
 * rule SQLite's are kept by). Autovacuum takes them too, but it looks once a minute: a library just filled (an
 * import, a burst of saves) was planned on guesses until then, and right after thousands of saves every
 * suggestion's lookup gathered parallel workers, slow to start on a small machine, at several times the time it took
 * with statistics taken during the saves. Looked at every ten seconds, from the server's own counts
 * (`pg_stat_user_tables`), and analysed on one instance at a time.
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer, Schedule } from "effect"
import { outgrown } from "../OutgrownStatistics.ts"
import { WriterLock } from "../WriterLock.ts"

const CHECK_EVERY = "10 seconds"

/** The service's tables (`migrations.ts`): a database it shares with other programs keeps theirs as they keep it. */
const TABLES = [
  "settings",
  "applications",
  "assets",
  "asset_formats",
  "search_rows",
  "search_text",
  "search_words",
  "search_anywhere",
  "metadata",
  "asset_metadata",
  "similarity_keys",
  "intentions",
  "tracking_events",
  "change_log",
  "search_index_snapshot",
  "search_index_snapshot_pieces"
]

/** The service's tables whose statistics they outgrew. */
const outgrownTables = Effect.gen(function*() {
  const sql = yield* SqlClient
  // `reltuples` is the planner's row count, taken with the statistics (-1 before the first analysis); the live
  // count is the server's running one.
  const tables = yield* sql<{ table: string; analysed: number; size: number }>`
    SELECT s.relname AS "table", greatest(c.reltuples, 0)::float8 AS analysed, s.n_live_tup::float8 AS size
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = current_schema() AND s.relname = ANY(${TABLES})`
  return tables.filter(({ analysed, size }) => outgrown(analysed, size)).map(({ table }) => table)
}).pipe(Effect.orDie)

const analyse = (tables: ReadonlyArray<string>) =>
  Effect.flatMap(SqlClient, (sql) => Effect.forEach(tables, (table) => sql`ANALYZE ${sql(table)}`, { discard: true }))
    .pipe(Effect.orDie)

/** Analyses every table of the service's whose statistics it outgrew; answers their names. */
export const analyseOutgrown = Effect.flatMap(outgrownTables, (stale) => Effect.as(analyse(stale), stale))

export const layer = Layer.effectDiscard(Effect.gen(function*() {
  const lock = yield* WriterLock
  // Looked at without the lock (one read); taken, on one instance, only when there is something to analyse.
  const check = Effect.gen(function*() {
    const stale = yield* outgrownTables
    if (stale.length > 0) yield* lock.exclusive("statistics", analyse(stale))
  }).pipe(
    // The database unavailable, say: the next check tries again.
    Effect.catchCause((cause) => Effect.logDebug("The planner's statistics were not checked", cause))
  )
  yield* Effect.forkScoped(Effect.schedule(check, Schedule.spaced(CHECK_EVERY)))
}))
