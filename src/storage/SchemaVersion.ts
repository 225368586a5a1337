/**
 * A database whose schema a newer version of the service migrated is refused at start, before anything is written:
 * this version would misread what it does not know; one an earlier version wrote is said to be migrated. Both
 * engines keep Effect SQL's migrations table (`effect_sql_migrations`).
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Option } from "effect"
import { ExitCode, StartupError } from "../StartupError.ts"

const TABLE = "effect_sql_migrations"

/** The last migration the database ran, or none (a new database). */
const lastMigration = Effect.gen(function*() {
  const sql = yield* SqlClient
  const exists = yield* sql.onDialectOrElse({
    pg: () => sql<{ found: string | null }>`SELECT to_regclass(${TABLE})::text AS found`,
    orElse: () => sql<{ found: string | null }>`SELECT name AS found FROM sqlite_master WHERE name = ${TABLE}`
  })
  if (exists.length === 0 || exists[0].found === null) return Option.none()
  const latest = yield* sql<{ id: number; name: string }>`
    SELECT migration_id AS id, name FROM ${sql(TABLE)} ORDER BY migration_id DESC LIMIT 1`
  return Option.fromNullishOr(latest[0])
})

/** The last migration the database ran (0 for a new database). */
export const schemaVersion = Effect.map(lastMigration, Option.match({ onNone: () => 0, onSome: (latest) => latest.id }))

/**
 * Fails when the database ran a migration past the last of `known` (ids 1..known.length, in order); else answers the
 * last it ran (0 for a new database).
 */
export const refuseNewerSchema = (known: ReadonlyArray<string>, where: string) =>
  Effect.gen(function*() {
    const latest = yield* lastMigration
    if (Option.isNone(latest)) return 0
    if (latest.value.id <= known.length) return latest.value.id
    return yield* new StartupError({
      message: `The database ${where} was written by a newer version of this service (its schema is at migration ` +
        `${latest.value.id}_${latest.value.name}; this version knows up to ` +
        `${known.length}_${known[known.length - 1]}). Nothing was changed: run the newer version, or point this one ` +
        `at another database.`,
      exitCode: ExitCode.database
    })
  })

/**
 * Whether a database at schema `from` (as `refuseNewerSchema` answered it) is an earlier version's, which the
 * migrations up to `latest` change: not a new one (nothing to change) nor one already at `latest`.
 */
export const writtenByEarlierVersion = (from: number, latest: number) => from > 0 && from < latest

/**
 * Says, before the migrations run, that an earlier version's database (its last migration `from`) is about to be
 * migrated: once, before the first answer, and at 100,000 assets for seconds, which a start would otherwise pass in
 * silence.
 */
export const announceMigrations = (from: number, known: ReadonlyArray<string>, where: string) =>
  writtenByEarlierVersion(from, known.length)
    ? Effect.logInfo(`Migrating the database ${where} from schema ${from} to ${known.length}, once: a large library ` +
      `takes seconds`)
    : Effect.void
