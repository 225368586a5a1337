/**
 * `AssetFilter`s, evaluated in one place for every search (with a query or without): each filter is a `RowSet` of
 * the live assets it keeps, from the in-memory `FacetIndex` (language, tags, websites, created and updated ranges)
 * and, for phrases, the text index; filters combine with AND unless a group says OR, and nest through `operations`.
 * Tags and languages compare case-insensitively in every alphabet (`tagKey`), websites by case-insensitive
 * containment, ranges by instants.
 */
import { Effect } from "effect"
import { InvalidRequest } from "../domain/Errors.ts"
import type { FacetIndex } from "../domain/FacetIndex.ts"
import { RowSet } from "../domain/RowSet.ts"
import type { AssetFilter, AssetFilters, AssetFilterTimestamp } from "../domain/Search.ts"
import type { AssetStoreShape } from "../storage/AssetStore.ts"
import { indexable, type PhraseField, type TextSearchShape } from "../storage/TextSearch.ts"

type Range = typeof AssetFilterTimestamp.Type

/** A filter's time, normalised to the ISO form stored, or a 400 naming where it came from. */
const instant = (value: string, path: ReadonlyArray<string | number>) => {
  const time = new Date(value)
  return Number.isNaN(time.getTime())
    ? Effect.fail(new InvalidRequest({ message: `Not an ISO-8601 date-time: ${value}`, path }))
    : Effect.succeed(time.toISOString())
}

const PHRASE_FIELDS = { title: "name", content: "content", annotation: "annotations" } as const
/** Rows whose texts a phrase check reads at a time. */
const TEXT_PAGE = 2000

export const makeSearchFilters = (
  text: TextSearchShape,
  assets: AssetStoreShape,
  facets: FacetIndex,
  casing: boolean
) => {
  const range = Effect.fn("SearchFilters.range")(function*(
    field: "created" | "updated",
    filter: Range,
    path: ReadonlyArray<string | number>
  ) {
    const from = filter.from === undefined ? undefined : yield* instant(filter.from.value, [...path, "from"])
    const to = filter.to === undefined ? undefined : yield* instant(filter.to.value, [...path, "to"])
    // Both ends: inside the range, or outside it when `between` is explicitly false.
    const inside = !(from !== undefined && to !== undefined && filter.between === false)
    return facets.range(field, from, to, inside)
  })

  const every = (sets: ReadonlyArray<RowSet>, within: RowSet) => sets.reduce((acc, set) => acc.and(set), within)

  /** The rows among `rows` whose fields hold `value`, as written when `casing`, else in any case. */
  const holding = Effect.fn("SearchFilters.holding")(function*(
    rows: ReadonlyArray<number>,
    fields: ReadonlyArray<PhraseField>,
    value: string
  ) {
    const needle = casing ? value : value.toLowerCase()
    const holds = (text: string) => (casing ? text : text.toLowerCase()).includes(needle)
    const found: Array<number> = []
    for (let start = 0; start < rows.length; start += TEXT_PAGE) {
      const page = rows.slice(start, start + TEXT_PAGE)
      const titles = fields.some((field) => field !== "content") ? yield* text.titlesAt(page) : []
      for (const title of titles) {
        if (fields.some((field) => field !== "content" && holds(title[field]))) found.push(title.row)
      }
      if (!fields.includes("content")) continue
      const seen = new Set(found)
      for (const [row, code] of yield* text.contentAt(page.filter((row) => !seen.has(row)))) {
        if (holds(code)) found.push(row)
      }
    }
    return RowSet.of(found)
  })

  /**
   * A phrase: its literal occurrence in the chosen fields (all of them when none is chosen). An `indexable` one is
   * looked up in the trigram index (case-insensitive; `casing` then checks the case in the text); a shorter phrase
   * has no trigram, so the texts of the assets still in scope are read.
   */
  const phrase = Effect.fn("SearchFilters.phrase")(function*(
    filter: NonNullable<AssetFilter["phrase"]>,
    within: RowSet
  ) {
    const value = filter.value ?? ""
    if (value.trim().length === 0) return within
    const keys = Object.keys(PHRASE_FIELDS) as Array<keyof typeof PHRASE_FIELDS>
    const chosen = keys.filter((key) => filter[key] === true)
    const fields = (chosen.length === 0 ? keys : chosen).map((key) => PHRASE_FIELDS[key])
    if (!indexable(value)) return yield* holding([...within.values()], fields, value)
    const found = RowSet.of(yield* text.phrase(value, fields)).and(within)
    return casing ? yield* holding([...found.values()], fields, value) : found
  })

  const filter = Effect.fn("SearchFilters.filter")(function*(
    f: AssetFilter,
    path: ReadonlyArray<string | number>,
    within: RowSet
  ) {
    const sets: Array<RowSet> = []
    if (f.classification !== undefined) sets.push(facets.language(f.classification))
    if (f.tags !== undefined) sets.push(every(f.tags.map((tag) => facets.tag(tag)), within))
    if (f.websites !== undefined) sets.push(every(f.websites.map((url) => facets.website(url)), within))
    // Persons are not stored on assets yet, so no asset has the persons a filter asks for.
    if (f.persons !== undefined && f.persons.length > 0) sets.push(RowSet.empty())
    if (f.created !== undefined) sets.push(yield* range("created", f.created, [...path, "created"]))
    if (f.updated !== undefined) sets.push(yield* range("updated", f.updated, [...path, "updated"]))
    if (f.operations !== undefined) sets.push(yield* filters(f.operations, within, [...path, "operations"]))
    const narrowed = every(sets, within)
    // Last, so that a phrase reads the texts of as few assets as the other filters leave.
    return f.phrase === undefined ? narrowed : yield* phrase(f.phrase, narrowed)
  })

  /** The rows of `within` the filter group keeps. */
  const filters = (
    group: AssetFilters,
    within: RowSet,
    path: ReadonlyArray<string | number> = ["filters"]
  ): Effect.Effect<RowSet, InvalidRequest> =>
    Effect.gen(function*() {
      const sets: Array<RowSet> = []
      for (const [i, f] of group.iterable.entries()) sets.push(yield* filter(f, [...path, "iterable", i], within))
      if (sets.length === 0) return within
      return group.type === "OR" ? sets.reduce((acc, set) => acc.or(set)).and(within) : every(sets, within)
    })

  /** The rows of `within` carrying every tag. */
  const tags = (list: ReadonlyArray<string>, within: RowSet) => every(list.map((tag) => facets.tag(tag)), within)

  /** The rows of these assets (live ones; others have none). */
  const space = (ids: ReadonlyArray<string>) =>
    Effect.map(assets.rowsOf(ids), (rows) => RowSet.of(rows.map((row) => row.row)))

  return { filters, tags, space } as const
}
