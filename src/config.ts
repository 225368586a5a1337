/**
 * The service's configuration, read from the environment through Effect `Config`. Other tools and issues rely
 * on these names; the README lists them.
 */
import { Config, LogLevel } from "effect"

export const ServiceConfig = Config.all({
  port: Config.port("PORT").pipe(Config.withDefault(39300)),
  host: Config.string("HOST").pipe(Config.withDefault("127.0.0.1")),
  /** A file path, or `:memory:` for a database that lives as long as the process. */
  dbPath: Config.string("DB_PATH").pipe(Config.withDefault("data/assets.db")),
  /** A PostgreSQL database (`postgres://user:password@host:5432/library`) to use instead of the SQLite file. */
  databaseUrl: Config.option(Config.redacted("DATABASE_URL")),
  logLevel: Config.logLevel("LOG_LEVEL").pipe(Config.withDefault(LogLevel.Info)),
  /** Every answer says how long the service took to make it (`ServerTiming`). */
  serverTiming: Config.boolean("SERVER_TIMING").pipe(Config.withDefault(false))
})
export type ServiceConfig = Config.Config.Success<typeof ServiceConfig>

/**
 * How far a WebSocket subscriber may fall behind before it is closed (it then reconnects and gets a fresh state):
 * changes waiting for it, and bytes written to its socket that it has not read yet.
 */
export const StreamConfig = Config.all({
  maxBacklog: Config.integer("STREAM_MAX_BACKLOG").pipe(Config.withDefault(1_000)),
  maxBufferedBytes: Config.integer("STREAM_MAX_BUFFERED_BYTES").pipe(Config.withDefault(4 * 1024 * 1024))
})

/** What the service lets in: the largest request body, extra `Host` names and `Origin`s (see `OriginPolicy`). */
export const GuardConfig = Config.all({
  maxBodyBytes: Config.integer("MAX_BODY_BYTES").pipe(
    Config.withDefault(10 * 1024 * 1024),
    Config.validate({ message: "MAX_BODY_BYTES must be a positive number of bytes", validation: (n) => n > 0 })
  ),
  allowedHosts: Config.string("ALLOWED_HOSTS").pipe(Config.withDefault("")),
  allowedOrigins: Config.string("ALLOWED_ORIGINS").pipe(Config.withDefault(""))
})

/** How long deleted assets stay in the trash before they are purged. */
export const TrashConfig = Config.all({
  days: Config.number("TRASH_DAYS").pipe(
    Config.withDefault(30),
    Config.validate({ message: "TRASH_DAYS must be a number of days, 0 or more", validation: (n) => n >= 0 })
  )
})

/** How long a shutdown waits for requests in flight before closing their connections. */
export const ShutdownConfig = Config.all({
  graceMillis: Config.integer("SHUTDOWN_GRACE_MS").pipe(Config.withDefault(10_000))
})

/** At `LOG_LEVEL=debug` (or finer) every request is logged and traced; otherwise neither, for throughput. */
export const isDebug = (config: ServiceConfig): boolean => LogLevel.lessThanEqual(config.logLevel, LogLevel.Debug)

/** This service's own version: `GET /.well-known/stats` reports it. */
export const SERVICE_VERSION = "0.2.0"

/**
 * The Pieces OS API version this service is compatible with, which `/.well-known/version` and
 * `Context.health.os.version` report: Pieces clients accept only `12.0.0 <= version < 13.0.0`.
 */
export const PIECES_OS_API_VERSION = "12.0.0"
