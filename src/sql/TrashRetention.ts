/**
 * The trash's retention: assets deleted more than `TRASH_DAYS` ago are purged, at start-up and then hourly.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Layer, Schedule } from "effect"
import { TrashConfig } from "../config.ts"
import { purgeTrash } from "./AssetRows.ts"

export const purgeExpiredTrash = (days: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient
    const before = new Date(Date.now() - days * 24 * 3600 * 1000).toISOString()
    return yield* sql.withTransaction(purgeTrash(sql, { before }))
  }).pipe(Effect.orDie)

export const TrashRetention = Layer.scopedDiscard(Effect.gen(function*() {
  const { days } = yield* Effect.orDie(TrashConfig)
  yield* Effect.forkScoped(Effect.repeat(purgeExpiredTrash(days), Schedule.spaced("1 hour")))
}))
