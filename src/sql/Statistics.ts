/**
 * The statistics SQLite's planner chooses indexes by. Without them it guesses, and guessed wrong on this schema
 * (an index on `deleted` over the primary key: a scan of every asset for each lookup). `PRAGMA optimize` gathers
 * them for tables that never had them and refreshes those that drifted, reading a bounded sample of each index
 * (`analysis_limit`), so it stays quick however large the library. Run at start-up and then hourly, as writes
 * accumulate (SQLite's advice for long-running processes).
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Layer, Schedule } from "effect"

export const keepStatistics = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`PRAGMA analysis_limit = 1000`
  // 0x10002: analyse every table that needs it, not only those this connection has used.
  yield* sql`PRAGMA optimize = 0x10002`
}).pipe(Effect.orDie)

/** Refreshes the statistics every hour while the service runs. */
export const StatisticsUpkeep = Layer.scopedDiscard(
  Effect.forkScoped(Effect.schedule(keepStatistics, Schedule.spaced("1 hour")))
)
