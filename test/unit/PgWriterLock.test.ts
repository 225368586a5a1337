import { expect, layer } from "@effect/vitest"
import { SqlClient } from "effect/sql/SqlClient"
import { Effect } from "effect"
import { WriterLock } from "../../src/storage/WriterLock.ts"
import { engineLayer, testEngines } from "./TestLayers.ts"

for (const engine of testEngines.filter((engine) => engine === "pg")) {
  layer(engineLayer(engine))("PostgreSQL's write transactions", (it) => {
    it.effect("plan a write's statements once per connection; every other statement, for its values", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient
        const lock = yield* WriterLock
        const planning = Effect.map(
          Effect.orDie(sql<{ mode: string }>`SELECT current_setting('plan_cache_mode') AS mode`),
          (rows) => rows[0].mode
        )
        expect(yield* lock.transaction(planning)).toBe("force_generic_plan")
        expect(yield* Effect.all([lock.transaction(planning), lock.transaction(planning)], { concurrency: 2 }))
          .toEqual(["force_generic_plan", "force_generic_plan"])
        // As many at once as the pool holds connections: the writes' setting ended with their transactions.
        const everyConnection = yield* Effect.all(Array.from({ length: 10 }, () => planning), { concurrency: 10 })
        expect(new Set(everyConnection)).toEqual(new Set(["force_custom_plan"]))
      }))
  })
}
