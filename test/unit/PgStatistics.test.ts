import { expect, layer } from "@effect/vitest"
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { analyseOutgrown } from "../../src/storage/pg/PgStatistics.ts"
import { engineLayer, testEngines } from "./TestLayers.ts"

for (const engine of testEngines.filter((engine) => engine === "pg")) {
  layer(engineLayer(engine))("the PostgreSQL planner's statistics", (it) => {
    it.effect("a table that outgrew its statistics is analysed, and then fits them", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient
        // Autovacuum would analyse it too, in its own time.
        yield* sql`ALTER TABLE settings SET (autovacuum_enabled = false)`
        yield* sql`INSERT INTO settings (key, value) SELECT 'key ' || i, 'value' FROM generate_series(1, 1200) i`
        // The server counts a transaction's rows once its backend reports them (within a second or so).
        const liveRows = sql<{ rows: number }>`
          SELECT n_live_tup::float8 AS rows FROM pg_stat_user_tables WHERE relname = 'settings'`
        // A timer of the machine's: `it.effect` runs on a test clock.
        const pause = Effect.promise(() => new Promise((resume) => setTimeout(resume, 50)))
        while ((yield* liveRows)[0].rows < 1200) yield* pause
        const planned = sql<{ rows: number }>`SELECT reltuples::float8 AS rows FROM pg_class WHERE relname = 'settings'`
        expect((yield* planned)[0].rows).toBeLessThan(1200)

        yield* analyseOutgrown
        expect((yield* planned)[0].rows).toBeGreaterThanOrEqual(1200)
        expect(yield* analyseOutgrown).not.toContain("settings")
      }), { timeout: 20_000 })
  })
}
