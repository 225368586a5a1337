/**
 * `AssetFilter`s as SQL conditions over `search_rows s` (one row per live asset): language, tags, websites,
 * persons, phrases, created/updated ranges and nested operations, combined with AND unless a filter group says OR. Phrases use the FTS5 trigram
 * index (case-insensitive; `casing` adds an exact-case check); ranges compare normalised ISO-8601 times.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { Effect } from "effect"
import { InvalidRequest } from "../api/Errors.ts"
import { Bitset, type FacetIndex } from "../domain/FacetIndex.ts"
import type { AssetFilter, AssetFilters, AssetFilterTimestamp } from "../domain/Search.ts"

/** A string as an FTS5 phrase: double quotes doubled, wrapped in double quotes. */
export const ftsPhrase = (text: string) => `"${text.replaceAll("\"", "\"\"")}"`

const ALWAYS = "1=1"
const NEVER = "1=0"

type Range = typeof AssetFilterTimestamp.Type

/** A filter's time, normalised to the ISO form stored, or a 400 naming where it came from. */
const instant = (value: string, path: ReadonlyArray<string | number>) => {
  const time = new Date(value)
  return Number.isNaN(time.getTime())
    ? Effect.fail(new InvalidRequest({ message: `Not an ISO-8601 date-time: ${value}`, path }))
    : Effect.succeed(time.toISOString())
}

const PHRASE_COLUMNS = { title: "name", content: "content", annotation: "annotations" } as const

export const makeFilterSql = (sql: SqlClient, casing: boolean) => {

  const range = (column: "created" | "updated", filter: Range, path: ReadonlyArray<string | number>) =>
    Effect.gen(function*() {
      const col = sql.literal(`s.${column}`)
      const from = filter.from === undefined ? undefined : yield* instant(filter.from.value, [...path, "from"])
      const to = filter.to === undefined ? undefined : yield* instant(filter.to.value, [...path, "to"])
      if (from !== undefined && to !== undefined) {
        // Both ends: inside the range, or outside it when `between` is explicitly false.
        return filter.between === false
          ? sql`(${col} < ${from} OR ${col} > ${to})`
          : sql`${col} BETWEEN ${from} AND ${to}`
      }
      if (from !== undefined) return sql`${col} >= ${from}`
      if (to !== undefined) return sql`${col} <= ${to}`
      return sql.literal(ALWAYS)
    })

  const phrase = (filter: NonNullable<AssetFilter["phrase"]>): Fragment => {
    const value = filter.value ?? ""
    if (value.trim().length === 0) return sql.literal(ALWAYS)
    const keys = Object.keys(PHRASE_COLUMNS) as Array<keyof typeof PHRASE_COLUMNS>
    const chosen = keys.filter((key) => filter[key] === true)
    const columns = (chosen.length === 0 ? keys : chosen).map((key) => PHRASE_COLUMNS[key])
    // Names and annotations alone are matched in the small `search_titles` table; code needs `search_text`.
    const table = columns.includes("content") ? "search_text" : "search_titles"
    const contains = (lower: boolean) =>
      sql.or(columns.map((column) => {
        const col = sql.literal(`${table}.${column}`)
        return lower ? sql`instr(lower(${col}), lower(${value})) > 0` : sql`instr(${col}, ${value}) > 0`
      }))
    // Under three characters there is no trigram to look up: scan the stored text instead.
    const match = value.length >= 3
      ? sql`${sql.literal(table)} MATCH ${`{${columns.join(" ")}} : ${ftsPhrase(value)}`}`
      : contains(true)
    return sql`s.rowid IN (
      SELECT rowid FROM ${sql.literal(table)} WHERE ${match} AND ${casing ? contains(false) : sql.literal(ALWAYS)})`
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

  const filters = (
    group: AssetFilters,
    path: ReadonlyArray<string | number> = ["filters"]
  ): Effect.Effect<Fragment, InvalidRequest> =>
    Effect.gen(function*() {
      const conditions: Array<Fragment> = []
      for (const [i, f] of group.iterable.entries()) conditions.push(yield* filter(f, [...path, "iterable", i]))
      if (conditions.length === 0) return sql.literal(ALWAYS)
      return group.type === "OR" ? sql.or(conditions) : sql.and(conditions)
    })

  return { filters, hasTags, phrase } as const
}

/**
 * The same filters over the in-memory `FacetIndex`: a bitset of the matching assets' rows. Phrases still go to the
 * FTS5 index (one query each); everything else is bitset arithmetic.
 */
export const makeFacetFilters = (sql: SqlClient, facets: FacetIndex, casing: boolean) => {
  const phraseSql = makeFilterSql(sql, casing)
  const range = (field: "created" | "updated", filter: Range, path: ReadonlyArray<string | number>) =>
    Effect.gen(function*() {
      const from = filter.from === undefined ? undefined : yield* instant(filter.from.value, [...path, "from"])
      const to = filter.to === undefined ? undefined : yield* instant(filter.to.value, [...path, "to"])
      const inside = !(from !== undefined && to !== undefined && filter.between === false)
      return facets.range(field, from, to, inside)
    })
  const every = (sets: ReadonlyArray<Bitset>, all: Bitset) => sets.reduce((acc, set) => acc.and(set), all)

  const filter = (f: AssetFilter, path: ReadonlyArray<string | number>, all: Bitset) =>
    Effect.gen(function*() {
      const sets: Array<Bitset> = []
      if (f.classification !== undefined) sets.push(facets.language(f.classification))
      if (f.tags !== undefined) sets.push(every(f.tags.map((tag) => facets.tag(tag)), all))
      if (f.websites !== undefined) sets.push(every(f.websites.map((url) => facets.website(url)), all))
      if (f.persons !== undefined && f.persons.length > 0) sets.push(facets.none())
      if (f.phrase !== undefined && (f.phrase.value ?? "").trim() !== "") {
        const rows = yield* sql<{ row: number }>`SELECT s.rowid AS row FROM search_rows s WHERE ${phraseSql.phrase(f.phrase)}`
          .pipe(Effect.orDie)
        sets.push(Bitset.of(rows.map((r) => r.row)))
      }
      if (f.created !== undefined) sets.push(yield* range("created", f.created, [...path, "created"]))
      if (f.updated !== undefined) sets.push(yield* range("updated", f.updated, [...path, "updated"]))
      if (f.operations !== undefined) sets.push(yield* filters(f.operations, [...path, "operations"], all))
      return every(sets, all)
    })

  const filters = (
    group: AssetFilters,
    path: ReadonlyArray<string | number>,
    all: Bitset
  ): Effect.Effect<Bitset, InvalidRequest> =>
    Effect.gen(function*() {
      const sets: Array<Bitset> = []
      for (const [i, f] of group.iterable.entries()) sets.push(yield* filter(f, [...path, "iterable", i], all))
      if (sets.length === 0) return all
      return group.type === "OR" ? sets.reduce((acc, set) => acc.or(set)).and(all) : every(sets, all)
    })

  return {
    filters: (group: AssetFilters, all: Bitset) => filters(group, ["filters"], all),
    tags: (tags: ReadonlyArray<string>, all: Bitset) => every(tags.map((tag) => facets.tag(tag)), all)
  } as const
}
