/**
 * The running service's record of itself (`RunningRecordFile`): written once the service listens, removed when it
 * stops (if it is still its own: another instance may have started on the same library's folder since).
 */
import { Effect, Layer, Option } from "effect"
import { HttpServer } from "effect/http"
import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { SERVICE_VERSION, ServiceConfig } from "../config.ts"
import { describeLibrary } from "../storage/Engine.ts"
import { readRecord, recordPath, type RunningRecord } from "./RunningRecordFile.ts"
import { makeFolder } from "./StartupFiles.ts"

export const RunningRecordLive = Layer.effectDiscard(Effect.gen(function*() {
  const server = yield* HttpServer.HttpServer
  const config = yield* ServiceConfig
  const path = recordPath(config.dbPath, Option.isSome(config.databaseUrl))
  const record: RunningRecord = {
    pid: process.pid,
    url: HttpServer.formatAddress(server.address),
    database: Option.isSome(config.databaseUrl)
      ? (yield* describeLibrary).replace(/^database /, "")
      : config.dbPath === ":memory:"
      ? config.dbPath
      : resolve(config.dbPath),
    version: SERVICE_VERSION,
    started: new Date().toISOString()
  }
  yield* Effect.acquireRelease(
    Effect.sync(() => {
      try {
        makeFolder(dirname(path))
        writeFileSync(`${path}.${process.pid}`, JSON.stringify(record))
        renameSync(`${path}.${process.pid}`, path)
      } catch {
        // Without the record the command finds the service by its configuration.
      }
    }),
    () =>
      Effect.sync(() => {
        if (existsSync(path) && readRecord(path)?.pid === process.pid) rmSync(path, { force: true })
      })
  )
}))
