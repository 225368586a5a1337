/**
 * The service's configuration, read through Effect `Config` from the environment and the configuration file
 * (`app/ConfigFile.ts`). Other tools rely on these names; the README lists them.
 */
import { Config, LogLevel, Schema, SchemaTransformation } from "effect"
import { defaultDatabasePath } from "./app/AppFolders.ts"

/** A log level in any case (`debug`, `DEBUG`), as the README has always spelled them. */
const LogLevelName = Schema.String.pipe(
  Schema.decodeTo(
    Schema.Literals(LogLevel.values),
    SchemaTransformation.transform({
      decode: (name) => `${name.charAt(0).toUpperCase()}${name.slice(1).toLowerCase()}` as LogLevel.LogLevel,
      encode: (level) => level
    })
  )
)

/** A whole number above zero. */
const PositiveInt = Schema.Int.check(Schema.isGreaterThan(0))

export const ServiceConfig = Config.all({
  port: Config.Port("PORT").pipe(Config.withDefault(39300)),
  host: Config.String("HOST").pipe(Config.withDefault("127.0.0.1")),
  /**
   * A file path, or `:memory:` for a database that lives as long as the process; by default in the user's data
   * folder, or a checkout's `data/` (`AppFolders`).
   */
  dbPath: Config.String("DB_PATH").pipe(Config.withDefault(defaultDatabasePath())),
  /** A PostgreSQL database (`postgres://user:password@host:5432/library`) to use instead of the SQLite file. */
  databaseUrl: Config.option(Config.Redacted("DATABASE_URL")),
  logLevel: Config.schema(LogLevelName, "LOG_LEVEL").pipe(Config.withDefault<LogLevel.LogLevel>("Info")),
  /** Every answer says how long the service took to make it (`ServerTiming`). */
  serverTiming: Config.Boolean("SERVER_TIMING").pipe(Config.withDefault(false))
})
export type ServiceConfig = Config.Success<typeof ServiceConfig>

/**
 * How far a WebSocket subscriber may fall behind before it is closed (it then reconnects and gets a fresh state):
 * changes waiting for it, and bytes written to its socket that it has not read yet.
 */
export const StreamConfig = Config.all({
  maxBacklog: Config.Int("STREAM_MAX_BACKLOG").pipe(Config.withDefault(1_000)),
  maxBufferedBytes: Config.Int("STREAM_MAX_BUFFERED_BYTES").pipe(Config.withDefault(4 * 1024 * 1024))
})

/** What the service lets in: the largest request body, extra `Host` names and `Origin`s (see `OriginPolicy`). */
export const GuardConfig = Config.all({
  maxBodyBytes: Config.schema(PositiveInt, "MAX_BODY_BYTES").pipe(Config.withDefault(10 * 1024 * 1024)),
  allowedHosts: Config.String("ALLOWED_HOSTS").pipe(Config.withDefault("")),
  allowedOrigins: Config.String("ALLOWED_ORIGINS").pipe(Config.withDefault(""))
})

/** How long deleted assets stay in the trash before they are purged. */
export const TrashConfig = Config.all({
  days: Config.schema(Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)), "TRASH_DAYS").pipe(
    Config.withDefault(30)
  )
})

/** How long a shutdown waits for requests in flight before closing their connections. */
/** In a team library on PostgreSQL, the member this instance writes for (else the database role it logs in as). */
export const TeamConfig = Config.all({
  member: Config.option(Config.String("MEMBER"))
})

/**
 * What an assistant's edit over MCP does: `apply` changes the snippet; `propose` keeps it as a proposal until the
 * user accepts it (`/proposals`).
 */
export const AssistantConfig = Config.all({
  edits: Config.schema(Schema.Literals(["apply", "propose"]), "ASSISTANT_EDITS").pipe(Config.withDefault<"apply" | "propose">("apply"))
})

export const ShutdownConfig = Config.all({
  graceMillis: Config.Int("SHUTDOWN_GRACE_MS").pipe(Config.withDefault(10_000))
})

/** At `LOG_LEVEL=debug` (or finer) every request is logged and traced; otherwise neither, for throughput. */
export const isDebug = (config: ServiceConfig): boolean => LogLevel.isLessThanOrEqualTo(config.logLevel, "Debug")

/** This service's own version: `GET /.well-known/stats` reports it. */
export const SERVICE_VERSION = "0.2.0"

/**
 * The Pieces OS API version this service is compatible with, which `/.well-known/version` and
 * `Context.health.os.version` report: Pieces clients accept only `12.0.0 <= version < 13.0.0`.
 */
export const PIECES_OS_API_VERSION = "12.0.0"
