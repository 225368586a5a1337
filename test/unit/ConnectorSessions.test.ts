import { expect, layer } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { ApplicationId } from "../../src/domain/Common.ts"
import { ConnectorSessions } from "../../src/services/ConnectorSessions.ts"
import { servicesOn, testEngines } from "./TestLayers.ts"

for (const engine of testEngines) layer(servicesOn(engine))(`ConnectorSessions (${engine})`, (it) => {
  it.effect("the same name, version and platform reconnect to the same application", () =>
    Effect.gen(function*() {
      const sessions = yield* ConnectorSessions
      const first = yield* sessions.connect({ name: "JETBRAINS", version: "2.0", platform: "MACOS" })
      const again = yield* sessions.connect({ name: "JETBRAINS", version: "2.0", platform: "MACOS" })
      const other = yield* sessions.connect({ name: "JETBRAINS", version: "2.1", platform: "MACOS" })
      expect(again.id).toBe(first.id)
      expect(other.id).not.toBe(first.id)
      expect(first).toMatchObject({ onboarded: false, privacy: "OPEN" })
    }))

  it.effect("an application that never connected is refused with ApplicationNotConnected", () =>
    Effect.gen(function*() {
      const sessions = yield* ConnectorSessions
      const exit = yield* Effect.exit(sessions.require(ApplicationId.make("99999999-9999-4999-8999-999999999999")))
      expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("ApplicationNotConnected")
    }))
})
