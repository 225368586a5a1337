/**
 * The SQLite engine: the storage ports over one SQLite file (`DB_PATH`), the embedded default. Its `SqlClient` is
 * `@effect/sql-sqlite-node`'s, over the built-in `node:sqlite` (on Node and Deno alike), opened, tuned, checked
 * writable, migrated and with fresh planner statistics. A database that cannot be used fails start-up with a
 * `StartupError` saying why (locked, not a database, cannot be opened, a migration failed), not a stack trace. A
 * database an earlier version wrote is copied before it is migrated (`MigrationCopy`). A file is used by one
 * service at a time (`InstanceLock`), so the change feed lives in the process, and the search index's snapshot
 * kept at a stop (`SqliteSearchIndexSnapshots`) stands for the library until the next start reads it.
 */
import { SqliteClient } from "@effect/sql-sqlite-node"
import { Cause, Effect, Exit, Layer, Option } from "effect"
import { SqlClient } from "effect/sql/SqlClient"
import { accessSync, constants } from "node:fs"
import { dirname } from "node:path"
import { ExitCode, messagesOf, StartupError } from "../../StartupError.ts"
import type { StoragePorts } from "../StoragePorts.ts"
import * as LiveAssetRows from "../LiveAssetRows.ts"
import * as InProcessChangeFeed from "./InProcessChangeFeed.ts"
import { instanceLock, lockPathOf } from "./InstanceLock.ts"
import { refuseNewerSchema } from "../SchemaVersion.ts"
import { copyBeforeMigrating, migrateKeepingCopy } from "./MigrationCopy.ts"
import { KEEP_SEARCH_INDEX, migrate, MIGRATION_NAMES } from "./migrations/index.ts"
import { makeFolder, mayCreate } from "../../app/StartupFiles.ts"
import * as SqliteAssetStore from "./SqliteAssetStore.ts"
import * as SqliteConnectorStore from "./SqliteConnectorStore.ts"
import * as SqliteHistoryStore from "./SqliteHistoryStore.ts"
import * as SqliteMetadataStore from "./SqliteMetadataStore.ts"
import * as SqliteSearchIndexSnapshots from "./SqliteSearchIndexSnapshots.ts"
import { snapshotPathOf } from "./SqliteSearchIndexSnapshots.ts"
import * as SqliteSimilarityStore from "./SqliteSimilarityStore.ts"
import * as SqliteTextSearch from "./SqliteTextSearch.ts"
import * as SqliteWriterLock from "./SqliteWriterLock.ts"
import { FullTextMerging } from "./FullTextMerging.ts"
import { statisticsAtStart, StatisticsUpkeep } from "./Statistics.ts"
import { syncedFolderWarning } from "./SyncedFolder.ts"
import { WalCheckpoints } from "./WalCheckpoints.ts"

/** Durability settings: WAL (set by the client) with synchronous=NORMAL survives a process crash. */
const tune = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`PRAGMA synchronous = NORMAL`
  yield* sql`PRAGMA foreign_keys = ON`
})

/** Takes and releases the write lock, so that a database another process holds fails now, not on the first save. */
const checkWritable = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql.unsafe("BEGIN IMMEDIATE")
  yield* sql.unsafe("ROLLBACK")
})

/** What SQLite's error says about the file, in words a user can act on. */
const databaseProblem = (filename: string, error: unknown): string => {
  const text = messagesOf(error)
  const reason = /SQLITE_BUSY|SQLITE_LOCKED|database is locked/i.test(text)
    ? "it is locked by another process (a tool holding a write transaction on it)"
    : /SQLITE_NOTADB|not a database/i.test(text)
    ? "the file is not a SQLite database"
    : /SQLITE_CORRUPT|malformed/i.test(text)
    ? "the database file is corrupt"
    : /SQLITE_READONLY|readonly|read-only/i.test(text)
    ? "the file or its folder is read-only"
    : /SQLITE_CANTOPEN|unable to open|SQLITE_PERM|SQLITE_AUTH|permission/i.test(text)
    ? "the file cannot be opened (is it a folder, or unreadable?)"
    : text
  return `Cannot use the database ${filename}: ${reason}. Set DB_PATH to another file or fix this one.`
}

/** A layer that fails to build with `error`. */
const failed = <A>(error: StartupError): Layer.Layer<A, StartupError> => Layer.effectContext(Effect.fail(error))

