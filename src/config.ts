/**
 * The service's configuration, read from the environment through Effect `Config`. Other tools and issues rely
 * on these four names.
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

/** At `LOG_LEVEL=debug` (or finer) every request is logged and traced; otherwise neither, for throughput. */
export const isDebug = (config: ServiceConfig): boolean => LogLevel.lessThanEqual(config.logLevel, LogLevel.Debug)

/** The version `/.well-known/version` and `Context.health.os.version` report. */
export const SERVICE_VERSION = "0.1.0"
