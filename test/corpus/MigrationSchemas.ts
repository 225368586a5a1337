/**
 * What each migration leaves behind, on each engine, as the schema of a new database migrated up to it, hashed:
 * SQLite's `sqlite_master`; PostgreSQL's tables, columns (types, collations, defaults), indexes, constraints and
 * extensions. `test/fixtures/migration-schemas.json` records it for every migration that shipped (PostgreSQL's
 * under `pg:`), and `test/unit/MigrationsFrozen.test.ts` fails when one changes. Record a new migration once it
 * ships: `E2E_POSTGRES_URL=postgres://… npx tsx test/corpus/recordMigrationSchemas.ts` (a server it may create
 * databases on).
 */
import { Migrator } from "effect/sql"
import { SqlClient } from "effect/sql/SqlClient"
import { PgClient } from "@effect/sql-pg"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { Effect, Redacted } from "effect"
import { createHash } from "node:crypto"
import { migrationSteps as pgMigrationSteps } from "../../src/storage/pg/migrations.ts"
import { migrationSteps } from "../../src/storage/sqlite/migrations/index.ts"

const hashOf = (schema: unknown) => createHash("sha256").update(JSON.stringify(schema)).digest("hex")

/** Each migration's steps with those before it. */
const prefixes = <A>(steps: Record<string, A>) =>
  Object.keys(steps).map((name, i) => [name, Object.fromEntries(Object.entries(steps).slice(0, i + 1))] as const)

/** The SQLite schema hash after each migration, by its name. */
export const migrationSchemas = Effect.gen(function*() {
  const hashes: Record<string, string> = {}
  for (const [name, upTo] of prefixes(migrationSteps)) {
    hashes[name] = yield* Effect.gen(function*() {
      yield* Migrator.make({})({ loader: Migrator.fromRecord(upTo) })
      const sql = yield* SqlClient
      const schema = yield* sql<{ type: string; name: string; sql: string | null }>`
        SELECT type, name, sql FROM sqlite_master
        WHERE name NOT LIKE 'sqlite_%' AND name <> 'effect_sql_migrations' ORDER BY type, name`
      return hashOf(schema)
    }).pipe(Effect.provide(SqliteClient.layer({ filename: ":memory:" })))
  }
  return hashes
})

/** The PostgreSQL schema of the database `sql` is on (the migrations' own table aside). */
const pgSchema = Effect.gen(function*() {
  const sql = yield* SqlClient
  return {
    columns: yield* sql`
      SELECT table_name, column_name, data_type, collation_name, is_nullable, column_default, is_identity
      FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> 'effect_sql_migrations' ORDER BY table_name, column_name`,
    indexes: yield* sql`
      SELECT indexname, indexdef FROM pg_indexes
      WHERE schemaname = 'public' AND tablename <> 'effect_sql_migrations' ORDER BY indexname`,
    constraints: yield* sql`
      SELECT conrelid::regclass::text AS on_table, conname, pg_get_constraintdef(oid) AS definition
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      AND conrelid::regclass::text <> 'effect_sql_migrations' ORDER BY 1, 2`,
    extensions: yield* sql`SELECT extname FROM pg_extension ORDER BY extname`
  }
})

/**
 * The PostgreSQL schema hash after each migration, by `pg:` and its name: each on a new database that
 * `newDatabase` makes (answering its URL).
 */
export const pgMigrationSchemas = (newDatabase: () => Promise<string>) =>
  Effect.gen(function*() {
    const hashes: Record<string, string> = {}
    for (const [name, upTo] of prefixes(pgMigrationSteps)) {
      const url = yield* Effect.promise(newDatabase)
      hashes[`pg:${name}`] = yield* Effect.gen(function*() {
        yield* Migrator.make({})({ loader: Migrator.fromRecord(upTo) })
        return hashOf(yield* pgSchema)
      }).pipe(Effect.scoped, Effect.provide(PgClient.layer({ url: Redacted.make(url) })))
    }
    return hashes
  })
