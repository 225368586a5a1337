/**
 * The search operations. Fuzzy search (`FuzzySearch`: candidates from the text index and the in-memory title index,
 * verified, ranked and counted) answers a query; full-text search is the same without typos. Neural code search
 * matches words against the words identifiers are made of (`byWords`). Every search is first narrowed to its scope
 * (pseudo assets, space, tags, filters: `SearchFilters`, row sets over the in-memory facet index); without a query,
 * the scope is the answer, newest first. Results are capped; the counts are not.
 */
import { Context, Effect, Layer } from "effect"
import { queryWords } from "../domain/IdentifierWords.ts"
import type { AssetFilters } from "../domain/Search.ts"
import { AssetStore } from "../storage/AssetStore.ts"
import { type RankedRow, TextSearch } from "../storage/TextSearch.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { makeFuzzySearch, type Scope } from "./FuzzySearch.ts"
import { makeSearchFilters } from "./SearchFilters.ts"
import { SearchIndex } from "./SearchIndex.ts"
import { NO_RESULT, RESULT_LIMIT, type SearchHit, type SearchResult } from "./SearchResults.ts"

export { RESULT_LIMIT, type SearchHit, type SearchResult } from "./SearchResults.ts"

/**
 * The longest query searched, in characters: typo tolerance costs an edit-distance scan per term and candidate, so
 * a query is bounded like the rest of a request's work; a longer one is searched by its beginning.
 */
export const QUERY_LIMIT = 400

export interface SearchRequest {
  readonly query?: string | undefined
  /** Every one of these tags (case-insensitive). */
  readonly tags?: ReadonlyArray<string> | undefined
  readonly filters?: AssetFilters | undefined
  /** Only these assets. */
  readonly space?: ReadonlyArray<string> | undefined
  readonly casing?: boolean | undefined
  /** Include pseudo assets. */
  readonly pseudo: boolean
  /** "literal": every word must occur as written (full-text search); "fuzzy" (the default) also tolerates typos. */
  readonly mode?: "fuzzy" | "literal" | undefined
  /**
   * Count every match (the default), or only those ranked: counting a term most of the library holds costs more
   * than finding and ranking its best matches, and a caller that pages through the ranked ones needs no more.
   */
  readonly counted?: "all" | "ranked" | undefined
}

