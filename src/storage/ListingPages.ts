/**
 * The live listing's pages, newest first along the listing index (`assets_live`), each page from where the last one
 * ended: the same SQL on every engine but for how a column is matched against a list of values.
 */
import type { SqlClient } from "effect/sql/SqlClient"
import type { Fragment } from "effect/sql/Statement"
import { Effect } from "effect"
import type { PagePosition, PseudoSelection, StoredRow, StoredSelection } from "./AssetStore.ts"
import { transferablesColumn } from "./TransferablesColumn.ts"

/** The pseudo values a listing selects: checked in `assets_live`, which holds them. */
const pseudoValues = (pseudo: PseudoSelection) => pseudo === "include" ? [0, 1] : pseudo === "only" ? [1] : [0]

export const listingPages = (
  sql: SqlClient,
  /** The engine's `column IN (values)`. */
  among: (column: string, values: ReadonlyArray<number>) => Fragment
) => {
  /** `created <=` is the index range that starts the page where the last one ended; the rest breaks ties. */
  const liveAfter = (pseudo: PseudoSelection, position: PagePosition | undefined) =>
    sql`deleted IS NULL AND ${among("pseudo", pseudoValues(pseudo))} ${
      position === undefined
        ? sql.literal("")
        : sql`AND created <= ${position.created} AND (created < ${position.created} OR id > ${position.id})`
    }`

  const livePage = (pseudo: PseudoSelection, size: number, position: PagePosition | undefined) =>
    sql<PagePosition>`
      SELECT created, id FROM assets WHERE ${liveAfter(pseudo, position)} ORDER BY created DESC, id LIMIT ${size}`
      .pipe(Effect.orDie)

  const storedPage = (selection: StoredSelection, size: number, position: PagePosition | undefined) =>
    sql<StoredRow & PagePosition>`
      SELECT created, id, document, ${transferablesColumn(sql, selection.transferables)}
      FROM assets WHERE ${liveAfter(selection.pseudo, position)} ${
      sql.literal(selection.suggestedOnly ? "AND mechanism = 'RECOMMENDED'" : "")
    }
      ORDER BY created DESC, id LIMIT ${size}`.pipe(Effect.orDie)

  return { livePage, storedPage }
}
