/**
 * Fuzzy search (and full-text search, the same without typos) of a query over a scope, in four stages:
 * - candidates: literal matches of every term from the text index (`TextSearch`), those of the whole query, and the
 *   names, tags and annotations sharing most trigrams with the query in the in-memory title index;
 * - verification: the candidates that hold every term literally or within its allowed edits, read from their names,
 *   tags and annotations, and from their code only where those cannot settle it;
 * - ranking: exact hits (the whole query literally) first, then by the share of terms found literally and found as
 *   whole tokens, the typos, the closeness of the name, then a score mixing a fuse.js score over name, tags and
 *   annotations with that share;
 * - counting: how many matched, with the text index's counts where more matched than were read.
 */
import { Effect } from "effect"
import Fuse from "fuse.js"
import {
  allowedEdits,
  containsWholeToken,
  editDistance,
  nameCloseness,
  queryTerms,
  substringDistance
} from "../domain/FuzzyMatch.ts"
import type { RowSet } from "../domain/RowSet.ts"
import { indexable, type TextSearchShape, type TitleRow } from "../storage/TextSearch.ts"
import type { SearchIndex } from "./SearchIndex.ts"
import { NO_RESULT, RESULT_LIMIT, type SearchHit, type SearchResult } from "./SearchResults.ts"

/** The assets a search may return: every live asset it may see (`whole`), or fewer once filters narrowed them. */
export interface Scope {
  readonly rows: RowSet
  readonly whole: boolean
}

export interface FuzzyQuery {
  readonly query: string
  readonly casing: boolean
  readonly typos: boolean
  /** Count every match, or only those ranked (`SearchRequest.counted`). */
  readonly countAll: boolean
}

type Field = "name" | "content" | "tags" | "annotations"
const MATCH_OF_FIELD = { name: "TITLE", content: "CONTENT", tags: "TAGS", annotations: "ANNOTATION" } as const
/** The short fields, where a term may also match with typos. */
const TITLE_FIELDS = ["name", "tags", "annotations"] as const

/** Verified hits fuse.js scores: the head of a cheaper order, comfortably more than one answer holds. */
const FUSE_RANKED = 150
/** Candidates each text lookup contributes before verification and ranking, newest first. */
const CANDIDATES = 300
/** Candidates the title trigram index contributes: the names sharing most trigrams with the query. */
const TYPO_CANDIDATES = 100
/** A scope this small is verified whole rather than looked up in the text index and then narrowed. */
const SMALL_SCOPE = 1000

/** Rows the text index says match (case-insensitively), and whether there were more than it returned. */
interface IndexMatches {
  readonly rows: Set<number>
  /** The lookup hit its limit: more match than `rows` holds. */
  readonly overflow: boolean
  /** How many in scope match, as the index counted them. */
  readonly count: number
}

const NO_MATCHES: IndexMatches = { rows: new Set(), overflow: false, count: 0 }

interface Candidates {
  readonly rows: ReadonlySet<number>
  /** Rows holding every term: looked up where the index can, the terms too short for it checked on their matches. */
  readonly literal: IndexMatches
  /** Rows holding the whole query: the exact hits. */
  readonly phrase: IndexMatches
  /**
   * The query is one term the text index was asked for and answered in full: an asset it did not return holds the
   * term nowhere, its code included, so its code need not be read to know it.
   */
  readonly termLookedUpInFull: boolean
}

type CandidateRow = TitleRow & {
  readonly updated: number
  /** Loaded only for candidates whose names, tags and annotations cannot settle the match. */
  content?: string
}

interface Verified {
  readonly row: CandidateRow
  readonly exact: boolean
  readonly literalShare: number
  readonly edits: number
  readonly fields: ReadonlySet<Field>
}

interface Ranked extends SearchHit {
  readonly literalShare: number
  readonly wholeShare: number
  readonly edits: number
  readonly nameEdits: number
  readonly updated: number
}

