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
  logLevel: Config.logLevel("LOG_LEVEL").pipe(Config.withDefault(LogLevel.Info))
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

/** At `LOG_LEVEL=debug` (or finer) every request is logged and traced; otherwise neither, for throughput. */
export const isDebug = (config: ServiceConfig): boolean => LogLevel.lessThanEqual(config.logLevel, LogLevel.Debug)

/** The version `/.well-known/version` and `Context.health.os.version` report. */
export const SERVICE_VERSION = "0.1.0"
