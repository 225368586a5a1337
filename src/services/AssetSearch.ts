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
/** Candidates each index contributes before verification and ranking. */
const CANDIDATES = 300

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

    /** The assets a search may return at all, as a condition over `search_rows s` (which holds live assets only). */
    const scope = (request: SearchRequest): Effect.Effect<Fragment, InvalidRequest> =>
      Effect.gen(function*() {
        const filterSql = makeFilterSql(sql, request.casing === true)
        const conditions: Array<Fragment> = []
        if (!request.pseudo) conditions.push(sql.literal("s.pseudo = 0"))
        if (request.space !== undefined) {
          conditions.push(request.space.length === 0 ? sql.literal("1=0") : sql.in("s.asset_id", request.space))
        }
        if (request.tags !== undefined && request.tags.length > 0) conditions.push(filterSql.hasTags(request.tags))
        if (request.filters !== undefined) conditions.push(yield* filterSql.filters(request.filters))
        return conditions.length === 0 ? sql.literal("1=1") : sql.and(conditions)
      })

    const count = (where: Fragment) =>
      Effect.map(sql<{ n: number }>`SELECT count(*) AS n FROM search_rows s WHERE ${where}`, (rows) => rows[0].n)

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

    /** Every asset in scope, most recently updated first: tag search and filters without a query. */
    const listing = (where: Fragment, tagged: boolean) =>
      Effect.gen(function*() {
        const rows = yield* sql<{ id: string }>`
          SELECT s.asset_id AS id FROM search_rows s WHERE ${where}
          ORDER BY s.updated DESC, s.asset_id LIMIT ${RESULT_LIMIT}`
        const total = yield* count(where)
        const match = tagged ? "TAGS" as const : "MULTIPLE" as const
        return {
          hits: rows.map((row) => ({ id: row.id, exact: true, score: 1, match })),
          exact: total,
          suggested: 0
        } satisfies SearchResult
      })

    /**
     * Tag search on its own: read from the tag index, newest first, driven by the rarest of the tags (the others
     * are checked per row), so that a tag on most of a large library costs one index range, not a scan.
     */
    const tagListing = (tags: ReadonlyArray<string>, pseudo: boolean) =>
      Effect.gen(function*() {
        const visible = (alias: string) => pseudo ? sql.literal("") : sql.literal(`AND ${alias}.pseudo = 0`)
        const counted: Array<[string, number]> = []
        for (const tag of new Set(tags.map((tag) => tag.toLowerCase()))) {
          const [row] = yield* sql<{ n: number }>`SELECT count(*) AS n FROM asset_tags g WHERE g.tag = ${tag} ${visible("g")}`
          counted.push([tag, row.n])
        }
        counted.sort((a, b) => a[1] - b[1])
        const [[driver, driverCount], ...others] = counted
        const alsoTagged = sql.and([
          sql.literal("1=1"),
          ...others.map(([tag]) =>
            sql`EXISTS (SELECT 1 FROM asset_tags o WHERE o.asset_id = g.asset_id AND o.tag = ${tag})`
          )
        ])
        const rows = yield* sql<{ id: string }>`
          SELECT g.asset_id AS id FROM asset_tags g WHERE g.tag = ${driver} ${visible("g")} AND ${alsoTagged}
          ORDER BY g.updated DESC LIMIT ${RESULT_LIMIT}`
        const total = others.length === 0 ? driverCount : (yield* sql<{ n: number }>`
          SELECT count(*) AS n FROM asset_tags g WHERE g.tag = ${driver} ${visible("g")} AND ${alsoTagged}`)[0].n
        return {
          hits: rows.map((row) => ({ id: row.id, exact: true, score: 1, match: "TAGS" as const })),
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
        /** Candidates the FTS index says contain every term of three letters or more (case-insensitively). */
        const literal = new Set<string>()
        let literalOverflow = false
        if (indexed.length > 0) {
          // Matches in names, tags and annotations first: with a common term, those are the ones worth ranking.
          const inTitles = yield* ftsIds("search_titles", allTerms, where, CANDIDATES)
          const anywhere = yield* ftsIds("search_text", allTerms, where, CANDIDATES)
          literalOverflow = inTitles.length === CANDIDATES || anywhere.length === CANDIDATES
          for (const id of [...inTitles, ...anywhere]) literal.add(id)
          for (const id of literal) candidates.add(id)
          for (const { id } of index.titleCandidates(query, CANDIDATES)) candidates.add(id)
        } else {
          for (const id of index.titlesContaining(query, CANDIDATES)) candidates.add(id)
        }
        if (candidates.size === 0) return { hits: [], exact: 0, suggested: 0 } satisfies SearchResult

        // Names, tags and annotations of every candidate; code only where a decision needs it (it is the bulk).
        const rows = yield* sql<CandidateRow>`
          SELECT s.rowid, s.asset_id AS id, t.name, t.tags, t.annotations, s.updated
          FROM search_rows s JOIN search_titles t ON t.rowid = s.rowid
          WHERE ${sql.in("s.asset_id", [...candidates])} AND ${where}`
        const needsCode = rows.filter((row) => !decidableWithoutCode(row, terms, query, casing, literal.has(row.id)))
        if (needsCode.length > 0) {
          const code = yield* sql<{ rowid: number; content: string }>`
            SELECT rowid, content FROM search_text WHERE ${sql.in("rowid", needsCode.map((row) => row.rowid))}`
          const byRow = new Map(code.map((row) => [row.rowid, row.content]))
          for (const row of needsCode) row.content = byRow.get(row.rowid) ?? ""
        }

        const verified = rows.flatMap((row) => {
          const found = verify(row, terms, query, casing, literal.has(row.id))
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
        if (literalOverflow) {
          // More literal matches exist than were ranked: count them in SQL (plus the fuzzy-only hits ranked here).
          const fuzzyOnly = verified.filter((hit) => hit.literalShare < 1).length
          total = (yield* ftsCount(allTerms, where)) + fuzzyOnly
          if (query.trim().length >= 3) exact = Math.max(exact, yield* ftsCount(ftsPhrase(query.trim()), where))
        }
        return {
          hits: ranked.slice(0, RESULT_LIMIT).map(({ id, exact, score, match }): SearchHit => ({ id, exact, score, match })),
          exact,
          suggested: Math.max(0, total - exact)
        } satisfies SearchResult
      })

    const search = (request: SearchRequest): Effect.Effect<SearchResult, InvalidRequest> =>
      Effect.gen(function*() {
        const query = request.query?.trim() ?? ""
        const tagsOnly = query.length === 0 && request.filters === undefined && request.space === undefined
        if (tagsOnly && request.tags !== undefined && request.tags.length > 0) {
          return yield* tagListing(request.tags, request.pseudo)
        }
        const where = yield* scope(request)
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

const newestFirst = (a: { readonly updated: string }, b: { readonly updated: string }) =>
  a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0

/** Whether a term occurs in a text literally, or (`edits` > 0) within that many edits. */
const occurs = (needle: string, text: string, edits: number): "literal" | "fuzzy" | "none" =>
  text.includes(needle) ? "literal" : edits > 0 && substringDistance(needle, text, edits) <= edits ? "fuzzy" : "none"

const lowered = (text: string, casing: boolean) => casing ? text : text.toLowerCase()

/**
 * Whether `verify` can judge a candidate from its names, tags and annotations alone: when every term is found
 * there, or is known to be in the code from the FTS index (which is case-insensitive, so not with `casing`), and
 * whether the hit is exact is settled too.
 */
const decidableWithoutCode = (
  row: CandidateRow,
  terms: ReadonlyArray<string>,
  query: string,
  casing: boolean,
  literalInIndex: boolean
) => {
  const titles = TITLE_FIELDS.map((field) => lowered(row[field], casing))
  const inTitles = (text: string) => titles.some((title) => title.includes(text))
  // Whether several words stand together in the code (an exact hit) only the code can say.
  if (!inTitles(lowered(query, casing)) && literalInIndex) return !casing && terms.length === 1 && terms[0].length >= 3
  return terms.every((term) =>
    (literalInIndex && !casing && term.length >= 3) ||
    titles.some((title) => occurs(lowered(term, casing), title, allowedEdits(term)) !== "none")
  )
}

/**
 * Whether a candidate holds every term, and how: `exact` when some field contains the whole query literally, the
 * share of terms found literally, and the fields that matched. A term found nowhere literally may still match a
 * name, tag or annotation within its allowed edits; code matches literally only (typos are looked for where people
 * type words, and an edit-distance scan of every candidate's code would cost more than the rest of the search).
 * `literalInIndex`: the FTS index found every term of three letters or more in this asset; when its code was not
 * loaded, that is what says a term missing from the titles is in the code.
 */
const verify = (
  row: CandidateRow,
  terms: ReadonlyArray<string>,
  query: string,
  casing: boolean,
  literalInIndex: boolean
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
      ? literalTitles.length === 0 && literalInIndex && !casing && term.length >= 3
      : code.includes(needle)
    if (inCode) fields.add("content")
    if (literalTitles.length > 0 || inCode) {
      literal++
      continue
    }
    const edits = allowedEdits(term)
    const near = edits === 0 ? -1 : titles.findIndex((title) => occurs(needle, title, edits) === "fuzzy")
    if (near === -1) return undefined
    fields.add(TITLE_FIELDS[near])
  }
  const whole = lowered(query, casing)
  const exact = titles.some((title) => title.includes(whole)) ||
    (code === undefined ? literalInIndex && terms.length === 1 && !casing : code.includes(whole))
  return { exact, literalShare: literal / terms.length, fields }
}
