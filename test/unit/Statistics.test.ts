/**
 * The planner's statistics at start-up: kept while they fit the library (no 130 ms of analysis before the first
 * answer at 100,000 assets), taken again once it doubled or halved since, or when another program's are mixed in.
 */
import { expect, it } from "@effect/vitest"
import { SqlClient } from "effect/sql/SqlClient"
import { Effect } from "effect"
import { statisticsAtStart } from "../../src/storage/sqlite/Statistics.ts"
import { sqliteEngineOrDie } from "../../src/storage/sqlite/SqliteEngine.ts"

it.effect("start-up keeps statistics that fit the library, and takes them again when they do not", () =>
  Effect.gen(function*() {
    const sql = yield* SqlClient
    const addRows = (from: number, to: number) =>
      sql`
        WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${to})
        INSERT INTO search_rows (rowid, asset_id, pseudo, created, updated)
        SELECT i, 'asset-' || i, 0, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z' FROM n`
    const searchRowStatistics = Effect.map(
      sql<{ stat: string }>`SELECT stat FROM sqlite_stat1 WHERE tbl = 'search_rows'`,
      (rows) => rows.map((row) => row.stat)
    )
    yield* addRows(1, 1201)
    // As if taken at 1,100 assets: they still fit 1,200.
    yield* sql`DELETE FROM sqlite_stat1 WHERE tbl = 'search_rows'`
    yield* sql`INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('search_rows', 'sqlite_autoindex_search_rows_1', '1100 1')`
    yield* statisticsAtStart
    expect(yield* searchRowStatistics).toEqual(["1100 1"])
    // 3,000 is more than twice 1,100: taken again.
    yield* addRows(1201, 3001)
    yield* statisticsAtStart
    expect(yield* searchRowStatistics).toEqual(["3000 1"])
    // Statistics of FTS5's shadow tables (a tool's ANALYZE) make its writes scan: all are taken again, theirs dropped.
    yield* sql`INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('search_text_data', NULL, '10')`
    yield* sql`UPDATE sqlite_stat1 SET stat = '2900 1' WHERE tbl = 'search_rows'`
    yield* statisticsAtStart
    expect(yield* searchRowStatistics).toEqual(["3000 1"])
    expect(yield* sql`SELECT tbl FROM sqlite_stat1 WHERE tbl = 'search_text_data'`).toEqual([])
  }).pipe(Effect.provide(sqliteEngineOrDie(":memory:"))))
