/**
 * The search operations. Fuzzy search takes candidates from two indexes (literal matches of every term from the
 * text index (`TextSearch`); names, tags and annotations sharing the most trigrams with the query from the in-memory
 * title index), keeps those that contain every term literally or within its allowed edits, and ranks them: exact
 * hits (the whole query literally) first, then by the share of terms found literally, then by a score mixing a
 * fuse.js score over name, tags and annotations with that share. Full-text search is the same without typos.
 * Neural code search matches words against the words identifiers are made of (`byWords`). Every search is first
 * narrowed to its scope (pseudo assets, space, tags, filters: `SearchFilters`, row sets over the in-memory facet
 * index); without a query, the scope is the answer, newest first. Results are capped; the counts are not.
 */
import { Context, Effect, Layer } from "effect"
import Fuse from "fuse.js"
import type { InvalidRequest } from "../domain/Errors.ts"
import {
  allowedEdits,
  containsWholeToken,
  editDistance,
  nameCloseness,
  queryTerms,
  substringDistance
} from "../domain/FuzzyMatch.ts"
import { queryWords } from "../domain/IdentifierWords.ts"
import type { RowSet } from "../domain/RowSet.ts"
import type { AssetFilters } from "../domain/Search.ts"
import { AssetStore } from "../storage/AssetStore.ts"
import { indexable, type RankedRow, TextSearch, type TitleRow } from "../storage/TextSearch.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { makeSearchFilters } from "./SearchFilters.ts"
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
  /** "literal": every word must occur as written (full-text search); "fuzzy" (the default) also tolerates typos. */
  readonly mode?: "fuzzy" | "literal" | undefined
  /**
   * Count every match (the default), or only those ranked: counting a term most of the library holds costs more
   * than finding and ranking its best matches, and a caller that pages through the ranked ones needs no more.
   */
  readonly counted?: "all" | "ranked" | undefined
}

type Field = "name" | "content" | "tags" | "annotations"
const MATCH_OF_FIELD = { name: "TITLE", content: "CONTENT", tags: "TAGS", annotations: "ANNOTATION" } as const
/** The short fields, where a term may also match with typos. */
const TITLE_FIELDS = ["name", "tags", "annotations"] as const

export interface SearchHit {
  /** The asset's search row. */
  readonly row: number
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
  /** More match than the counts say: the search counted only what it ranked (`counted: "ranked"`). */
  readonly more?: boolean
}

/** Results returned per search; the counts cover every hit. */
export const RESULT_LIMIT = 100
/**
 * The longest query searched, in characters: typo tolerance costs an edit-distance scan per term and candidate, so
 * a query is bounded like the rest of a request's work; a longer one is searched by its beginning.
 */
export const QUERY_LIMIT = 400
/** Verified hits fuse.js scores: the head of a cheaper order, comfortably more than one answer holds. */
const FUSE_RANKED = 150
/** Candidates each text lookup contributes before verification and ranking, newest first. */
const CANDIDATES = 300
/** Candidates the title trigram index contributes: the names sharing most trigrams with the query. */
const TYPO_CANDIDATES = 100
/** A scope this small is verified whole rather than looked up in the text index and then narrowed. */
const SMALL_SCOPE = 1000

/** The assets a search may return: every live asset it may see (`whole`), or fewer once filters narrowed them. */
interface Scope {
  readonly rows: RowSet
  readonly whole: boolean
}

type CandidateRow = TitleRow & {
  readonly updated: number
  /** Loaded only for candidates whose names, tags and annotations cannot settle the match. */
  content?: string
}