export class AssetSearch extends Context.Service<AssetSearch>()("AssetSearch", {
  make: Effect.gen(function*() {
    const text = yield* TextSearch
    const assets = yield* AssetStore
    const index = yield* SearchIndex
    const facets = index.facets
    const repository = yield* AssetRepository
    const fuzzy = makeFuzzySearch(text, index)

    const scopeOf = Effect.fn("AssetSearch.scopeOf")(function*(request: SearchRequest) {
      const filters = makeSearchFilters(text, assets, facets, request.casing === true)
      let rows = facets.all(request.pseudo)
      if (request.space !== undefined) rows = rows.and(yield* filters.space(request.space))
      if (request.tags !== undefined && request.tags.length > 0) rows = filters.tags(request.tags, rows)
      if (request.filters !== undefined) rows = yield* filters.filters(request.filters, rows)
      const narrowed = request.space !== undefined || (request.tags ?? []).length > 0 || request.filters !== undefined
      return { rows, whole: !narrowed }
    })

    /** Tag search and filters without a query: every asset in scope, most recently updated first. */
    const listing = (request: SearchRequest, scope: Scope): SearchResult => {
      const match = (request.tags ?? []).length > 0 ? "TAGS" as const : "MULTIPLE" as const
      return {
        hits: facets.newest(scope.rows, RESULT_LIMIT).map((row) => ({ row, exact: true, score: 1, match })),
        exact: scope.rows.size,
        suggested: 0
      }
    }

    const search = Effect.fn("AssetSearch.search")(function*(request: SearchRequest) {
      const query = (request.query ?? "").slice(0, QUERY_LIMIT).trim()
      const scope = yield* scopeOf(request)
      if (query.length === 0) return listing(request, scope)
      return yield* fuzzy({
        query,
        casing: request.casing === true,
        typos: request.mode !== "literal",
        countAll: request.counted !== "ranked"
      }, scope)
    })

    /**
     * Neural code search: the words of a question ("parse http header") against the words assets' identifiers,
     * names, tags and annotations are made of (`parseHttpHeader`, `parse_http_header`), stemmed. Assets holding
     * every word are the exact hits, ranked by relevance (a word in the name weighs most); then, when those are few,
     * assets holding some of the words.
     */
    const byWords = Effect.fn("AssetSearch.byWords")(function*(
      query: string,
      within: Omit<SearchRequest, "query" | "mode">
    ) {
      const words = queryWords(query.slice(0, QUERY_LIMIT))
      if (words.length === 0) return NO_RESULT
      const scope = (yield* scopeOf(within)).rows
      // Pseudo assets are few: reading that many more matches leaves enough once they are set aside.
      const hidden = facets.size - scope.size
      const matching = (every: boolean, limit: number) =>
        Effect.map(text.wordsCounted(words, every, limit + hidden, scope), ({ count, rows }) => ({
          rows: rows.filter((row) => scope.has(row.row)).slice(0, limit),
          count
        }))
      const exact = yield* matching(true, RESULT_LIMIT)
      const seen = new Set(exact.rows.map((row) => row.row))
      // Assets holding some of the words: read while the exact hits leave room, counted in any case.
      const some = words.length === 1
        ? { rows: [], count: exact.count }
        : exact.rows.length < RESULT_LIMIT
        ? yield* matching(false, RESULT_LIMIT + exact.rows.length)
        : { rows: [], count: yield* text.countWords(words, false, scope) }
      const partial = some.rows.filter((row) => !seen.has(row.row))
      // Relative to the best of its group a hit scores in (0, 1], exact hits above one half, the others below.
      const scored = (rows: ReadonlyArray<RankedRow>, exact: boolean) =>
        rows.map((row): SearchHit => {
          const relative = rows[0].relevance > 0 ? row.relevance / rows[0].relevance : 1
          const score = exact ? 0.5 + 0.5 * relative : 0.5 * relative
          return { row: row.row, exact, score: Math.round(score * 1e4) / 1e4, match: "CONTENT" }
        })
      return {
        hits: [...scored(exact.rows, true), ...scored(partial, false)].slice(0, RESULT_LIMIT),
        exact: exact.count,
        suggested: some.count - exact.count
      } satisfies SearchResult
    })

    /**
     * Tag-based search: assets carrying every tag are the exact hits (newest first), then assets carrying some of
     * them, those with more of the tags first.
     */
    const byTags = (tags: ReadonlyArray<string>, pseudo: boolean): SearchResult => {
      const scope = facets.all(pseudo)
      const sets = tags.map((tag) => facets.tag(tag).and(scope))
      const every = sets.reduce((acc, set) => acc.and(set), scope)
      const some = sets.reduce((acc, set) => acc.or(set), facets.none()).and(scope)
      const exact = facets.newest(every, RESULT_LIMIT)
      const carried = (row: number) => sets.filter((set) => set.has(row)).length
      const partial = [...some.values()]
        .filter((row) => !every.has(row))
        .map((row) => ({ row, carried: carried(row) }))
        .sort((a, b) => b.carried - a.carried || facets.updatedAt(b.row) - facets.updatedAt(a.row))
      const hits: Array<SearchHit> = [
        ...exact.map((row): SearchHit => ({ row, exact: true, score: 1, match: "TAGS" })),
        ...partial.slice(0, RESULT_LIMIT).map(({ row, carried }): SearchHit => ({
          row,
          exact: false,
          score: Math.round((carried / tags.length) * 1e4) / 1e4,
          match: "TAGS"
        }))
      ]
      return { hits: hits.slice(0, RESULT_LIMIT), exact: every.size, suggested: partial.length }
    }

    /**
     * `SearchedAssets` as JSON pieces, each hit with its stored asset as bytes: joined as one string, a hundred
     * documents cost several times what their bytes do (`jsonPieces`).
     */
    const searchedAssets = Effect.fn("AssetSearch.searchedAssets")(function*(
      result: SearchResult,
      transferables: boolean
    ) {
      const docs = yield* repository.documentBytesAt(result.hits.map((hit) => hit.row), transferables)
      const pieces: Array<string | Uint8Array> = [`{"iterable":[`]
      for (const hit of result.hits) {
        const found = docs.get(hit.row)
        if (found === undefined) continue
        pieces.push(
          `${pieces.length === 1 ? "" : ","}{"identifier":"${found.id}","exact":${hit.exact},` +
            `"score":${hit.score},"match":"${hit.match}","asset":`,
          found.bytes,
          "}"
        )
      }
      pieces.push(`],"exact":${result.exact},"suggested":${result.suggested}}`)
      return pieces
    })

    return { search, byWords, byTags, searchedAssets } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(AssetSearch, AssetSearch.make)
  static readonly layer = AssetSearch.layerNoDeps.pipe(Layer.provide([AssetRepository.layer, SearchIndex.layer]))
}
