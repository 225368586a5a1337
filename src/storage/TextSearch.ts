/**
 * The storage port of text search, by search row: which live assets hold some text literally (case-insensitively,
 * in their names, tags and annotations alone, or in their code too), which hold the words their identifiers are made
 * of (with a relevance), and the texts themselves (names, tags and annotations; code). How an engine matches is its
 * own (SQLite: FTS5 with the trigram tokenizer and the Porter stemmer; PostgreSQL: `pg_trgm` and `tsvector`); the
 * search pipeline that verifies and ranks candidates is shared (`AssetSearch`). Texts are indexed inside the write
 * transaction of the commit path.
 */
import { Context, type Effect } from "effect"
import type { RowSet } from "../domain/RowSet.ts"
import type { SearchableText } from "../domain/SearchableText.ts"

/**
 * Whether a trigram index can look `text` up: three characters or more, counted as the indexes count them, by code
 * point (`😀x` has no trigram), and no NUL (an FTS5 query ends at one: SQLite failed the search). Any other text is
 * checked on the matches of those it can.
 */
export const indexable = (text: string) => Array.from(text).length >= 3 && !text.includes("\u0000")

/** Where literal text is looked for: names, tags and annotations (`titles`), or those and the code (`anywhere`). */
export type TextScope = "titles" | "anywhere"

/** The fields a phrase filter may look in. */
export type PhraseField = "name" | "content" | "annotations"

/** The short texts of a live asset: tags and annotations each on a line of their own. */
export interface TitleRow {
  readonly row: number
  readonly name: string
  readonly tags: string
  readonly annotations: string
}

/** Title rows from a query's lists of values (row, name, tags, annotations), made in JavaScript (`facetsOfValues`). */
export const titlesOfValues = (rows: ReadonlyArray<ReadonlyArray<unknown>>): Array<TitleRow> =>
  rows.map((values): TitleRow => {
    const [row, name, tags, annotations] = values as readonly [number, string, string, string]
    return { row, name, tags, annotations }
  })

/**
 * The answer of `containingCounted` from every matching row, newest first: the first `limit` of them in `scope`, and
 * how many are in scope.
 */
export const newestInScope = (newestFirst: ReadonlyArray<number>, scope: RowSet, limit: number): CountedRows => {
  const rows: Array<number> = []
  let count = 0
  for (const row of newestFirst) {
    if (!scope.has(row)) continue
    count++
    if (rows.length < limit) rows.push(row)
  }
  return { rows, count }
}

/** How many of `rows` are in `scope`. */
export const countInScope = (rows: ReadonlyArray<number>, scope: RowSet) =>
  rows.reduce((count, row) => count + (scope.has(row) ? 1 : 0), 0)

/** Rows found, newest first, up to a limit, and how many were found beyond it too. */
export interface CountedRows {
  readonly rows: ReadonlyArray<number>
  readonly count: number
}

/** A live asset holding the words asked for, with how relevant they are to it: higher is better, above 0. */
export interface RankedRow {
  readonly row: number
  readonly relevance: number
}

export interface TextSearchShape {
  /**
   * Up to `limit` rows of `scope` that hold every one of `texts` literally, case-insensitively, in `where`; newest
   * (highest row) first. At least one of `texts` must be `indexable`: the others are checked on its matches.
   */
  readonly containing: (
    texts: ReadonlyArray<string>,
    where: TextScope,
    scope: RowSet,
    limit: number
  ) => Effect.Effect<ReadonlyArray<number>>
  /** `containing`, with how many rows of `scope` hold every one of `texts` in `where` (beyond `limit` too). */
  readonly containingCounted: (
    texts: ReadonlyArray<string>,
    where: TextScope,
    scope: RowSet,
    limit: number
  ) => Effect.Effect<CountedRows>
  /**
   * `containingCounted` for `texts`, and for `whole`, a text holding each of them (as a query holds its terms): its
   * rows are among theirs, so an engine that reads every match answers both in one read.
   */
  readonly containingCountedWithWhole: (
    texts: ReadonlyArray<string>,
    whole: string,
    where: TextScope,
    scope: RowSet,
    limit: number
  ) => Effect.Effect<{ readonly texts: CountedRows; readonly whole: CountedRows }>
  /** Every row holding `text` (`indexable`) literally, case-insensitively, in one of `fields`. */
  readonly phrase: (text: string, fields: ReadonlyArray<PhraseField>) => Effect.Effect<ReadonlyArray<number>>
  /** How many rows of `scope` hold every one of the identifier words (or, `every` false, at least one). */
  readonly countWords: (words: ReadonlyArray<string>, every: boolean, scope: RowSet) => Effect.Effect<number>
  /**
   * Up to `limit` rows holding every one of the identifier words (or at least one), most relevant first (names weigh
   * most, then tags, annotations, code), and `countWords` for `scope`: an engine that ranks every match answers both
   * in one read.
   */
  readonly wordsCounted: (
    words: ReadonlyArray<string>,
    every: boolean,
    limit: number,
    scope: RowSet
  ) => Effect.Effect<{ readonly rows: ReadonlyArray<RankedRow>; readonly count: number }>
  /** The names, tags and annotations of the live assets in these rows. */
  readonly titlesAt: (rows: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<TitleRow>>
  /** The names, tags and annotations of the live assets in rows (after, last]: what the typo index loads. */
  readonly titlesBetween: (after: number, last: number) => Effect.Effect<ReadonlyArray<TitleRow>>
  /** The code of the live assets in these rows. */
  readonly contentAt: (rows: ReadonlyArray<number>) => Effect.Effect<ReadonlyMap<number, string>>

  // Writes, inside the write transaction.
  /** Indexes the texts of a new live asset. */
  readonly index: (row: number, text: SearchableText) => Effect.Effect<void>
  /** Indexes the changed texts of a live asset in place of what it was indexed with. */
  readonly reindex: (row: number, text: SearchableText) => Effect.Effect<void>
  readonly unindex: (row: number) => Effect.Effect<void>
}

export class TextSearch extends Context.Service<TextSearch, TextSearchShape>()("TextSearch") {}
