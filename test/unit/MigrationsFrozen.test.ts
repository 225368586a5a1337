/**
 * Migrations are frozen once they ship: each leaves behind the schema it left when it shipped (recorded in
 * `test/fixtures/migration-schemas.json`), so a library migrated by any release ends in the same state. What a
 * migration does to existing rows is frozen the same way, through the copies of the writers of its release
 * (`src/storage/sqlite/migrations/shipped/`).
 */
import { expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { migrationSchemas } from "../corpus/MigrationSchemas.ts"

const recorded: Record<string, string> = JSON.parse(
  readFileSync(new URL("../fixtures/migration-schemas.json", import.meta.url), "utf8")
)

it.effect("every migration that shipped leaves the schema it left then, and every migration is recorded", () =>
  Effect.gen(function*() {
    const current = yield* migrationSchemas
    for (const [name, hash] of Object.entries(recorded)) {
      expect(current[name], `${name} changed after it shipped: add a new migration instead`).toBe(hash)
    }
    const unrecorded = Object.keys(current).filter((name) => recorded[name] === undefined)
    expect(unrecorded, "record new migrations once they ship: npx tsx test/corpus/recordMigrationSchemas.ts")
      .toEqual([])
  }))
