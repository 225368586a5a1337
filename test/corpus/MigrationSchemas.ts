/**
 * What each SQLite migration leaves behind, as the schema (`sqlite_master`) of a new database migrated up to it,
 * hashed: `test/fixtures/migration-schemas.json` records it for every migration that shipped, and
 * `test/unit/MigrationsFrozen.test.ts` fails when one changes. Record a new migration once it ships:
 * `npx tsx test/corpus/recordMigrationSchemas.ts`.
 */
import { Migrator } from "@effect/sql"
import { SqlClient } from "@effect/sql/SqlClient"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import { migrationSteps } from "../../src/storage/sqlite/migrations/index.ts"

/** The schema hash after each migration, by its name. */
export const migrationSchemas = Effect.gen(function*() {
  const names = Object.keys(migrationSteps)
  const hashes: Record<string, string> = {}
  for (let i = 1; i <= names.length; i++) {
    const upTo = Object.fromEntries(Object.entries(migrationSteps).slice(0, i))
    hashes[names[i - 1]] = yield* Effect.gen(function*() {
      yield* Migrator.make({})({ loader: Migrator.fromRecord(upTo) })
      const sql = yield* SqlClient
      const schema = yield* sql<{ type: string; name: string; sql: string | null }>`
        SELECT type, name, sql FROM sqlite_master
        WHERE name NOT LIKE 'sqlite_%' AND name <> 'effect_sql_migrations' ORDER BY type, name`
      return createHash("sha256").update(JSON.stringify(schema)).digest("hex")
    }).pipe(Effect.provide(SqliteClient.layer({ filename: ":memory:" })))
  }
  return hashes
})
