/**
 * The ids of this installation: the OS id `/connect` reports and the local user that creates assets. Chosen once
 * and persisted, so they are the same across restarts.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"

const settingOnce = (key: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient
    yield* sql`INSERT INTO settings (key, value) VALUES (${key}, ${randomUUID()}) ON CONFLICT (key) DO NOTHING`
    const rows = yield* sql<{ value: string }>`SELECT value FROM settings WHERE key = ${key}`
    return rows[0].value
  })

export class Installation extends Effect.Service<Installation>()("Installation", {
  effect: Effect.gen(function*() {
    const osId = yield* settingOnce("os_id")
    const userId = yield* settingOnce("user_id")
    return { osId, userId } as const
  }).pipe(Effect.orDie)
}) {}