export class AssetSearch extends Context.Service<AssetSearch>()("AssetSearch", {
  make: Effect.gen(function*() {
    const text = yield* TextSearch
    const assets = yield* AssetStore
    const index = yield* SearchIndex
    const facets = index.facets
    const repository = yield* AssetRepository

    const scopeOf = (request: SearchRequest): Effect.Effect<Scope, InvalidRequest> =>
      Effect.gen(function*() {
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

    /**
     * The rows holding every term anywhere and, when asked, those holding the whole query: all of them counted (the
     * answer's totals), or only the first `CANDIDATES` (a ranked answer needs no totals).
     */
    const literalLookups = (
      terms: ReadonlyArray<string>,
      whole: string | undefined,
      inScope: RowSet,
      countAll: boolean
    ) =>
      Effect.gen(function*() {
        if (countAll && whole !== undefined) {
          const both = yield* text.containingCountedWithWhole(terms, whole, "anywhere", inScope, CANDIDATES)
          return { anywhere: both.texts, exactRows: both.whole }
        }
        const anywhere = countAll
          ? yield* text.containingCounted(terms, "anywhere", inScope, CANDIDATES)
          : uncounted(yield* text.containing(terms, "anywhere", inScope, CANDIDATES))
        const exactRows = whole === undefined
          ? undefined
          : uncounted(yield* text.containing([whole], "anywhere", inScope, CANDIDATES))
        return { anywhere, exactRows }
      })

    const fuzzy = (query: string, scope: Scope, casing: boolean, typos: boolean, countAll: boolean) =>
      Effect.gen(function*() {
        const terms = queryTerms(query)
        const indexed = terms.filter(indexable)
        /** One term, one the index looks up: what the index finds holding it holds the whole query. */
        const oneIndexedTerm = terms.length === 1 && indexed.length === 1
        const inScope = scope.rows
        const candidates = new Set<number>()
        /**
         * Candidates the text index says contain every term (case-insensitively): it looks up those it can and checks
         * the others, too short for it, on their matches.
         */
        const literal = new Set<number>()
        /** Candidates the text index says contain the whole query (case-insensitively): the exact hits. */
        const phrase = new Set<number>()
        /**
         * The query is one term the text index was asked for and answered in full: an asset it did not return holds
         * the term nowhere, its code included, so its code need not be read to know it.
         */
        let termLookedUpInFull = false
        /** Whether a limited query hit its limit, so that its matches must be counted separately. */
        let literalOverflow = false
        let phraseOverflow = false
        /** How many assets in scope the text index says hold every term; and the whole query. */
        let literalCount = 0
        let phraseCount = 0
        if (inScope.size <= SMALL_SCOPE && !scope.whole) {
          // Few enough to verify them all: the index has nothing to narrow.
          for (const row of inScope.values()) candidates.add(row)
        } else if (indexed.length > 0) {
          // Matches in names, tags and annotations first: with a common term, those are the ones worth ranking.
          const inTitles = yield* text.containing(terms, "titles", inScope, CANDIDATES)
          // The whole query is looked up too when it is more than its one indexed term.
          const whole = !oneIndexedTerm && indexable(query) ? query : undefined
          const { anywhere, exactRows } = yield* literalLookups(terms, whole, inScope, countAll)
          literalOverflow = inTitles.length === CANDIDATES || anywhere.rows.length === CANDIDATES
          termLookedUpInFull = oneIndexedTerm && !literalOverflow
          literalCount = anywhere.count
          for (const row of [...inTitles, ...anywhere.rows]) literal.add(row)
          if (oneIndexedTerm) {
            for (const row of literal) phrase.add(row)
            phraseOverflow = literalOverflow
          } else if (exactRows !== undefined) {
            phraseOverflow = exactRows.rows.length === CANDIDATES
            phraseCount = exactRows.count
            for (const row of exactRows.rows) phrase.add(row)
          }
          for (const row of [...phrase, ...literal]) candidates.add(row)
          // Typo candidates matter only while literal matches are few; past the limit they could not rank. A
          // narrowed scope keeps a share of them: ask for more.
          if (typos && !literalOverflow) {
            const wanted = Math.min(20 * TYPO_CANDIDATES, Math.ceil(TYPO_CANDIDATES * facets.size / inScope.size))
            const near = index.titleCandidates(query, wanted).filter(({ row }) => inScope.has(row))
            for (const { row } of near.slice(0, TYPO_CANDIDATES)) candidates.add(row)
          }
        } else {
          for (const row of index.titlesContaining(query, CANDIDATES * 4)) if (inScope.has(row)) candidates.add(row)
        }
        if (candidates.size === 0) return { hits: [], exact: 0, suggested: 0 } satisfies SearchResult

        // Names, tags and annotations of every candidate; code only where a decision needs it (it is the bulk).
        const rows: Array<CandidateRow> = (yield* text.titlesAt([...candidates]))
          .map((row) => ({ ...row, updated: facets.updatedAt(row.row) }))
        const known = (row: CandidateRow): IndexKnowledge => ({
          allTerms: literal.has(row.row),
          whole: phrase.has(row.row),
          termAbsent: termLookedUpInFull && !literal.has(row.row)
        })
        const needsCode = rows.filter((row) => !decidableWithoutCode(row, terms, casing, typos, known(row)))
        if (needsCode.length > 0) {
          const code = yield* text.contentAt(needsCode.map((row) => row.row))
          for (const row of needsCode) row.content = code.get(row.row) ?? ""
        }

        const verified = rows.flatMap((row) => {
          const found = verify(row, terms, query, casing, typos, known(row))
          return found === undefined ? [] : [{ row, ...found }]
        })
        // A cheap order first (exact, share of literal terms, a hit in the name, recency); fuse.js, the costly
        // part, then scores only the head of it, which holds every hit that can reach the answer.
        verified.sort((a, b) =>
          Number(b.exact) - Number(a.exact) || b.literalShare - a.literalShare || a.edits - b.edits ||
          Number(b.fields.has("name")) - Number(a.fields.has("name")) || newestFirst(a.row, b.row)
        )
        const head = verified.slice(0, FUSE_RANKED)
        // Whole tokens: among hits holding the terms literally, those where a term stands as a token of its own
        // (`_parse_args(`) rank before those where it is part of a longer identifier (`_parse_args_helper`).
        const complete = head.filter((hit) => hit.literalShare === 1)
        const unloaded = complete.filter((hit) => hit.row.content === undefined)
        if (unloaded.length > 0) {
          const code = yield* text.contentAt(unloaded.map((hit) => hit.row.row))
          for (const hit of unloaded) hit.row.content = code.get(hit.row.row) ?? ""
        }
        // A term whole in the case it was typed counts fully; whole in another case (the search ignores case), half.
        const wholeShare = new Map(complete.map((hit) => {
          const texts = [...TITLE_FIELDS.map((field) => hit.row[field]), hit.row.content ?? ""]
          const lower = texts.map((text) => text.toLowerCase())
          const points = terms.map((term): number =>
            texts.some((text) => containsWholeToken(text, term))
              ? 1
              : !casing && lower.some((text) => containsWholeToken(text, term.toLowerCase()))
              ? 0.5
              : 0
          )
          return [hit.row.row, points.reduce((sum, point) => sum + point, 0) / terms.length]
        }))
        const fuse = new Fuse(head.map(({ row }) => row), {
          keys: [{ name: "name", weight: 3 }, { name: "tags", weight: 2 }, { name: "annotations", weight: 1 }],
          includeScore: true,
          ignoreLocation: true,
          threshold: 0.6,
          isCaseSensitive: casing
        })
        const titleScore = new Map<number, number>()
        for (const result of fuse.search(query)) titleScore.set(result.item.row, 1 - (result.score ?? 1))

        // The score: fuse.js over the titles, how close the name is to the whole query (among near-duplicate names,
        // the closest full name first), and the share of terms found literally.
        // Only the head can rank: the closeness of names (an edit distance each) is computed for it alone.
        const hits = head.map(({ row, exact, literalShare, edits, fields }) => ({
          row: row.row,
          exact,
          wholeShare: wholeShare.get(row.row) ?? 0,
          edits,
          nameEdits: edits === 0 ? 0 : nameEdits(query, row.name),
          score: Math.round(
            (0.45 * (titleScore.get(row.row) ?? 0) + 0.15 * nameCloseness(query, row.name) + 0.4 * literalShare) * 1e4
          ) / 1e4,
          match: fields.size === 1 ? MATCH_OF_FIELD[[...fields][0]] : "MULTIPLE" as const,
          literalShare,
          updated: row.updated
        }))
        // Exact hits first; then hits holding more of the terms literally (a typo match never outranks the real
        // thing), more of them as whole tokens; typo matches with fewer typos, then those whose whole name is
        // nearest the query (among `parse_header`, `parse_header_v2`, … the one whose every other character
        // matches, suffix and case too); then by score, then the most recently updated.
        const ranked = hits.sort((a, b) =>
          Number(b.exact) - Number(a.exact) || b.literalShare - a.literalShare || b.wholeShare - a.wholeShare ||
          a.edits - b.edits || a.nameEdits - b.nameEdits ||
          b.score - a.score ||
          newestFirst(a, b)
        )

        let exact = verified.filter((hit) => hit.exact).length
        let total = verified.length
        // More matches exist than were ranked: the index counted them (the typo-only hits, if any, are left out
        // of the count then; they could not have ranked).
        if (literalOverflow) total = Math.max(total, literalCount)
        if (phraseOverflow) exact = Math.max(exact, terms.length === 1 ? total : phraseCount)
        const more = !countAll && (literalOverflow || phraseOverflow)
        return {
          hits: ranked.slice(0, RESULT_LIMIT).map(({ row, exact, score, match }): SearchHit => ({
            row,
            exact,
            score,
            match
          })),
          exact,
          suggested: Math.max(0, total - exact),
          ...(more ? { more } : {})
        } satisfies SearchResult
      })

    const search = (request: SearchRequest): Effect.Effect<SearchResult, InvalidRequest> =>
      Effect.gen(function*() {
        const query = (request.query ?? "").slice(0, QUERY_LIMIT).trim()
        const scope = yield* scopeOf(request)
        if (query.length === 0) return listing(request, scope)
        const typos = request.mode !== "literal"
        return yield* fuzzy(query, scope, request.casing === true, typos, request.counted !== "ranked")
      })

    /**
     * Neural code search: the words of a question ("parse http header") against the words assets' identifiers,
     * names, tags and annotations are made of (`parseHttpHeader`, `parse_http_header`), stemmed. Assets holding
     * every word are the exact hits, ranked by relevance (a word in the name weighs most); then, when those are few,
     * assets holding some of the words.
     */
    const byWords = (query: string, within: Omit<SearchRequest, "query" | "mode">) =>
      Effect.gen(function*() {
        const words = queryWords(query.slice(0, QUERY_LIMIT))
        if (words.length === 0) return { hits: [], exact: 0, suggested: 0 } satisfies SearchResult
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
    const searchedAssets = (result: SearchResult, transferables: boolean) =>
      Effect.map(repository.documentBytesAt(result.hits.map((hit) => hit.row), transferables), (docs) => {
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

/** Matches found without counting: their count is unknown, so that of the rows (the overflow check stays right). */
const uncounted = (rows: ReadonlyArray<number>) => ({ rows, count: rows.length })

const newestFirst = (a: { readonly updated: number }, b: { readonly updated: number }) => b.updated - a.updated

/** How far a name is from the whole query: its edits ignoring case, then (a fraction) those in the case typed. */
const nameEdits = (query: string, name: string) =>
  editDistance(query.toLowerCase(), name.toLowerCase()) + editDistance(query, name) / (query.length + name.length + 1)

/** Whether a term occurs in a text literally, or (`edits` > 0) within that many edits. */
const occurs = (needle: string, text: string, edits: number): "literal" | "fuzzy" | "none" =>
  text.includes(needle) ? "literal" : edits > 0 && substringDistance(needle, text, edits) <= edits ? "fuzzy" : "none"

const lowered = (text: string, casing: boolean) => casing ? text : text.toLowerCase()

/**
 * What the text index already said of a candidate: every term is in it, the whole query is in it, or (a
 * query of one term, looked up in full) the term is nowhere in it.
 */
interface IndexKnowledge {
  readonly allTerms: boolean
  readonly whole: boolean
  readonly termAbsent: boolean
}

/**
 * Whether `verify` can judge a candidate without its code: when every term is found in its names, tags and
 * annotations or is known from the text index (which is case-insensitive, so not with `casing`). A typo'd name's
 * candidates from the typo index mostly hold the term nowhere: read, their code only said so again (1.4 ms of a 25 ms
 * search at 100,000 assets).
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
  return known.termAbsent || known.allTerms || terms.every((term) =>
    titles.some((title) => occurs(term.toLowerCase(), title, typos ? allowedEdits(term) : 0) !== "none")
  )
}

/**
 * Whether a candidate holds every term, and how: `exact` when some field contains the whole query literally, the
 * share of terms found literally, the typos the other terms carry (`edits`), and the fields that matched. A term
 * found nowhere literally may still match a name, tag or annotation within its allowed edits; code matches literally
 * only (typos are looked for where people type words, and an edit-distance scan of every candidate's code would cost
 * more than the rest of the search).
 * `known`: what the text index found in this asset; when its code was not loaded, that is what says a term missing
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
  /** The typos the terms not found literally carry, fewest over the fields. */
  let edits = 0
  for (const term of terms) {
    const needle = lowered(term, casing)
    const literalTitles = TITLE_FIELDS.filter((_, i) => titles[i].includes(needle))
    for (const field of literalTitles) fields.add(field)
    // Without the code loaded, the index vouches for a term the titles lack.
    const inCode = code === undefined
      ? literalTitles.length === 0 && known.allTerms && !casing
      : code.includes(needle)
    if (inCode) fields.add("content")
    if (literalTitles.length > 0 || inCode) {
      literal++
      continue
    }
    const allowed = typos ? allowedEdits(term) : 0
    if (allowed === 0) return undefined
    const distances = titles.map((title) => substringDistance(needle, title, allowed))
    const fewest = Math.min(...distances)
    if (fewest > allowed) return undefined
    fields.add(TITLE_FIELDS[distances.indexOf(fewest)])
    edits += fewest
  }
  const whole = lowered(query, casing)
  const exact = titles.some((title) => title.includes(whole)) || (code === undefined ? known.whole : code.includes(whole))
  return { exact, literalShare: literal / terms.length, edits, fields }
}
