/**
 * PostgreSQL's `text` holds no NUL character (it refuses the statement), while a snippet, a tag or a website's URL
 * may carry one. The exact text always survives in what the engine stores whole (an asset's document is `bytea`, an
 * entity's JSON escapes it); the columns that index, key or list it hold it with NUL as U+FFFD. Keys are compared
 * the same way on both sides, so a tag with a NUL finds itself again (and, on PostgreSQL only, one that differs from
 * it by U+FFFD in its place).
 */

/** Text PostgreSQL can store: NUL replaced by U+FFFD. */
export const storable = (text: string): string => text.includes("\u0000") ? text.replaceAll("\u0000", "\uFFFD") : text

/** `storable`, for a column that may be empty. */
export const storableOrNull = (text: string | null | undefined): string | null =>
  text === null || text === undefined ? null : storable(text)
