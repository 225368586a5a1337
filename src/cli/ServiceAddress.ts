/**
 * Where the running service answers, found as the command's subcommands find it, so that none needs to be told
 * twice: `SERVICE_URL` when set; else the address the running instance recorded (`RunningRecord`), if its process
 * still runs; else the configuration's `HOST` and `PORT` (the environment, then the configuration file).
 */
import { defaultDatabasePath } from "../app/AppFolders.ts"
import { readConfigFile } from "../app/ConfigFile.ts"
import { isAlive, readRecord, recordPath, type RunningRecord } from "../app/RunningRecordFile.ts"

/** A setting as the service reads it: the environment, then the configuration file. */
export const setting = (key: string): string | undefined => {
  const file = readConfigFile()
  return process.env[key] ?? (typeof file === "object" ? file.values[key] : undefined)
}

/** The record of the running instance the configuration names, if it runs. */
export const runningRecord = (): RunningRecord | undefined => {
  const path = recordPath(setting("DB_PATH") ?? defaultDatabasePath(), (setting("DATABASE_URL") ?? "") !== "")
  const record = readRecord(path)
  return record !== undefined && isAlive(record.pid) ? record : undefined
}

export const serviceUrl = (): string =>
  process.env.SERVICE_URL ??
    runningRecord()?.url ??
    `http://${setting("HOST") ?? "127.0.0.1"}:${setting("PORT") ?? "39300"}`
