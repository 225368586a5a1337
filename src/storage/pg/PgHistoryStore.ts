/**
 * `HistoryStore` on PostgreSQL: a proposal read to settle is locked until its transaction ends; revisions name the
 * team member this instance writes for: `MEMBER`, else the role it logs in as.
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer, Option } from "effect"
import { TeamConfig } from "../../config.ts"
import { HistoryStore } from "../HistoryStore.ts"
import { makeSqlHistoryStore } from "../SqlHistoryStore.ts"

export const layer = Layer.effect(
  HistoryStore,
  Effect.gen(function*() {
    const sql = yield* SqlClient
    const { member } = yield* Effect.orDie(TeamConfig)
    const role = Option.isSome(member)
      ? member.value
      : (yield* Effect.orDie(sql<{ role: string }>`SELECT current_user AS role`))[0].role
    return makeSqlHistoryStore(sql, true, role)
  })
)
