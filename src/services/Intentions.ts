/**
 * Intentions: code an integration expects its user may save (`POST /{application}/intention`), persisted per
 * application; a later suggestion for matching code suggests saving it. An intention is a hint about the near
 * future, so each application keeps its latest `KEPT_PER_APPLICATION` (older ones are deleted as new ones arrive),
 * held in memory already prepared for comparison: a suggestion compares, it does not tokenise them again.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { type PreparedCode, prepare, similarityBetween } from "../domain/CodeFingerprint.ts"
import type { SeededConnectorAsset } from "../domain/Connector.ts"

/** How alike code must be to an intention to count as what was intended. */
export const INTENTION_MATCH = 0.6
/** The intentions an application keeps: its latest. */
export const KEPT_PER_APPLICATION = 100

export class Intentions extends Effect.Service<Intentions>()("Intentions", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient
    /** Each application's kept intentions, oldest first. */
    const byApplication = new Map<string, Array<PreparedCode>>()
    const remember = (applicationId: string, code: string) => {
      const kept = byApplication.get(applicationId) ?? []
      kept.push(prepare(code))
      if (kept.length > KEPT_PER_APPLICATION) kept.splice(0, kept.length - KEPT_PER_APPLICATION)
      byApplication.set(applicationId, kept)
    }
    // Kept as the retention says even when it changed since they were saved.
    yield* sql`
      DELETE FROM intentions WHERE rowid IN (
        SELECT rowid FROM (
          SELECT rowid, row_number() OVER (PARTITION BY application_id ORDER BY created DESC, rowid DESC) AS recency
          FROM intentions)
        WHERE recency > ${KEPT_PER_APPLICATION})`.pipe(Effect.orDie)
    const rows = yield* sql<{ application_id: string; content: string }>`
      SELECT application_id, content FROM intentions ORDER BY created, rowid`.pipe(Effect.orDie)
    for (const row of rows) remember(row.application_id, row.content)

    return {
      /** Stores an intention, and lets the application's oldest go past its latest `KEPT_PER_APPLICATION`. */
      add: Effect.fnUntraced(function*(applicationId: string, seed: SeededConnectorAsset, code: string) {
        const id = randomUUID()
        yield* sql.withTransaction(Effect.gen(function*() {
          yield* sql`
            INSERT INTO intentions (id, application_id, created, seed, content)
            VALUES (${id}, ${applicationId}, ${new Date().toISOString()}, ${JSON.stringify(seed)}, ${code})`
          yield* sql`
            DELETE FROM intentions WHERE application_id = ${applicationId} AND rowid NOT IN (
              SELECT rowid FROM intentions WHERE application_id = ${applicationId}
              ORDER BY created DESC, rowid DESC LIMIT ${KEPT_PER_APPLICATION})`
        })).pipe(Effect.orDie)
        remember(applicationId, code)
        return id
      }),
      /** The best similarity of `code` to the application's intentions (0 when it has none). */
      bestMatch: (applicationId: string, code: string): number => {
        const query = prepare(code)
        return Math.max(0, ...(byApplication.get(applicationId) ?? []).map((kept) => similarityBetween(query, kept)))
      }
    } as const
  })
}) {}
