/**
 * Intentions: code an integration expects its user may save (`POST /{application}/intention`), persisted per
 * application and kept in memory with their fingerprints; a later suggestion for matching code suggests saving it.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { prepare, similarityTo } from "../domain/CodeFingerprint.ts"
import type { SeededConnectorAsset } from "../domain/Connector.ts"

/** How alike code must be to an intention to count as what was intended. */
export const INTENTION_MATCH = 0.6

export class Intentions extends Effect.Service<Intentions>()("Intentions", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient
    const byApplication = new Map<string, Array<string>>()
    const remember = (applicationId: string, code: string) => {
      const list = byApplication.get(applicationId) ?? []
      list.push(code)
      byApplication.set(applicationId, list)
    }
    const rows = yield* sql<{ application_id: string; content: string }>`
      SELECT application_id, content FROM intentions ORDER BY created`.pipe(Effect.orDie)
    for (const row of rows) remember(row.application_id, row.content)

    return {
      /** Stores an intention; answers its id. */
      add: Effect.fnUntraced(function*(applicationId: string, seed: SeededConnectorAsset, code: string) {
        const id = randomUUID()
        yield* sql`
          INSERT INTO intentions (id, application_id, created, seed, content)
          VALUES (${id}, ${applicationId}, ${new Date().toISOString()}, ${JSON.stringify(seed)}, ${code})`
          .pipe(Effect.orDie)
        remember(applicationId, code)
        return id
      }),
      /** The best similarity of `code` to the application's intentions (0 when it has none). */
      bestMatch: (applicationId: string, code: string): number => {
        const query = prepare(code)
        return Math.max(0, ...(byApplication.get(applicationId) ?? []).map((intended) => similarityTo(query, intended)))
      }
    } as const
  })
}) {}
