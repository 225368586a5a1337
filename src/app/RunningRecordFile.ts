/**
 * The record a running service leaves of itself (`service.json`, beside its SQLite database, else in the user's data
 * folder): its process, address, database, version and start, for the command to find it by (`cli/ServiceAddress`)
 * without being told its port.
 */
import { readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { appFolders } from "./AppFolders.ts"

export interface RunningRecord {
  readonly pid: number
  readonly url: string
  readonly database: string
  readonly version: string
  readonly started: string
}

/** Where the service with this database keeps its record. */
export const recordPath = (dbPath: string, onPostgres: boolean) =>
  onPostgres || dbPath === ":memory:"
    ? join(appFolders().data, "service.json")
    : join(dirname(resolve(dbPath)), "service.json")

export const readRecord = (path: string): RunningRecord | undefined => {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as RunningRecord
  } catch {
    return undefined
  }
}

/** Whether the process `pid` is running. */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

