/**
 * `AssetFilter`s as SQL conditions over `search_rows s` (one row per live asset): language, tags, websites, persons, phrases, created/updated
 * ranges and nested operations, combined with AND unless a filter group says OR. Phrases use the FTS5 trigram
 * index (case-insensitive; `casing` adds an exact-case check); ranges compare normalised ISO-8601 times.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { Effect } from "effect"
import { InvalidRequest } from "../api/Errors.ts"
import type { AssetFilter, AssetFilters, AssetFilterTimestamp } from "../domain/Search.ts"

/** A string as an FTS5 phrase: double quotes doubled, wrapped in double quotes. */
export const ftsPhrase = (text: string) => `"${text.replaceAll("\"", "\"\"")}"`

const ALWAYS = "1=1"
const NEVER = "1=0"

type Range = typeof AssetFilterTimestamp.Type

const PHRASE_COLUMNS = { title: "name", content: "content", annotation: "annotations" } as const

export const makeFilterSql = (sql: SqlClient, casing: boolean) => {
  const instant = (value: string, path: ReadonlyArray<string | number>) => {
    const time = new Date(value)
    return Number.isNaN(time.getTime())
      ? Effect.fail(new InvalidRequest({ message: `Not an ISO-8601 date-time: ${value}`, path }))
      : Effect.succeed(time.toISOString())
  }

  const range = (column: "created" | "updated", filter: Range, path: ReadonlyArray<string | number>) =>
    Effect.gen(function*() {
      const col = sql.literal(`s.${column}`)
      const from = filter.from === undefined ? undefined : yield* instant(filter.from.value, [...path, "from"])
      const to = filter.to === undefined ? undefined : yield* instant(filter.to.value, [...path, "to"])
      if (from !== undefined && to !== undefined) {
        // Both ends: inside the range, or outside it when `between` is explicitly false.
        return filter.between === false ? sql`(${col} < ${from} OR ${col} > ${to})` : sql`${col} BETWEEN ${from} AND ${to}`
      }
      if (from !== undefined) return sql`${col} >= ${from}`
      if (to !== undefined) return sql`${col} <= ${to}`
      return sql.literal(ALWAYS)
    })

  const phrase = (filter: NonNullable<AssetFilter["phrase"]>): Fragment => {
    const value = filter.value ?? ""
    if (value.trim().length === 0) return sql.literal(ALWAYS)
    const chosen = (Object.keys(PHRASE_COLUMNS) as Array<keyof typeof PHRASE_COLUMNS>).filter((key) => filter[key] === true)
    const columns = (chosen.length === 0 ? Object.keys(PHRASE_COLUMNS) as Array<keyof typeof PHRASE_COLUMNS> : chosen)
      .map((key) => PHRASE_COLUMNS[key])
    const contains = (lower: boolean) =>
      sql.or(columns.map((column) => {
        const col = sql.literal(`search_text.${column}`)
        return lower ? sql`instr(lower(${col}), lower(${value})) > 0` : sql`instr(${col}, ${value}) > 0`
      }))
    // Under three characters there is no trigram to look up: scan the stored text instead.
    const match = value.length >= 3
      ? sql`search_text MATCH ${`{${columns.join(" ")}} : ${ftsPhrase(value)}`}`
      : contains(true)
    return sql`s.rowid IN (
      SELECT rowid FROM search_text WHERE ${match} AND ${casing ? contains(false) : sql.literal(ALWAYS)})`
  }

  // `IN (subquery)` rather than `EXISTS`: SQLite then starts from the tag index instead of probing every row.
  const having = (table: "asset_tags" | "asset_websites", value: string) =>
    table === "asset_tags"
      ? sql`s.asset_id IN (SELECT asset_id FROM asset_tags WHERE tag = ${value})`
      : sql`s.asset_id IN (SELECT asset_id FROM asset_websites WHERE instr(lower(url), lower(${value})) > 0)`

  /** Every listed tag, each case-insensitively. */
  const hasTags = (tags: ReadonlyArray<string>): Fragment => sql.and(tags.map((tag) => having("asset_tags", tag)))

  const filter = (f: AssetFilter, path: ReadonlyArray<string | number>): Effect.Effect<Fragment, InvalidRequest> =>
    Effect.gen(function*() {
      const conditions: Array<Fragment> = []
      if (f.classification !== undefined) conditions.push(sql`s.classification = ${f.classification.toLowerCase()}`)
      if (f.tags !== undefined) conditions.push(hasTags(f.tags))
      if (f.websites !== undefined) conditions.push(sql.and(f.websites.map((url) => having("asset_websites", url))))
      // Persons are not stored on assets yet, so no asset has the persons a filter asks for.
      if (f.persons !== undefined && f.persons.length > 0) conditions.push(sql.literal(NEVER))
      if (f.phrase !== undefined) conditions.push(phrase(f.phrase))
      if (f.created !== undefined) conditions.push(yield* range("created", f.created, [...path, "created"]))
      if (f.updated !== undefined) conditions.push(yield* range("updated", f.updated, [...path, "updated"]))
      if (f.operations !== undefined) conditions.push(yield* filters(f.operations, [...path, "operations"]))
      return sql.and(conditions)
    })

  const filters = (group: AssetFilters, path: ReadonlyArray<string | number> = ["filters"]): Effect.Effect<Fragment, InvalidRequest> =>
    Effect.gen(function*() {
      const conditions: Array<Fragment> = []
      for (const [i, f] of group.iterable.entries()) conditions.push(yield* filter(f, [...path, "iterable", i]))
      if (conditions.length === 0) return sql.literal(ALWAYS)
      return group.type === "OR" ? sql.or(conditions) : sql.and(conditions)
    })

  return { filters, hasTags } as const
}
