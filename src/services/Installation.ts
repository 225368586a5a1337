/**
 * The ids of this installation: the OS id `/connect` reports and the local user that creates assets. Chosen once
 * and persisted, so they are the same across restarts (and, over one PostgreSQL database, on every instance).
 */
import { Context, Effect, Layer } from "effect"
import { randomUUID } from "node:crypto"
import { ConnectorStore } from "../storage/ConnectorStore.ts"

export class Installation extends Context.Service<Installation>()("Installation", {
  make: Effect.gen(function*() {
    const store = yield* ConnectorStore
    const osId = yield* store.setting("os_id", randomUUID())
    const userId = yield* store.setting("user_id", randomUUID())
    return { osId, userId } as const
  })
}) {
  static readonly layer = Layer.effect(Installation, Installation.make)
}
