/**
 * Upgrades that cannot lose a library: before this version migrates a database that earlier versions wrote, it
 * writes a consistent copy beside it (SQLite's online backup: a whole database as of one moment) named with
 * the service's version and the schema it goes from and to, and says where; the last `KEPT` copies stay. The
 * migrations then run in one transaction: one that fails leaves the database exactly as it was, and start-up says
 * which migration failed and where the copy is.
 */
import { SqliteClient } from "@effect/sql-sqlite-node"
import { Cause, Effect, Option } from "effect"
import { Migrator } from "effect/sql"
import { readdirSync, rmSync, statSync } from "node:fs"
import { basename, dirname, extname, join } from "node:path"
import { SERVICE_VERSION } from "../../config.ts"
import { ExitCode, messagesOf, StartupError } from "../../StartupError.ts"
import { writtenByEarlierVersion } from "../SchemaVersion.ts"

/** Copies taken before migrations that are kept beside a database. */
const KEPT = 2

/** The name of a copy of `filename` taken before migrating it from schema `from` to `to`, at `at`. */
export const copyName = (filename: string, from: number, to: number, at: Date) => {
  const extension = extname(filename)
  const stem = basename(filename, extension)
  const stamp = at.toISOString().replace(/[:.]/g, "-")
  return join(dirname(filename), `${stem}.before-v${SERVICE_VERSION}-schema-${from}-to-${to}.${stamp}${extension || ".db"}`)
}

/** Copies of `filename` this takes, oldest first. */
const copiesOf = (filename: string) => {
  const extension = extname(filename)
  const prefix = `${basename(filename, extension)}.before-v`
  return readdirSync(dirname(filename))
    .filter((name) => name.startsWith(prefix) && name.includes("-schema-"))
    .map((name) => join(dirname(filename), name))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
}

/**
 * Before `migrate` runs `latest` migrations on `filename`, whose schema is at `from` (as `refuseNewerSchema` read
 * it): a copy when that is older than `latest` (a new database has nothing to lose); answers where it is.
 */
export const copyBeforeMigrating = (filename: string, from: number, latest: number) =>
  Effect.gen(function*() {
    if (filename === ":memory:") return Option.none<string>()
    const client = yield* SqliteClient.SqliteClient
    if (!writtenByEarlierVersion(from, latest)) return Option.none<string>()
    const copy = copyName(filename, from, latest, new Date())
    // SQLite's online backup: a whole, consistent copy as of one moment, taken page by page while the database
    // stays usable (`VACUUM INTO` would need ATTACH, which Deno disables unless the service runs with every permission).
    yield* client.backup(copy).pipe(
      Effect.mapError((error) =>
        new StartupError({
          message: `Cannot copy the database to ${copy} before migrating it (schema ${from} to ${latest}): ` +
            `${messagesOf(error)}. Nothing was changed; free some space or make its folder writable.`,
          exitCode: ExitCode.database
        })
      )
    )
    yield* Effect.logInfo(`Copied the database to ${copy} before migrating it from schema ${from} to ${latest}`)
    for (const old of copiesOf(filename).slice(0, -KEPT)) rmSync(old, { force: true })
    return Option.some(copy)
  })

/**
 * Runs the migrations; one that fails is said with its name and the copy taken before (they ran in one
 * transaction, so the database is as it was).
 */
export const migrateKeepingCopy = <E, R>(
  filename: string,
  migrate: Effect.Effect<unknown, E, R>,
  copy: Option.Option<string>
) =>
  Effect.catchCause(migrate, (cause): Effect.Effect<never, E | StartupError> => {
    const error = Cause.squash(cause)
    if (!(error instanceof Migrator.MigrationError)) return Effect.failCause(cause)
    const where = Option.match(copy, {
      onNone: () => "",
      onSome: (path) => ` A copy taken before migrating is at ${path}.`
    })
    return Effect.fail(
      new StartupError({
        message: `${error.message} on ${filename}: ${messagesOf(error.cause)}. The database was left as it was ` +
          `(the migrations run in one transaction).${where} Report this with the message above.`,
        exitCode: ExitCode.database
      })
    )
  })
