/**
 * The one user of a local installation, with no sign-in: a profile made once (its id is the installation's user
 * id, which creates every asset; its name the operating system's user name) and kept, so it is the same on every
 * start.
 */
import { Context, Effect, Layer, Schema } from "effect"
import { userInfo } from "node:os"
import { timestamp } from "../domain/Timestamps.ts"
import { UserProfile } from "../domain/User.ts"
import { ConnectorStore } from "../storage/ConnectorStore.ts"
import { Installation } from "./Installation.ts"

const decodeProfile = Schema.decodeUnknownEffect(Schema.fromJsonString(UserProfile))

/** The operating system's name for the person running the service, if it says. */
const systemUserName = (): string => {
  try {
    return userInfo().username || "local"
  } catch {
    return "local"
  }
}

export class LocalUser extends Context.Service<LocalUser>()("LocalUser", {
  make: Effect.gen(function*() {
    const store = yield* ConnectorStore
    const installation = yield* Installation
    const name = systemUserName()
    const made: UserProfile = {
      id: installation.userId,
      name,
      username: name,
      created: timestamp(new Date()),
      updated: timestamp(new Date()),
      aesthetics: { theme: { dark: false }, font: { size: 14 } }
    }
    const profile = yield* decodeProfile(yield* store.setting("user_profile", JSON.stringify(made)))
    return { profile } as const
  }).pipe(Effect.orDie)
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(LocalUser, LocalUser.make)
  static readonly layer = LocalUser.layerNoDeps.pipe(Layer.provide([Installation.layer]))
}
