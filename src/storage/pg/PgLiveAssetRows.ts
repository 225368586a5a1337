/**
 * `LiveAssetRows` on PostgreSQL: every row of an asset becoming live in one statement, one round trip where port by
 * port took six. The search row is inserted in the statement's first part (`new_row`); the others are its siblings
 * (data-modifying statements in `WITH`, each run once, to completion) and read its number from it. Each part is its
 * own port's statement, written once there.
 */
import { SqlClient } from "effect/sql/SqlClient"
import type { Fragment } from "effect/sql/Statement"
import { Effect, Layer } from "effect"
import { LiveAssetRows } from "../LiveAssetRows.ts"
import { insertAssetStatement, insertFormatsStatement, insertSearchRowStatement } from "./PgAssetStore.ts"
import { linkStatement } from "./PgMetadataStore.ts"
import { insertKeysStatement } from "./PgSimilarityStore.ts"
import { indexStatements } from "./PgTextSearch.ts"

export const layer = Layer.effect(
  LiveAssetRows,
  Effect.map(SqlClient, (sql) => {
    return LiveAssetRows.of({
      insert: ({ asset, entityRows, fingerprint, searchable, stored }) => {
        const row = sql.literal("(SELECT row FROM new_row)")
        const parts: Array<Fragment | undefined> = [
          stored === undefined ? undefined : insertAssetStatement(sql, asset, stored, null),
          stored === undefined ? undefined : insertFormatsStatement(sql, asset),
          entityRows.length === 0 ? undefined : linkStatement(sql, row, entityRows),
          ...indexStatements(sql, row, searchable),
          fingerprint === undefined ? undefined : insertKeysStatement(sql, row, fingerprint)
        ]
        const siblings = parts.filter((part) => part !== undefined)
          .map((part, i) => sql`${sql.literal(`written_${i}`)} AS (${part})`)
        return sql<{ row: number }>`
          WITH new_row AS (${insertSearchRowStatement(sql, asset, searchable)}), ${sql.csv(siblings)}
          SELECT row FROM new_row`.pipe(Effect.map((rows) => rows[0].row), Effect.orDie)
      }
    })
  })
)
