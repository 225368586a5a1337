import { expect, it, layer } from "@effect/vitest"
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { named, statementNames } from "../../src/storage/pg/NamedStatements.ts"
import { engineLayer, testEngines } from "./TestLayers.ts"

it("names a text the first time it is seen, the same name after, until the limit", () => {
  const nameOf = statementNames(2)
  expect(nameOf("SELECT $1")).toBe("s0")
  expect(nameOf("SELECT $1 + 1")).toBe("s1")
  expect(nameOf("SELECT $1")).toBe("s0")
  expect(nameOf("SELECT $1 + 2")).toBeUndefined()
  expect(nameOf("SELECT $1 + 1")).toBe("s1")
})

it("names statements with parameters only, and leaves cursors and named queries as they are", () => {
  const nameOf = statementNames(10)
  expect(named("SELECT $1::int", [1], nameOf)).toEqual({ name: "s0", text: "SELECT $1::int", values: [1] })
  expect(named("BEGIN", [], nameOf)).toBe("BEGIN")
  expect(named("CREATE TABLE a (x int); CREATE TABLE b (y int)", undefined, nameOf)).toBe(
    "CREATE TABLE a (x int); CREATE TABLE b (y int)"
  )
  const rows = { text: "SELECT $1::int", values: [2], rowMode: "array" }
  expect(named(rows, () => {}, nameOf)).toEqual({ ...rows, name: "s0" })
  const cursor = { text: "SELECT $1::int", values: [3], submit: () => {} }
  expect(named(cursor, undefined, nameOf)).toBe(cursor)
  const already = { name: "mine", text: "SELECT $1::int", values: [4] }
  expect(named(already, undefined, nameOf)).toBe(already)
})

for (const engine of testEngines.filter((engine) => engine === "pg")) {
  layer(engineLayer(engine))("the PostgreSQL engine's connections", (it) => {
    it.effect("parse a statement once, and plan it for each execution's values", () =>
      Effect.scoped(Effect.gen(function*() {
        const connection = yield* (yield* SqlClient).reserve
        const text = "SELECT $1::int + 1 AS next"
        for (const value of [1, 2, 3]) {
          expect(yield* connection.execute(text, [value], undefined)).toEqual([{ next: value + 1 }])
        }
        const prepared = yield* connection.execute(
          "SELECT statement FROM pg_prepared_statements WHERE statement = $1",
          [text],
          undefined
        )
        expect(prepared).toHaveLength(1)
        const [mode] = yield* connection.execute("SELECT current_setting('plan_cache_mode') AS mode", [], undefined)
        expect(mode).toEqual({ mode: "force_custom_plan" })
      })))

    it.effect("keep the search indexes' list of new entries, which every search reads, short", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient
        const [limit] = yield* sql`SELECT current_setting('gin_pending_list_limit') AS limit`
        expect(limit).toEqual({ limit: "128kB" })
      }))
  })
}
