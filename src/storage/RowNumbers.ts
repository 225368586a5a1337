/**
 * Search rows as SQL aggregates them, one array in one value (`json_group_array`, `json_agg`): a common term matches
 * most of the library, and a result row per match costs more than the matching does. Checked in one pass over the
 * array: the schema of an array checks its elements one by one at several times the cost of reading them.
 */
import { Schema } from "effect"

export const RowNumbers = Schema.declare(
  (value: unknown): value is Array<number> => Array.isArray(value) && value.every(Number.isInteger),
  { expected: "an array of row numbers" }
)

/** The same array as JSON text, as SQLite aggregates it. */
export const RowNumbersJson = Schema.fromJsonString(RowNumbers)
