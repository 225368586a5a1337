/**
 * The PostgreSQL engine: the storage ports over one PostgreSQL database (15 or later) at `DATABASE_URL`, which
 * several instances of the service may share. Start-up connects, checks the server, and runs the migrations under
 * an advisory lock (instances starting together run them once; a schema from a newer version is refused). A
 * database that cannot be used fails start-up with one line naming host, database and reason, never the password.
 */
import { PgClient } from "@effect/sql-pg"
import { Cause, Duration, Effect, Exit, Layer, Redacted } from "effect"
import { SqlClient } from "effect/sql/SqlClient"
import { ExitCode, messagesOf, StartupError } from "../../StartupError.ts"
import { announceMigrations, refuseNewerSchema } from "../SchemaVersion.ts"
import type { StoragePorts } from "../StoragePorts.ts"
import * as PgAssetStore from "./PgAssetStore.ts"
import * as PgChangeFeed from "./PgChangeFeed.ts"
import * as PgConnectorStore from "./PgConnectorStore.ts"
import * as PgHistoryStore from "./PgHistoryStore.ts"
import * as PgLiveAssetRows from "./PgLiveAssetRows.ts"
import * as PgMetadataStore from "./PgMetadataStore.ts"
import * as PgSearchIndexSnapshots from "./PgSearchIndexSnapshots.ts"
import * as PgSimilarityStore from "./PgSimilarityStore.ts"
import * as PgStatistics from "./PgStatistics.ts"
import * as PgTextSearch from "./PgTextSearch.ts"
import * as PgWriterLock from "./PgWriterLock.ts"
import { migrate, MIGRATION_NAMES } from "./migrations.ts"

/** The oldest PostgreSQL the engine runs on. */
const MINIMUM_SERVER = 150000
/** The migrations' advisory lock key ("migrate" in ASCII); a bigint, as it is wider than a double holds exactly. */
const MIGRATION_LOCK = 0x6d696772617465n

/** The database a connection string names, without its password: what logs and errors may show. */
export const describeDatabase = (url: string): string => {
  try {
    const parsed = new URL(url)
    const user = parsed.username === "" ? "" : `${decodeURIComponent(parsed.username)}@`
    return `postgres://${user}${parsed.host || "localhost"}${parsed.pathname}`
  } catch {
    return "(a DATABASE_URL that is not a postgres:// URL)"
  }
}

/** What PostgreSQL (or the network) said, in words a user can act on. */
const connectionProblem = (url: string, error: unknown): string => {
  const text = messagesOf(error)
  const parsed = (() => {
    try {
      return new URL(url)
    } catch {
      return undefined
    }
  })()
  const address = parsed === undefined ? "the server" : `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`
  const reason = /ECONNREFUSED/.test(text)
    ? `nothing answers at ${address} (is PostgreSQL running there?)`
    : /ENOTFOUND|EAI_AGAIN/.test(text)
    ? `no such host as ${parsed?.hostname ?? "given"}`
    : /password authentication failed|28P01/.test(text)
    ? "the server refused the password"
    : /database ".*" does not exist|3D000/.test(text)
    ? `${/database ".*" does not exist/.exec(text)?.[0] ?? "the database does not exist"}; create it, or name another`
    : /no pg_hba\.conf entry|28000/.test(text)
    ? "the server does not let this user connect from here (pg_hba.conf)"
    : /timed out|timeout/i.test(text)
    ? `no answer from ${address} in time`
    : /permission denied/.test(text)
    ? `permission denied: ${text} (the user must own the database, or be granted CREATE on it)`
    : text
  return `Cannot use the database ${describeDatabase(url)}: ${reason}.`
}

/** The server must be recent enough for what the schema uses. */
const checkServer = Effect.gen(function*() {
  const sql = yield* SqlClient
  const [row] = yield* sql<{ version: number; text: string }>`
    SELECT current_setting('server_version_num')::int AS version, current_setting('server_version') AS text`
  if (row.version < MINIMUM_SERVER) {
    return yield* Effect.fail(new Error(`it runs PostgreSQL ${row.text}; version 15 or later is needed`))
  }
})

