/**
 * The search operations. Fuzzy search takes candidates from two indexes (literal matches of every term from the
 * FTS5 trigram index; names, tags and annotations sharing the most trigrams with the query from the in-memory
 * title index), keeps those that contain every term literally or within its allowed edits, and ranks them: exact
 * hits (the whole query literally) first, then by the share of terms found literally, then by a score mixing a
 * fuse.js score over name, tags and annotations with that share. Full-text search is the same without typos.
 * Neural code search matches words against the words identifiers are made of (`byWords`). Tag search and filters
 * without a query are bitset arithmetic over the in-memory facet index. Results are capped; the counts are not.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { Effect } from "effect"
import Fuse from "fuse.js"
import type { InvalidRequest } from "../api/Errors.ts"
import { allowedEdits, queryTerms, substringDistance } from "../domain/FuzzyMatch.ts"
import { queryWords } from "../domain/IdentifierWords.ts"
import type { AssetFilters } from "../domain/Search.ts"
import { ftsPhrase, makeFacetFilters, makeFilterSql } from "./SearchFilters.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { SearchIndex } from "./SearchIndex.ts"
import { inList } from "../sql/InList.ts"

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
}

type Field = "name" | "content" | "tags" | "annotations"
const MATCH_OF_FIELD = { name: "TITLE", content: "CONTENT", tags: "TAGS", annotations: "ANNOTATION" } as const
/** The short fields, where a term may also match with typos. */
const TITLE_FIELDS = ["name", "tags", "annotations"] as const

export interface SearchHit {
  readonly id: string
  readonly exact: boolean
  /** Higher is better, in [0, 1]. */
  readonly score: number
  readonly match: "TITLE" | "CONTENT" | "TAGS" | "ANNOTATION" | "MULTIPLE"
}

export interface SearchResult {
  /** The best hits, at most `RESULT_LIMIT`. */
  readonly hits: ReadonlyArray<SearchHit>
  readonly exact: number
  readonly suggested: number
}

/** Results returned per search; the counts cover every hit. */
export const RESULT_LIMIT = 100
/** Verified hits fuse.js scores: the head of a cheaper order, comfortably more than one answer holds. */
const FUSE_RANKED = 150
/** Candidates each FTS query contributes before verification and ranking. */
const CANDIDATES = 300
/** Candidates the title trigram index contributes: the names sharing most trigrams with the query. */
const TYPO_CANDIDATES = 100

type CandidateRow = {
  rowid: number
  id: string
  name: string
  tags: string
  annotations: string
  updated: string
  /** Loaded only for candidates whose names, tags and annotations cannot settle the match. */
  content?: string
}

