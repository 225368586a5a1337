/**
 * Each application's latest intentions (code it said its user may save), held in memory already prepared for
 * comparison: a suggestion compares, it does not tokenise them again. Loaded at start-up, then kept current by the
 * change feed (`LibraryFollowers`).
 */
import { Context, Effect, Layer } from "effect"
import { type PreparedCode, prepare, similarityBetween } from "../domain/CodeFingerprint.ts"
import { ConnectorStore } from "../storage/ConnectorStore.ts"

/** The intentions an application keeps: its latest. */
export const KEPT_PER_APPLICATION = 100

export class IntentionIndex extends Context.Service<IntentionIndex>()("IntentionIndex", {
  make: Effect.gen(function*() {
    const store = yield* ConnectorStore
    /** Each application's kept intentions, oldest first. */
    const byApplication = new Map<string, Array<PreparedCode>>()
    const remember = (applicationId: string, code: string) => {
      const kept = byApplication.get(applicationId) ?? []
      kept.push(prepare(code))
      if (kept.length > KEPT_PER_APPLICATION) kept.splice(0, kept.length - KEPT_PER_APPLICATION)
      byApplication.set(applicationId, kept)
    }
    return {
      /** Loads every application's latest intentions (at start-up, before following the feed). */
      load: Effect.gen(function*() {
        byApplication.clear()
        for (const row of yield* store.latestIntentions(KEPT_PER_APPLICATION)) remember(row.applicationId, row.code)
      }),
      remember,
      /** The best similarity of `code` to the application's intentions (0 when it has none). */
      bestMatch: (applicationId: string, code: string): number => {
        const query = prepare(code)
        return Math.max(0, ...(byApplication.get(applicationId) ?? []).map((kept) => similarityBetween(query, kept)))
      }
    } as const
  })
}) {
  static readonly layer = Layer.effect(IntentionIndex, IntentionIndex.make)
}
