/**
 * The ids of this installation: the OS id `/connect` reports and the local user that creates assets. Chosen once
 * and persisted, so they are the same across restarts (and, over one PostgreSQL database, on every instance).
 */
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { ConnectorStore } from "../storage/ConnectorStore.ts"

export class Installation extends Effect.Service<Installation>()("Installation", {
  effect: Effect.gen(function*() {
    const store = yield* ConnectorStore
    const osId = yield* store.setting("os_id", randomUUID())
    const userId = yield* store.setting("user_id", randomUUID())
    return { osId, userId } as const
  })
}) {}
