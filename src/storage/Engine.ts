/**
 * The storage engine the service runs on, from its configuration: SQLite at `DB_PATH`, the embedded default.
 */
import { Effect, Layer } from "effect"
import { ServiceConfig } from "../config.ts"
import { sqliteEngine } from "./sqlite/SqliteEngine.ts"

export const EngineLive = Layer.unwrapEffect(Effect.map(ServiceConfig, (config) => sqliteEngine(config.dbPath)))

/** Where the library is, for the start-up line (a file's path). */
export const describeLibrary = Effect.map(ServiceConfig, (config) => `database ${config.dbPath}`)
