/** `HistoryStore` on SQLite: one writer, so rows read to change need no lock. */
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { HistoryStore } from "../HistoryStore.ts"
import { makeSqlHistoryStore } from "../SqlHistoryStore.ts"
import { inList } from "./InList.ts"

export const layer = Layer.effect(
  HistoryStore,
  Effect.gen(function*() {
    const sql = yield* SqlClient
    return makeSqlHistoryStore(sql, (column, values) => inList(sql, column, values), false, undefined)
  })
)
