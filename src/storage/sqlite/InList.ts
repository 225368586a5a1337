/**
 * `column IN (…)` for a list of values passed as one JSON parameter. `sql.in` writes a placeholder per value, so
 * every list length is a new statement to prepare; with one parameter the statement is prepared once and cached.
 */
import type { SqlClient } from "effect/sql/SqlClient"

export const inList = (sql: SqlClient, column: string, values: ReadonlyArray<string | number>) =>
  sql`${sql.literal(column)} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`
