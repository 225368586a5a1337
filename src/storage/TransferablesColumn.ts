/**
 * The `transferables` column of a stored-row query, the same on every engine: the content itself, or `NULL` in its
 * place when a reader asked for assets without their content (`transferables=false`), so that it is never read.
 */
import type { SqlClient } from "effect/sql/SqlClient"

/** `table` prefixes the column (`"a."`) in a query that joins `assets` under an alias. */
export const transferablesColumn = (sql: SqlClient, transferables: boolean, table = "") =>
  sql.literal(transferables ? `${table}transferables` : "NULL AS transferables")