export class AssetSearch extends Effect.Service<AssetSearch>()("AssetSearch", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient
    const index = yield* SearchIndex
    const repository = yield* AssetRepository

    /** The assets a search may return at all, as a condition over `search_rows s` (which holds live assets only). */
    const scope = (request: SearchRequest): Effect.Effect<Fragment, InvalidRequest> =>
      Effect.gen(function*() {
        const filterSql = makeFilterSql(sql, request.casing === true)
        const conditions: Array<Fragment> = []
        if (!request.pseudo) conditions.push(sql.literal("s.pseudo = 0"))
        if (request.space !== undefined) {
          conditions.push(request.space.length === 0 ? sql.literal("1=0") : inList(sql, "s.asset_id", request.space))
        }
        if (request.tags !== undefined && request.tags.length > 0) conditions.push(filterSql.hasTags(request.tags))
        if (request.filters !== undefined) conditions.push(yield* filterSql.filters(request.filters))
        return conditions.length === 0 ? sql.literal("1=1") : sql.and(conditions)
      })

    const ftsIds = (table: "search_text" | "search_titles", expression: string, where: Fragment, limit: number) =>
      Effect.map(
        sql<{ id: string }>`
          SELECT s.asset_id AS id FROM ${sql.literal(table)} JOIN search_rows s ON s.rowid = ${sql.literal(table)}.rowid
          WHERE ${sql.literal(table)} MATCH ${expression} AND ${where} LIMIT ${limit}`,
        (rows) => rows.map((row) => row.id)
      )

    const ftsCount = (expression: string, where: Fragment) =>
      Effect.map(
        sql<{ n: number }>`
          SELECT count(*) AS n FROM search_text JOIN search_rows s ON s.rowid = search_text.rowid
          WHERE search_text MATCH ${expression} AND ${where}`,
        (rows) => rows[0].n
      )

    /**
     * Tag search and filters without a query: every asset in scope, most recently updated first, from the
     * in-memory facet bitsets (phrases from the FTS index).
     */
    const listing = (request: SearchRequest) =>
      Effect.gen(function*() {
        const facets = index.facets
        const filters = makeFacetFilters(sql, facets, request.casing === true)
        let scope = facets.all(request.pseudo)
        if (request.space !== undefined) scope = scope.and(facets.rowsOf(request.space))
        const tagged = request.tags !== undefined && request.tags.length > 0
        if (tagged) scope = filters.tags(request.tags!, scope)
        if (request.filters !== undefined) scope = yield* filters.filters(request.filters, scope)
        const match = tagged ? "TAGS" as const : "MULTIPLE" as const
        return {
          hits: facets.newest(scope, RESULT_LIMIT).map((id) => ({ id, exact: true, score: 1, match })),
          exact: scope.size,
          suggested: 0
        } satisfies SearchResult
      })

    const fuzzy = (query: string, where: Fragment, casing: boolean, typos: boolean) =>
      Effect.gen(function*() {
        const terms = queryTerms(query)
        const indexed = terms.filter((term) => term.length >= 3)
        const allTerms = indexed.map(ftsPhrase).join(" AND ")
        const candidates = new Set<string>()
        /** Candidates the FTS index says contain every term of three letters or more (case-insensitively). */
        const literal = new Set<string>()
        /** Candidates the FTS index says contain the whole query (case-insensitively): the exact hits. */
        const phrase = new Set<string>()
        /** Whether a limited query hit its limit, so that its matches must be counted separately. */
        let literalOverflow = false
        let phraseOverflow = false
        if (indexed.length > 0) {
          // Matches in names, tags and annotations first: with a common term, those are the ones worth ranking.
          const inTitles = yield* ftsIds("search_titles", allTerms, where, CANDIDATES)
          const anywhere = yield* ftsIds("search_text", allTerms, where, CANDIDATES)
          literalOverflow = inTitles.length === CANDIDATES || anywhere.length === CANDIDATES
          for (const id of [...inTitles, ...anywhere]) literal.add(id)
          if (terms.length === 1 && indexed.length === 1) {
            for (const id of literal) phrase.add(id)
            phraseOverflow = literalOverflow
          } else if (query.length >= 3) {
            const exactIds = yield* ftsIds("search_text", ftsPhrase(query), where, CANDIDATES)
            phraseOverflow = exactIds.length === CANDIDATES
            for (const id of exactIds) phrase.add(id)
          }
          for (const id of [...phrase, ...literal]) candidates.add(id)
          // Typo candidates matter only while literal matches are few; past the limit they could not rank.
          if (typos && !literalOverflow) {
            for (const { id } of index.titleCandidates(query, TYPO_CANDIDATES)) candidates.add(id)
          }
        } else {
          for (const id of index.titlesContaining(query, CANDIDATES)) candidates.add(id)
        }
        if (candidates.size === 0) return { hits: [], exact: 0, suggested: 0 } satisfies SearchResult

        // Names, tags and annotations of every candidate; code only where a decision needs it (it is the bulk).
        const rows = yield* sql<CandidateRow>`
          SELECT s.rowid, s.asset_id AS id, t.name, t.tags, t.annotations, s.updated
          FROM search_rows s JOIN search_titles t ON t.rowid = s.rowid
          WHERE ${inList(sql, "s.asset_id", [...candidates])} AND ${where}`
        const known = (row: CandidateRow): IndexKnowledge => ({ allTerms: literal.has(row.id), whole: phrase.has(row.id) })
        const needsCode = rows.filter((row) => !decidableWithoutCode(row, terms, casing, typos, known(row)))
        if (needsCode.length > 0) {
          const code = yield* sql<{ rowid: number; content: string }>`
            SELECT rowid, content FROM search_text WHERE ${inList(sql, "rowid", needsCode.map((row) => row.rowid))}`
          const byRow = new Map(code.map((row) => [row.rowid, row.content]))
          for (const row of needsCode) row.content = byRow.get(row.rowid) ?? ""
        }

        const verified = rows.flatMap((row) => {
          const found = verify(row, terms, query, casing, typos, known(row))
          return found === undefined ? [] : [{ row, ...found }]
        })
        // A cheap order first (exact, share of literal terms, a hit in the name, recency); fuse.js, the costly
        // part, then scores only the head of it, which holds every hit that can reach the answer.
        verified.sort((a, b) =>
          Number(b.exact) - Number(a.exact) || b.literalShare - a.literalShare ||
          Number(b.fields.has("name")) - Number(a.fields.has("name")) || newestFirst(a.row, b.row)
        )
        const head = verified.slice(0, FUSE_RANKED)
        const fuse = new Fuse(head.map(({ row }) => row), {
          keys: [{ name: "name", weight: 3 }, { name: "tags", weight: 2 }, { name: "annotations", weight: 1 }],
          includeScore: true,
          ignoreLocation: true,
          threshold: 0.6,
          isCaseSensitive: casing
        })
        const titleScore = new Map<string, number>()
        for (const result of fuse.search(query)) titleScore.set(result.item.id, 1 - (result.score ?? 1))

        const hits = verified.map(({ row, exact, literalShare, fields }) => ({
          id: row.id,
          exact,
          score: Math.round((0.6 * (titleScore.get(row.id) ?? 0) + 0.4 * literalShare) * 1e4) / 1e4,
          match: fields.size === 1 ? MATCH_OF_FIELD[[...fields][0]] : "MULTIPLE" as const,
          literalShare,
          updated: row.updated
        }))
        // Exact hits first; then hits holding more of the terms literally (a typo match never outranks the real
        // thing); then by score, then the most recently updated.
        const ranked = hits.slice(0, FUSE_RANKED).sort((a, b) =>
          Number(b.exact) - Number(a.exact) || b.literalShare - a.literalShare || b.score - a.score ||
          newestFirst(a, b)
        )

        let exact = hits.filter((hit) => hit.exact).length
        let total = hits.length
        // More matches exist than were ranked: count them in the index (the typo-only hits, if any, are left out
        // of the count then; they could not have ranked).
        if (literalOverflow) total = Math.max(total, yield* ftsCount(allTerms, where))
        if (phraseOverflow) {
          exact = Math.max(exact, terms.length === 1 ? total : yield* ftsCount(ftsPhrase(query), where))
        }
        return {
          hits: ranked.slice(0, RESULT_LIMIT).map(({ id, exact, score, match }): SearchHit => ({
            id,
            exact,
            score,
            match
          })),
          exact,
          suggested: Math.max(0, total - exact)
        } satisfies SearchResult
      })

    const search = (request: SearchRequest): Effect.Effect<SearchResult, InvalidRequest> =>
      Effect.gen(function*() {
        const query = request.query?.trim() ?? ""
        if (query.length === 0) return yield* listing(request)
        return yield* fuzzy(query, yield* scope(request), request.casing === true, request.mode !== "literal")
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    /**
     * Neural code search: the words of a question ("parse http header") against the words assets' identifiers,
     * names, tags and annotations are made of (`parseHttpHeader`, `parse_http_header`), stemmed. Assets holding
     * every word are the exact hits, ranked by BM25 (a word in the name weighs most); then, when those are few,
     * assets holding some of the words.
     */
    const byWords = (query: string, pseudo: boolean) =>
      Effect.gen(function*() {
        const words = queryWords(query)
        if (words.length === 0) return { hits: [], exact: 0, suggested: 0 } satisfies SearchResult
        const where = sql.literal(pseudo ? "1=1" : "s.pseudo = 0")
        const matching = (expression: string, limit: number) =>
          sql<{ id: string; rank: number }>`
            SELECT s.asset_id AS id, bm25(search_words, 10.0, 1.0, 5.0, 3.0) AS rank
            FROM search_words JOIN search_rows s ON s.rowid = search_words.rowid
            WHERE search_words MATCH ${expression} AND ${where}
            ORDER BY rank, s.updated DESC LIMIT ${limit}`
        const counted = (expression: string) =>
          Effect.map(sql<{ n: number }>`
            SELECT count(*) AS n FROM search_words JOIN search_rows s ON s.rowid = search_words.rowid
            WHERE search_words MATCH ${expression} AND ${where}`, (rows) => rows[0].n)
        const every = words.map(ftsPhrase).join(" AND ")
        const some = words.map(ftsPhrase).join(" OR ")
        const exact = yield* matching(every, RESULT_LIMIT)
        const exactCount = exact.length < RESULT_LIMIT ? exact.length : yield* counted(every)
        const seen = new Set(exact.map((row) => row.id))
        const partial = words.length > 1 && exact.length < RESULT_LIMIT
          ? (yield* matching(some, RESULT_LIMIT + exact.length)).filter((row) => !seen.has(row.id))
          : []
        const partialCount = words.length > 1 ? (yield* counted(some)) - exactCount : 0
        // BM25 ranks are negative, lower is better; relative to the best of its group a hit scores in (0, 1], exact
        // hits above one half, the others below.
        const scored = (rows: ReadonlyArray<{ id: string; rank: number }>, exact: boolean) =>
          rows.map((row): SearchHit => {
            const relative = rows[0].rank < 0 ? row.rank / rows[0].rank : 1
            const score = exact ? 0.5 + 0.5 * relative : 0.5 * relative
            return { id: row.id, exact, score: Math.round(score * 1e4) / 1e4, match: "CONTENT" }
          })
        return {
          hits: [...scored(exact, true), ...scored(partial, false)].slice(0, RESULT_LIMIT),
          exact: exactCount,
          suggested: partialCount
        } satisfies SearchResult
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    /**
     * Tag-based search: assets carrying every tag are the exact hits (newest first), then assets carrying some of
     * them, those with more of the tags first.
     */
    const byTags = (tags: ReadonlyArray<string>, pseudo: boolean): SearchResult => {
      const facets = index.facets
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
        ...exact.map((id): SearchHit => ({ id, exact: true, score: 1, match: "TAGS" })),
        ...partial.slice(0, RESULT_LIMIT).flatMap(({ row, carried }) =>
          facets.ids([row]).map((id): SearchHit => ({
            id,
            exact: false,
            score: Math.round((carried / tags.length) * 1e4) / 1e4,
            match: "TAGS"
          }))
        )
      ]
      return { hits: hits.slice(0, RESULT_LIMIT), exact: every.size, suggested: partial.length }
    }

    /** `SearchedAssets` as JSON text, each hit with its stored asset. */
    const searchedAssetsJson = (result: SearchResult, transferables: boolean) =>
      Effect.gen(function*() {
        const docs = yield* repository.documentsOf(result.hits.map((hit) => hit.id), transferables)
        const items = result.hits.flatMap((hit) => {
          const json = docs.get(hit.id)
          return json === undefined
            ? []
            : [
              `{"identifier":"${hit.id}","exact":${hit.exact},"score":${hit.score},` +
              `"match":"${hit.match}","asset":${json}}`
            ]
        })
        return `{"iterable":[${items.join(",")}],"exact":${result.exact},"suggested":${result.suggested}}`
      })

    return { search, byWords, byTags, searchedAssetsJson } as const
  })
}) {}

