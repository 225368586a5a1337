/**
 * Intentions: code an integration expects its user may save (`POST /{application}/intention`), persisted per
 * application through the commit path; a later suggestion for matching code suggests saving it. An intention is a
 * hint about the near future, so each application keeps its latest `KEPT_PER_APPLICATION` (older ones are deleted
 * as new ones arrive).
 */
import { Context, Effect, Layer } from "effect"
import { randomUUID } from "node:crypto"
import type { SeededConnectorAsset } from "../domain/Connector.ts"
import { ConnectorStore } from "../storage/ConnectorStore.ts"
import { Commits } from "./Commits.ts"
import { IntentionIndex, KEPT_PER_APPLICATION } from "./IntentionIndex.ts"

/** How alike code must be to an intention to count as what was intended. */
export const INTENTION_MATCH = 0.6
export { KEPT_PER_APPLICATION }

export class Intentions extends Context.Service<Intentions>()("Intentions", {
  make: Effect.gen(function*() {
    const store = yield* ConnectorStore
    const commits = yield* Commits
    const index = yield* IntentionIndex

    return {
      /** Stores an intention, and lets the application's oldest go past its latest `KEPT_PER_APPLICATION`. */
      add: (applicationId: string, seed: SeededConnectorAsset, code: string) =>
        commits.commit((tx) =>
          Effect.gen(function*() {
            const id = randomUUID()
            yield* store.addIntention({
              id,
              applicationId,
              created: new Date().toISOString(),
              seed: JSON.stringify(seed),
              code
            }, KEPT_PER_APPLICATION)
            tx.intentionAdded({ applicationId, code })
            return id
          })
        ),
      bestMatch: index.bestMatch
    } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(Intentions, Intentions.make)
  static readonly layer = Intentions.layerNoDeps.pipe(Layer.provide([Commits.layer, IntentionIndex.layer]))
}
