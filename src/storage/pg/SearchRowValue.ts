/**
 * A search row in a statement: its number, or an expression that answers it (the row a statement inserts, read by
 * the others sent with it: `PgLiveAssetRows`).
 */
import type { Fragment } from "effect/sql/Statement"

export type SearchRowValue = number | Fragment
