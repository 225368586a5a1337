/**
 * The search operations. Fuzzy search takes candidates from two indexes (literal matches of every term from the
 * FTS5 trigram index; names, tags and annotations sharing the most trigrams with the query from the in-memory
 * title index), keeps those that contain every term literally or within its allowed edits, and ranks them: exact
 * hits (the whole query literally) first, then by the share of terms found literally, then by a score mixing a
 * fuse.js score over name, tags and annotations with that share. Tag search and filters are SQL. Results are capped; the counts are not.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { Effect } from "effect"
import Fuse from "fuse.js"
import type { InvalidRequest } from "../api/Errors.ts"
import { allowedEdits, queryTerms, substringDistance } from "../domain/FuzzyMatch.ts"
import type { AssetFilters } from "../domain/Search.ts"
import { ftsPhrase, makeFilterSql } from "./SearchFilters.ts"
import { SearchIndex } from "./SearchIndex.ts"

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
  readonly transferables: boolean
}

type Field = "name" | "content" | "tags" | "annotations"
const MATCH_OF_FIELD = { name: "TITLE", content: "CONTENT", tags: "TAGS", annotations: "ANNOTATION" } as const
const FIELDS: ReadonlyArray<Field> = ["name", "tags", "annotations", "content"]

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
/** Candidates each index contributes before verification and ranking. */
const CANDIDATES = 300

type CandidateRow = { id: string; name: string; content: string; tags: string; annotations: string; updated: string }

