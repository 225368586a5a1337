/**
 * The `SqlClient` of the running runtime, opened on `DB_PATH`, tuned and migrated. On Node it is
 * `@effect/sql-sqlite-node` (better-sqlite3); on Deno, our client over `node:sqlite`. Both are imported on demand
 * so that neither runtime loads the other's driver.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { mkdirSync } from "node:fs"
import { dirname } from "node:path"
import { ServiceConfig } from "../config.ts"
import { migrate } from "./migrations.ts"

const isDeno = "Deno" in globalThis

const driverLayer = (filename: string) =>
  isDeno
    ? Layer.unwrapEffect(Effect.promise(() => import("./SqliteDeno.ts")).pipe(Effect.map((m) => m.layer({ filename }))))
    : Layer.unwrapEffect(
      Effect.promise(() => import("@effect/sql-sqlite-node")).pipe(
        Effect.map((m) => m.SqliteClient.layer({ filename }))
      )
    )

/** Durability settings: WAL (set by the drivers) with synchronous=NORMAL survives a process crash. */
const tune = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`PRAGMA synchronous = NORMAL`
  yield* sql`PRAGMA busy_timeout = 5000`
  yield* sql`PRAGMA foreign_keys = ON`
})

/** A tuned, migrated client on `filename`; tests use it with `:memory:`. */
export const sqlLayer = (filename: string): Layer.Layer<SqlClient> => {
  const ready = Layer.effectDiscard(Effect.orDie(Effect.zipRight(tune, migrate)))
  return Layer.provideMerge(ready, driverLayer(filename)).pipe(Layer.orDie)
}

export const SqlLive = Layer.unwrapEffect(Effect.gen(function*() {
  const { dbPath } = yield* ServiceConfig
  if (dbPath !== ":memory:") {
    yield* Effect.sync(() => mkdirSync(dirname(dbPath), { recursive: true }))
  }
  return sqlLayer(dbPath)
}))
