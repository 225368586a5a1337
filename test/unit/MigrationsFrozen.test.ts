/**
 * Migrations are frozen once they ship: each leaves behind the schema it left when it shipped (recorded in
 * `test/fixtures/migration-schemas.json`), on SQLite and on PostgreSQL (where the tests' cluster runs), so a
 * library migrated by any release ends in the same state. What a SQLite migration does to existing rows is frozen
 * the same way, through the copies of the writers of its release (`src/storage/sqlite/migrations/shipped/`).
 */
import { expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { migrationSchemas, pgMigrationSchemas } from "../corpus/MigrationSchemas.ts"
import { newPostgresDatabase } from "./TestLayers.ts"

const recorded: Record<string, string> = JSON.parse(
  readFileSync(new URL("../fixtures/migration-schemas.json", import.meta.url), "utf8")
)

const frozen = (current: Record<string, string>, engine: "sqlite" | "pg") => {
  const shipped = Object.entries(recorded).filter(([name]) => name.startsWith("pg:") === (engine === "pg"))
  for (const [name, hash] of shipped) {
    expect(current[name], `${name} changed after it shipped: add a new migration instead`).toBe(hash)
  }
  const unrecorded = Object.keys(current).filter((name) => recorded[name] === undefined)
  expect(unrecorded, "record new migrations once they ship: npx tsx test/corpus/recordMigrationSchemas.ts").toEqual([])
}

it.effect("every SQLite migration that shipped leaves the schema it left then, and every one is recorded", () =>
  Effect.map(migrationSchemas, (current) => frozen(current, "sqlite")))

it.effect.skipIf(process.env.E2E_POSTGRES_URL === undefined)(
  "every PostgreSQL migration that shipped leaves the schema it left then, and every one is recorded",
  () => Effect.map(pgMigrationSchemas(newPostgresDatabase), (current) => frozen(current, "pg")),
  60_000
)