export class AssetSearch extends Effect.Service<AssetSearch>()("AssetSearch", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient
    const index = yield* SearchIndex

    /** The assets a search may return at all, as a condition over `assets a`. */
    const scope = (request: SearchRequest): Effect.Effect<Fragment, InvalidRequest> =>
      Effect.gen(function*() {
        const filterSql = makeFilterSql(sql, request.casing === true)
        const conditions: Array<Fragment> = [sql.literal("a.deleted IS NULL")]
        if (!request.pseudo) conditions.push(sql.literal("a.pseudo = 0"))
        if (request.space !== undefined) {
          conditions.push(request.space.length === 0 ? sql.literal("1=0") : sql.in("a.id", request.space))
        }
        if (request.tags !== undefined && request.tags.length > 0) conditions.push(filterSql.hasTags(request.tags))
        if (request.filters !== undefined) conditions.push(yield* filterSql.filters(request.filters))
        return sql.and(conditions)
      })

    const count = (where: Fragment) =>
      Effect.map(sql<{ n: number }>`SELECT count(*) AS n FROM assets a WHERE ${where}`, (rows) => rows[0].n)

    const ftsIds = (expression: string, where: Fragment, limit: number) =>
      Effect.map(
        sql<{ id: string }>`
          SELECT r.asset_id AS id FROM search_text JOIN search_rows r ON r.rowid = search_text.rowid
          JOIN assets a ON a.id = r.asset_id
          WHERE search_text MATCH ${expression} AND ${where} LIMIT ${limit}`,
        (rows) => rows.map((row) => row.id)
      )

    const ftsCount = (expression: string, where: Fragment) =>
      Effect.map(
        sql<{ n: number }>`
          SELECT count(*) AS n FROM search_text JOIN search_rows r ON r.rowid = search_text.rowid
          JOIN assets a ON a.id = r.asset_id WHERE search_text MATCH ${expression} AND ${where}`,
        (rows) => rows[0].n
      )

    /** Every asset in scope, most recently updated first: tag search and filters without a query. */
    const listing = (where: Fragment, tagged: boolean) =>
      Effect.gen(function*() {
        const rows = yield* sql<{ id: string }>`
          SELECT a.id FROM assets a WHERE ${where} ORDER BY a.updated DESC, a.id LIMIT ${RESULT_LIMIT}`
        const total = yield* count(where)
        const match = tagged ? "TAGS" as const : "MULTIPLE" as const
        return {
          hits: rows.map((row) => ({ id: row.id, exact: true, score: 1, match })),
          exact: total,
          suggested: 0
        } satisfies SearchResult
      })

    const fuzzy = (query: string, where: Fragment, casing: boolean) =>
      Effect.gen(function*() {
        const terms = queryTerms(query)
        const indexed = terms.filter((term) => term.length >= 3)
        const allTerms = indexed.map(ftsPhrase).join(" AND ")
        const candidates = new Set<string>()
        let literalOverflow = false
        if (indexed.length > 0) {
          // Matches in names, tags and annotations first: with a common term, those are the ones worth ranking.
          const inTitles = yield* ftsIds(`{name tags annotations} : (${allTerms})`, where, CANDIDATES)
          const anywhere = yield* ftsIds(allTerms, where, CANDIDATES)
          literalOverflow = inTitles.length === CANDIDATES || anywhere.length === CANDIDATES
          for (const id of [...inTitles, ...anywhere]) candidates.add(id)
          for (const { id } of index.titleCandidates(query, CANDIDATES)) candidates.add(id)
        } else {
          for (const id of index.titlesContaining(query, CANDIDATES)) candidates.add(id)
        }
        if (candidates.size === 0) return { hits: [], exact: 0, suggested: 0 } satisfies SearchResult

        const rows = yield* sql<CandidateRow>`
          SELECT r.asset_id AS id, search_text.name, search_text.content, search_text.tags, search_text.annotations,
                 a.updated
          FROM search_rows r JOIN search_text ON search_text.rowid = r.rowid JOIN assets a ON a.id = r.asset_id
          WHERE ${sql.in("r.asset_id", [...candidates])} AND ${where}`

        const verified = rows.flatMap((row) => {
          const found = verify(row, terms, query, casing)
          return found === undefined ? [] : [{ row, ...found }]
        })
        const fuse = new Fuse(verified.map(({ row }) => row), {
          keys: [{ name: "name", weight: 3 }, { name: "tags", weight: 2 }, { name: "annotations", weight: 1 }],
          includeScore: true,
          ignoreLocation: true,
          threshold: 1,
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
        hits.sort((a, b) =>
          Number(b.exact) - Number(a.exact) || b.literalShare - a.literalShare || b.score - a.score ||
          b.updated.localeCompare(a.updated)
        )

        let exact = hits.filter((hit) => hit.exact).length
        let total = hits.length
        if (literalOverflow) {
          // More literal matches exist than were ranked: count them in SQL (plus the fuzzy-only hits ranked here).
          const fuzzyOnly = verified.filter((hit) => hit.literalShare < 1).length
          total = (yield* ftsCount(allTerms, where)) + fuzzyOnly
          if (query.trim().length >= 3) exact = Math.max(exact, yield* ftsCount(ftsPhrase(query.trim()), where))
        }
        return {
          hits: hits.slice(0, RESULT_LIMIT).map(({ id, exact, score, match }): SearchHit => ({ id, exact, score, match })),
          exact,
          suggested: Math.max(0, total - exact)
        } satisfies SearchResult
      })

    const search = (request: SearchRequest): Effect.Effect<SearchResult, InvalidRequest> =>
      Effect.gen(function*() {
        const where = yield* scope(request)
        const query = request.query?.trim() ?? ""
        return query.length === 0
          ? yield* listing(where, request.tags !== undefined && request.tags.length > 0)
          : yield* fuzzy(query, where, request.casing === true)
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    /** The stored JSON of the hits' assets, by id. */
    const documents = (ids: ReadonlyArray<string>, transferables: boolean) =>
      ids.length === 0
        ? Effect.succeed(new Map<string, string>())
        : sql<{ id: string; json: string }>`
            SELECT id, ${sql.literal(transferables ? "document" : "lean_document")} AS json FROM assets
            WHERE ${sql.in("id", ids)}`.pipe(
          Effect.map((rows) => new Map(rows.map((row) => [row.id, row.json]))),
          Effect.orDie
        )

    /** `SearchedAssets` as JSON text, each hit with its stored asset. */
    const searchedAssetsJson = (request: SearchRequest) =>
      Effect.gen(function*() {
        const result = yield* search(request)
        const docs = yield* documents(result.hits.map((hit) => hit.id), request.transferables)
        const items = result.hits.flatMap((hit) => {
          const json = docs.get(hit.id)
          return json === undefined
            ? []
            : [`{"identifier":"${hit.id}","exact":${hit.exact},"score":${hit.score},"match":"${hit.match}","asset":${json}}`]
        })
        return `{"iterable":[${items.join(",")}],"exact":${result.exact},"suggested":${result.suggested}}`
      })

    return { search, searchedAssetsJson } as const
  })
}) {}

/**
 * Whether a candidate holds every term (literally, or within the term's allowed edits), and how: `exact` when some
 * field contains the whole query literally, the share of terms found literally, and the fields that matched. The
 * edit-distance scan runs only for a term found nowhere literally, and stops at the first field within reach.
 */
const verify = (row: CandidateRow, terms: ReadonlyArray<string>, query: string, casing: boolean) => {
  const texts = FIELDS.map((field) => casing ? row[field] : row[field].toLowerCase())
  const fields = new Set<Field>()
  let literal = 0
  for (const term of terms) {
    const needle = casing ? term : term.toLowerCase()
    let found = false
    texts.forEach((text, i) => {
      if (text.includes(needle)) {
        fields.add(FIELDS[i])
        found = true
      }
    })
    if (found) {
      literal++
      continue
    }
    const edits = allowedEdits(term)
    const near = edits === 0 ? -1 : texts.findIndex((text) => substringDistance(needle, text, edits) <= edits)
    if (near === -1) return undefined
    fields.add(FIELDS[near])
  }
  const whole = casing ? query : query.toLowerCase()
  return { exact: texts.some((text) => text.includes(whole)), literalShare: literal / terms.length, fields }
}