/** Migrations, once however many instances start together: under a session advisory lock on a connection held. */
const migrateOnce = (url: string) =>
  Effect.scoped(Effect.gen(function*() {
    const sql = yield* SqlClient
    const connection = yield* sql.reserve
    yield* connection.execute("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK], undefined)
    yield* Effect.ensuring(
      Effect.gen(function*() {
        const from = yield* refuseNewerSchema(MIGRATION_NAMES, describeDatabase(url))
        yield* announceMigrations(from, MIGRATION_NAMES, describeDatabase(url))
        yield* migrate
      }),
      Effect.ignore(connection.execute("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK], undefined))
    )
  }))

const ClosedLog = Layer.effectDiscard(Effect.addFinalizer((exit) =>
  Exit.isSuccess(exit) || Cause.hasInterruptsOnly(exit.cause) ? Effect.logInfo("Database closed") : Effect.void
))

const APPLICATION_NAME = "asset-connector-service"

/**
 * A pool of connections, each keeping the statements it prepared (a statement is parsed once per connection, then
 * only bound and executed).
 */
const client = (url: Redacted.Redacted<string>) =>
  PgClient.layer({
    url,
    applicationName: APPLICATION_NAME,
    maxConnections: 10,
    connectTimeout: Duration.seconds(5),
    idleTimeout: Duration.seconds(60),
    // Planned for each execution's values still, as unnamed statements are: a plan PostgreSQL keeps for any values
    // (its choice after five executions) cannot know a search's pattern, and warm searches took twice as long with
    // it; a write transaction plans its statements once (`PgWriterLock`). New entries of the search indexes (GIN)
    // wait in a list every search reads through, until autovacuum or a writer merges them: kept short, searches right
    // after a burst of saves are faster, for a little more of the server's time a save.
    startupOptions: "-c plan_cache_mode=force_custom_plan -c gin_pending_list_limit=128kB"
  })

/** A layer that fails to build with `error`. */
const failed = <A>(error: StartupError): Layer.Layer<A, StartupError> => Layer.effectContext(Effect.fail(error))

/** A connected, checked, migrated client, or a `StartupError` saying why the database cannot be used. */
const openDatabase = (url: Redacted.Redacted<string>): Layer.Layer<SqlClient | PgClient.PgClient, StartupError> => {
  const raw = Redacted.value(url)
  const ready = Layer.effectDiscard(Effect.andThen(checkServer, migrateOnce(raw)))
  return Layer.provideMerge(Layer.merge(ready, ClosedLog), client(url)).pipe(
    Layer.catchCause((cause) => {
      const error = Cause.squash(cause)
      return failed(
        error instanceof StartupError
          ? error
          : new StartupError({ message: connectionProblem(raw, error), exitCode: ExitCode.database })
      )
    })
  )
}

/** The storage ports over an open database. */
const ports = Layer.mergeAll(
  PgAssetStore.layer,
  PgLiveAssetRows.layer,
  PgMetadataStore.layer,
  PgTextSearch.layer,
  PgSimilarityStore.layer,
  PgConnectorStore.layer,
  PgWriterLock.layer,
  PgChangeFeed.layer,
  PgHistoryStore.layer,
  PgSearchIndexSnapshots.layer
)

/** The engine on the database at `url`, its `SqlClient` too (for tests and benchmarks). */
export const pgEngine = (
  url: Redacted.Redacted<string>
): Layer.Layer<StoragePorts | SqlClient | PgClient.PgClient, StartupError> =>
  Layer.provideMerge(
    Layer.merge(ports, PgStatistics.layer.pipe(Layer.provide(PgWriterLock.layer))),
    openDatabase(url)
  )
