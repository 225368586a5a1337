/**
 * The storage engine the service runs on, from its configuration: PostgreSQL at `DATABASE_URL` when it is set
 * (several instances may share it), else SQLite at `DB_PATH`, the embedded default. Each engine is imported only
 * when chosen, so that the embedded one never loads PostgreSQL's driver.
 */
import { Effect, Layer, Option, Redacted } from "effect"
import { ServiceConfig } from "../config.ts"
import { sqliteEngine } from "./sqlite/SqliteEngine.ts"

/** `DATABASE_URL`, unless unset or blank. */
const databaseUrl = Effect.map(
  ServiceConfig,
  (config) => Option.filter(config.databaseUrl, (url) => Redacted.value(url).trim() !== "")
)

export const EngineLive = Layer.unwrap(Effect.gen(function*() {
  const url = yield* databaseUrl
  if (Option.isNone(url)) return sqliteEngine((yield* ServiceConfig).dbPath)
  const { pgEngine } = yield* Effect.promise(() => import("./pg/PgEngine.ts"))
  return pgEngine(url.value)
}))

/** Where the library is, for the start-up line (never with a password). */
export const describeLibrary = Effect.gen(function*() {
  const url = yield* databaseUrl
  if (Option.isNone(url)) return `database ${(yield* ServiceConfig).dbPath}`
  const { describeDatabase } = yield* Effect.promise(() => import("./pg/PgEngine.ts"))
  return `database ${describeDatabase(Redacted.value(url.value))}`
})
