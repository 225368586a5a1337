/**
 * One service per database file. The search, facet and similarity indexes live partly in memory, so a second
 * service writing the same file would leave each one's indexes blind to the other's assets. Each service holds an
 * exclusive lock on a small companion file, `<DB_PATH>.lock` (a SQLite database in exclusive locking mode, so the
 * lock is the operating system's and is released however the process ends, SIGKILL included). Other programs may
 * still read the database itself.
 */
import { SqliteClient } from "@effect/sql-sqlite-node"
import { Cause, Effect, Layer } from "effect"
import { Reactivity } from "effect/reactivity"
import { ExitCode, messagesOf, StartupError } from "../../StartupError.ts"

export const lockPathOf = (dbPath: string) => `${dbPath}.lock`

/** Holds the lock for as long as the layer lives; fails with a `StartupError` when another service holds it. */
export const instanceLock = (dbPath: string): Layer.Layer<never, StartupError> =>
  Layer.effectDiscard(Effect.gen(function*() {
    const sql = yield* SqliteClient.make({ filename: lockPathOf(dbPath), disableWAL: true })
    yield* sql.unsafe("PRAGMA journal_mode = DELETE")
    yield* sql.unsafe("PRAGMA locking_mode = EXCLUSIVE")
    // The first write takes the exclusive lock; in this mode it is kept until the connection closes.
    yield* sql.unsafe("BEGIN EXCLUSIVE")
    yield* sql.unsafe("COMMIT")
  }).pipe(
    Effect.provide(Reactivity.layer),
    Effect.catchCause((cause) => {
      const text = messagesOf(Cause.squash(cause))
      const message = /SQLITE_BUSY|database is locked/i.test(text)
        ? `Another instance of this service is using the database ${dbPath} (it holds ${
          lockPathOf(dbPath)
        }): stop it, or set DB_PATH to another file.`
        : `Cannot lock the database ${dbPath} through ${lockPathOf(dbPath)}: ${text}`
      return Effect.fail(new StartupError({ message, exitCode: ExitCode.database }))
    })
  ))