export const makeFuzzySearch = (text: TextSearchShape, index: SearchIndex["Service"]) => {
  const facets = index.facets

  /**
   * The rows holding every term anywhere and, when asked, those holding the whole query: all of them counted (the
   * answer's totals), or only the first `CANDIDATES` (a ranked answer needs no totals).
   */
  const literalLookups = Effect.fn("FuzzySearch.literalLookups")(function*(
    terms: ReadonlyArray<string>,
    whole: string | undefined,
    inScope: RowSet,
    countAll: boolean
  ) {
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

  const candidates = Effect.fn("FuzzySearch.candidates")(function*(
    { countAll, query, typos }: FuzzyQuery,
    terms: ReadonlyArray<string>,
    scope: Scope
  ) {
    const inScope = scope.rows
    if (inScope.size <= SMALL_SCOPE && !scope.whole) {
      // Few enough to verify them all: the index has nothing to narrow.
      const none = { literal: NO_MATCHES, phrase: NO_MATCHES, termLookedUpInFull: false }
      return { rows: new Set(inScope.values()), ...none } satisfies Candidates
    }
    const indexed = terms.filter(indexable)
    if (indexed.length === 0) {
      const rows = index.titlesContaining(query, CANDIDATES * 4).filter((row) => inScope.has(row))
      return { rows: new Set(rows), literal: NO_MATCHES, phrase: NO_MATCHES, termLookedUpInFull: false }
    }
    /** One term, one the index looks up: what the index finds holding it holds the whole query. */
    const oneIndexedTerm = terms.length === 1 && indexed.length === 1
    // Matches in names, tags and annotations first: with a common term, those are the ones worth ranking.
    const inTitles = yield* text.containing(terms, "titles", inScope, CANDIDATES)
    // The whole query is looked up too when it is more than its one indexed term.
    const whole = !oneIndexedTerm && indexable(query) ? query : undefined
    const { anywhere, exactRows } = yield* literalLookups(terms, whole, inScope, countAll)
    const literalOverflow = inTitles.length === CANDIDATES || anywhere.rows.length === CANDIDATES
    const literal = { rows: new Set([...inTitles, ...anywhere.rows]), overflow: literalOverflow, count: anywhere.count }
    const phrase = oneIndexedTerm
      ? { rows: new Set(literal.rows), overflow: literalOverflow, count: 0 }
      : exactRows === undefined
      ? NO_MATCHES
      : { rows: new Set(exactRows.rows), overflow: exactRows.rows.length === CANDIDATES, count: exactRows.count }
    const rows = new Set([...phrase.rows, ...literal.rows])
    // Typo candidates matter only while literal matches are few; past the limit they could not rank. A narrowed
    // scope keeps a share of them: ask for more.
    if (typos && !literalOverflow) {
      const wanted = Math.min(20 * TYPO_CANDIDATES, Math.ceil(TYPO_CANDIDATES * facets.size / inScope.size))
      const near = index.titleCandidates(query, wanted).filter(({ row }) => inScope.has(row))
      for (const { row } of near.slice(0, TYPO_CANDIDATES)) rows.add(row)
    }
    return { rows, literal, phrase, termLookedUpInFull: oneIndexedTerm && !literalOverflow } satisfies Candidates
  })

  /** The candidates that match, each with how: its names, tags and annotations read, its code where they cannot tell. */
  const verification = Effect.fn("FuzzySearch.verification")(function*(
    { casing, query, typos }: FuzzyQuery,
    terms: ReadonlyArray<string>,
    found: Candidates
  ) {
    const rows: Array<CandidateRow> = (yield* text.titlesAt([...found.rows]))
      .map((row) => ({ ...row, updated: facets.updatedAt(row.row) }))
    const known = (row: CandidateRow): IndexKnowledge => ({
      allTerms: found.literal.rows.has(row.row),
      whole: found.phrase.rows.has(row.row),
      termAbsent: found.termLookedUpInFull && !found.literal.rows.has(row.row)
    })
    yield* loadCode(rows.filter((row) => !decidableWithoutCode(row, terms, casing, typos, known(row))))
    return rows.flatMap((row): Array<Verified> => {
      const match = verify(row, terms, query, casing, typos, known(row))
      return match === undefined ? [] : [{ row, ...match }]
    })
  })

  /** Reads the code of rows that have none loaded yet. */
  const loadCode = (rows: ReadonlyArray<CandidateRow>) =>
    rows.length === 0 ? Effect.void : Effect.map(text.contentAt(rows.map((row) => row.row)), (code) => {
      for (const row of rows) row.content = code.get(row.row) ?? ""
    })

  /** The verified hits best first: at most `FUSE_RANKED`, as only those can reach the answer. */
  const ranking = Effect.fn("FuzzySearch.ranking")(function*(
    { casing, query }: FuzzyQuery,
    terms: ReadonlyArray<string>,
    verified: ReadonlyArray<Verified>
  ) {
    // A cheap order first (exact, share of literal terms, a hit in the name, recency); fuse.js, the costly part,
    // then scores only the head of it, which holds every hit that can reach the answer.
    const head = [...verified].sort((a, b) =>
      Number(b.exact) - Number(a.exact) || b.literalShare - a.literalShare || a.edits - b.edits ||
      Number(b.fields.has("name")) - Number(a.fields.has("name")) || newestFirst(a.row, b.row)
    ).slice(0, FUSE_RANKED)
    // Whole tokens: among hits holding the terms literally, those where a term stands as a token of its own
    // (`_parse_args(`) rank before those where it is part of a longer identifier (`_parse_args_helper`).
    const complete = head.filter((hit) => hit.literalShare === 1)
    yield* loadCode(complete.map((hit) => hit.row).filter((row) => row.content === undefined))
    const wholeShare = new Map(complete.map((hit) => [hit.row.row, wholeTokenShare(hit.row, terms, casing)]))
    const fuse = new Fuse(head.map(({ row }) => row), {
      keys: [{ name: "name", weight: 3 }, { name: "tags", weight: 2 }, { name: "annotations", weight: 1 }],
      includeScore: true,
      ignoreLocation: true,
      threshold: 0.6,
      isCaseSensitive: casing
    })
    const titleScore = new Map<number, number>()
    for (const result of fuse.search(query)) titleScore.set(result.item.row, 1 - (result.score ?? 1))

    // The score: fuse.js over the titles, how close the name is to the whole query (among near-duplicate names, the
    // closest full name first), and the share of terms found literally. Only the head can rank: the closeness of
    // names (an edit distance each) is computed for it alone.
    const hits = head.map(({ row, exact, literalShare, edits, fields }): Ranked => ({
      row: row.row,
      exact,
      wholeShare: wholeShare.get(row.row) ?? 0,
      edits,
      nameEdits: edits === 0 ? 0 : nameEdits(query, row.name),
      score: Math.round(
        (0.45 * (titleScore.get(row.row) ?? 0) + 0.15 * nameCloseness(query, row.name) + 0.4 * literalShare) * 1e4
      ) / 1e4,
      match: fields.size === 1 ? MATCH_OF_FIELD[[...fields][0]] : "MULTIPLE",
      literalShare,
      updated: row.updated
    }))
    // Exact hits first; then hits holding more of the terms literally (a typo match never outranks the real thing),
    // more of them as whole tokens; typo matches with fewer typos, then those whose whole name is nearest the query
    // (among `parse_header`, `parse_header_v2`, … the one whose every other character matches, suffix and case too);
    // then by score, then the most recently updated.
    return hits.sort((a, b) =>
      Number(b.exact) - Number(a.exact) || b.literalShare - a.literalShare || b.wholeShare - a.wholeShare ||
      a.edits - b.edits || a.nameEdits - b.nameEdits ||
      b.score - a.score ||
      newestFirst(a, b)
    )
  })

  return Effect.fn("FuzzySearch.search")(function*(request: FuzzyQuery, scope: Scope) {
    const terms = queryTerms(request.query)
    const found = yield* candidates(request, terms, scope)
    if (found.rows.size === 0) return NO_RESULT
    const verified = yield* verification(request, terms, found)
    const ranked = yield* ranking(request, terms, verified)
    return counting(request, terms, found, verified, ranked)
  })
}

/**
 * The answer: the best hits, and how many matched. More matches exist than were read when a lookup hit its limit:
 * the index counted them then (the typo-only hits, if any, left out of the count; they could not have ranked).
 */
const counting = (
  { countAll }: FuzzyQuery,
  terms: ReadonlyArray<string>,
  found: Candidates,
  verified: ReadonlyArray<Verified>,
  ranked: ReadonlyArray<Ranked>
): SearchResult => {
  let exact = verified.filter((hit) => hit.exact).length
  let total = verified.length
  if (found.literal.overflow) total = Math.max(total, found.literal.count)
  if (found.phrase.overflow) exact = Math.max(exact, terms.length === 1 ? total : found.phrase.count)
  const more = !countAll && (found.literal.overflow || found.phrase.overflow)
  return {
    hits: ranked.slice(0, RESULT_LIMIT).map(({ row, exact, score, match }): SearchHit => ({ row, exact, score, match })),
    exact,
    suggested: Math.max(0, total - exact),
    ...(more ? { more } : {})
  }
}

/** Matches found without counting: their count is unknown, so that of the rows (the overflow check stays right). */
const uncounted = (rows: ReadonlyArray<number>) => ({ rows, count: rows.length })

const newestFirst = (a: { readonly updated: number }, b: { readonly updated: number }) => b.updated - a.updated

/** How far a name is from the whole query: its edits ignoring case, then (a fraction) those in the case typed. */
const nameEdits = (query: string, name: string) =>
  editDistance(query.toLowerCase(), name.toLowerCase()) + editDistance(query, name) / (query.length + name.length + 1)

/**
 * The share of terms standing as whole tokens in a hit: a term whole in the case it was typed counts fully; whole in
 * another case (the search ignores case), half.
 */
const wholeTokenShare = (row: CandidateRow, terms: ReadonlyArray<string>, casing: boolean) => {
  const texts = [...TITLE_FIELDS.map((field) => row[field]), row.content ?? ""]
  const lower = texts.map((text) => text.toLowerCase())
  const points = terms.map((term): number =>
    texts.some((text) => containsWholeToken(text, term))
      ? 1
      : !casing && lower.some((text) => containsWholeToken(text, term.toLowerCase()))
      ? 0.5
      : 0
  )
  return points.reduce((sum, point) => sum + point, 0) / terms.length
}

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
 * candidates from the typo index mostly hold the term nowhere: read, their code would only say so again.
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