/** A tuned, checked, migrated client on `filename`, or a `StartupError` saying why the file cannot be used. */
export const openDatabase = (filename: string): Layer.Layer<SqlClient | SqliteClient.SqliteClient, StartupError> => {
  const ready = Layer.effectDiscard(Effect.gen(function*() {
    yield* tune
    yield* checkWritable
    const from = yield* refuseNewerSchema(MIGRATION_NAMES, filename)
    const copy = yield* copyBeforeMigrating(filename, from, MIGRATION_NAMES.length)
    yield* migrateKeepingCopy(filename, migrate, copy)
    // A migration may change what the search index holds: a snapshot kept before it is not read.
    const sql = yield* SqlClient
    if (Option.isSome(copy) && MIGRATION_NAMES.slice(from).some((name) => !KEEP_SEARCH_INDEX.has(name))) {
      yield* sql`DELETE FROM search_index_snapshot`
    }
    yield* statisticsAtStart
  }))
  // The upkeep reads the library's tables, so it starts once they are migrated. A database in memory has no log.
  const upkeep = filename === ":memory:"
    ? Layer.merge(StatisticsUpkeep, FullTextMerging)
    : Layer.mergeAll(StatisticsUpkeep, FullTextMerging, WalCheckpoints(filename))
  const migratedAndUpkept = Layer.flatMap(ready, () => upkeep)
  return Layer.provideMerge(migratedAndUpkept, SqliteClient.layer({ filename })).pipe(
    Layer.catchCause((cause) => {
      const error = Cause.squash(cause)
      return failed(
        error instanceof StartupError
          ? error
          : new StartupError({ message: databaseProblem(filename, error), exitCode: ExitCode.database })
      )
    })
  )
}

/**
 * Says so in the log once the database has been closed at shutdown (its layer is released before this one); not
 * when start-up failed, where it may never have opened.
 */
const ClosedLog = Layer.effectDiscard(Effect.addFinalizer((exit) =>
  Exit.isSuccess(exit) || Cause.hasInterruptsOnly(exit.cause) ? Effect.logInfo("Database closed") : Effect.void
))

/** Why a folder could not be made, in words a user can act on (naming the folder where the system does). */
const folderProblem = (error: unknown) => {
  const { code, path } = error as NodeJS.ErrnoException
  return code === "EACCES" || code === "EPERM" || code === "EROFS"
    ? `permission denied: ${path === undefined ? "a folder on its path" : dirname(path)} is not writable; choose another DB_PATH`
    : code === "ENOENT" || code === "ENOTDIR"
    ? `${path ?? "a folder on its path"} cannot hold folders; choose another DB_PATH`
    : messagesOf(error)
}

const openFile = (dbPath: string): Layer.Layer<SqlClient | SqliteClient.SqliteClient, StartupError> => Layer.unwrap(Effect.gen(function*() {
  if (dbPath === ":memory:") return openDatabase(dbPath).pipe(Layer.provideMerge(ClosedLog))
  const folder = dirname(dbPath)
  yield* Effect.try({
    try: () => makeFolder(folder),
    catch: (error) =>
      new StartupError({
        message: `Cannot create the folder of the database ${dbPath}: ${folderProblem(error)}`,
        exitCode: ExitCode.database
      })
  })
  // The folder holds the database's log, lock and snapshot files beside it: it must be writable.
  yield* Effect.try({
    try: () => accessSync(folder, constants.W_OK),
    catch: () =>
      new StartupError({
        message: `Cannot use the database ${dbPath}: permission denied: ${folder} is not writable; choose another DB_PATH`,
        exitCode: ExitCode.database
      })
  })
  // A start that fails removes what it created (`StartupFiles`).
  mayCreate(dbPath, `${dbPath}-wal`, `${dbPath}-shm`, lockPathOf(dbPath), `${lockPathOf(dbPath)}-journal`, snapshotPathOf(dbPath))
  const synced = syncedFolderWarning(dbPath)
  if (synced !== undefined) yield* Effect.logWarning(synced)
  // The lock is taken before the database is opened and released after it is closed.
  return openDatabase(dbPath).pipe(Layer.provideMerge(ClosedLog), Layer.provideMerge(instanceLock(dbPath)))
}))

/** The storage ports over an open database (the `SqlClient` they are given). */
export const SqlitePorts = Layer.provideMerge(
  LiveAssetRows.portByPort,
  Layer.mergeAll(
    SqliteAssetStore.layer,
    SqliteMetadataStore.layer,
    SqliteTextSearch.layer,
    SqliteSimilarityStore.layer,
    SqliteConnectorStore.layer,
    SqliteWriterLock.layer,
    InProcessChangeFeed.layer,
    SqliteHistoryStore.layer
  )
)

/** The engine on `filename` (a file, or `:memory:`), its `SqlClient` too (for tests, benchmarks and migrations). */
export const sqliteEngine = (
  filename: string
): Layer.Layer<StoragePorts | SqlClient | SqliteClient.SqliteClient, StartupError> =>
  Layer.provideMerge(
    // A database in memory ends with the process: there is nothing to start from again.
    filename === ":memory:" ? SqlitePorts : Layer.merge(SqlitePorts, SqliteSearchIndexSnapshots.layer(filename)),
    openFile(filename)
  )

/** For tests and benchmarks, where a database that cannot be opened is a bug. */
export const sqliteEngineOrDie = (filename: string) => sqliteEngine(filename).pipe(Layer.orDie)
