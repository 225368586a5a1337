import { expect, layer } from "@effect/vitest"
import { SqlClient } from "effect/sql/SqlClient"
import { Effect } from "effect"
import { analyseOutgrown } from "../../src/storage/pg/PgStatistics.ts"
import { engineLayer, testEngines } from "./TestLayers.ts"

for (const engine of testEngines.filter((engine) => engine === "pg")) {
  layer(engineLayer(engine))("the PostgreSQL planner's statistics", (it) => {
    it.effect("a table of the service's that outgrew its statistics is analysed, and then fits them", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient
        // Another program's table in the same database, grown as much.
        yield* sql`CREATE TABLE other_program (n integer)`
        for (const table of ["settings", "other_program"]) {
          // Autovacuum would analyse them too, in its own time.
          yield* sql`ALTER TABLE ${sql(table)} SET (autovacuum_enabled = false)`
        }
        yield* sql`INSERT INTO settings (key, value) SELECT 'key ' || i, 'value' FROM generate_series(1, 1200) i`
        yield* sql`INSERT INTO other_program SELECT i FROM generate_series(1, 1200) i`
        // The server counts a transaction's rows once its backend reports them (within a second or so).
        const liveRows = sql<{ rows: number }>`
          SELECT min(n_live_tup)::float8 AS rows FROM pg_stat_user_tables
          WHERE relname IN ('settings', 'other_program')`
        // A timer of the machine's: `it.effect` runs on a test clock.
        const pause = Effect.promise(() => new Promise((resume) => setTimeout(resume, 50)))
        while ((yield* liveRows)[0].rows < 1200) yield* pause
        const planned = (table: string) =>
          Effect.map(
            sql<{ rows: number }>`SELECT reltuples::float8 AS rows FROM pg_class WHERE relname = ${table}`,
            (rows) => rows[0].rows
          )
        expect(yield* planned("settings")).toBeLessThan(1200)

        expect(yield* analyseOutgrown).toContain("settings")
        expect(yield* planned("settings")).toBeGreaterThanOrEqual(1200)
        expect(yield* planned("other_program")).toBeLessThan(1200)
        expect(yield* analyseOutgrown).toEqual([])
      }), { timeout: 20_000 })
  })
}
