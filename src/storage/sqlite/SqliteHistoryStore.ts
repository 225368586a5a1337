/** `HistoryStore` on SQLite: one writer, so rows read to change need no lock. */
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { HistoryStore } from "../HistoryStore.ts"
import { makeSqlHistoryStore } from "../SqlHistoryStore.ts"

export const layer = Layer.effect(
  HistoryStore,
  Effect.gen(function*() {
    const sql = yield* SqlClient
    return makeSqlHistoryStore(sql, false, undefined)
  })
)