const newestFirst = (a: { readonly updated: string }, b: { readonly updated: string }) =>
  a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0

/** Whether a term occurs in a text literally, or (`edits` > 0) within that many edits. */
const occurs = (needle: string, text: string, edits: number): "literal" | "fuzzy" | "none" =>
  text.includes(needle) ? "literal" : edits > 0 && substringDistance(needle, text, edits) <= edits ? "fuzzy" : "none"

const lowered = (text: string, casing: boolean) => casing ? text : text.toLowerCase()

/** What the FTS index already said of a candidate: every indexed term is in it, the whole query is in it. */
interface IndexKnowledge {
  readonly allTerms: boolean
  readonly whole: boolean
}

/**
 * Whether `verify` can judge a candidate without its code: when every term is found in its names, tags and
 * annotations or is known from the FTS index (which is case-insensitive, so not with `casing`, and knows nothing
 * of words under three letters).
 */
const decidableWithoutCode = (
  row: CandidateRow,
  terms: ReadonlyArray<string>,
  casing: boolean,
  typos: boolean,
  known: IndexKnowledge
) => {
  if (casing) return false
  const titles = TITLE_FIELDS.map((field) => row[field].toLowerCase())
  return terms.every((term) =>
    (known.allTerms && term.length >= 3) ||
    titles.some((title) => occurs(term.toLowerCase(), title, typos ? allowedEdits(term) : 0) !== "none")
  )
}

/**
 * Whether a candidate holds every term, and how: `exact` when some field contains the whole query literally, the
 * share of terms found literally, and the fields that matched. A term found nowhere literally may still match a
 * name, tag or annotation within its allowed edits; code matches literally only (typos are looked for where people
 * type words, and an edit-distance scan of every candidate's code would cost more than the rest of the search).
 * `known`: what the FTS index found in this asset; when its code was not loaded, that is what says a term missing
 * from the titles is in the code, and whether the whole query is.
 */
const verify = (
  row: CandidateRow,
  terms: ReadonlyArray<string>,
  query: string,
  casing: boolean,
  typos: boolean,
  known: IndexKnowledge
) => {
  const titles = TITLE_FIELDS.map((field) => lowered(row[field], casing))
  const code = row.content === undefined ? undefined : lowered(row.content, casing)
  const fields = new Set<Field>()
  let literal = 0
  for (const term of terms) {
    const needle = lowered(term, casing)
    const literalTitles = TITLE_FIELDS.filter((_, i) => titles[i].includes(needle))
    for (const field of literalTitles) fields.add(field)
    // Without the code loaded, the index vouches for a term the titles lack (and says nothing about the others).
    const inCode = code === undefined
      ? literalTitles.length === 0 && known.allTerms && !casing && term.length >= 3
      : code.includes(needle)
    if (inCode) fields.add("content")
    if (literalTitles.length > 0 || inCode) {
      literal++
      continue
    }
    const edits = typos ? allowedEdits(term) : 0
    const near = edits === 0 ? -1 : titles.findIndex((title) => occurs(needle, title, edits) === "fuzzy")
    if (near === -1) return undefined
    fields.add(TITLE_FIELDS[near])
  }
  const whole = lowered(query, casing)
  const exact = titles.some((title) => title.includes(whole)) || (code === undefined ? known.whole : code.includes(whole))
  return { exact, literalShare: literal / terms.length, fields }
}
