/**
 * `TextSearch` on PostgreSQL: `search_text`, one row per live asset by search row, with its names, tags and
 * annotations and its code; `search_words`, the words of its identifiers as a `tsvector` (name weighted A, tags B,
 * annotations C, code D; English stemming, as SQLite's Porter stemmer); `search_anywhere`, everything lower-cased.
 * The last two are narrow and uncompressed, since a common term is checked on nearly every row. Literal matching is
 * `LIKE` over two lower-cased copies that `pg_trgm` GIN indexes answer, which checks each match about twice as fast as
 * `ILIKE` over the texts: the short fields' (a generated column) and everything's; the whole query, checked on the
 * matches of its terms, is `strpos` there, as is a term too short for a trigram. Words are `websearch_to_tsquery`
 * ranked by `ts_rank`.
 * A NUL in a snippet's text is indexed as U+FFFD (`StorableText`). Every list of matching rows comes back as one JSON
 * array (`json_agg`): one value, where a common term matches most of the library, rather than a row per match.
 */
import { SqlClient } from "effect/sql/SqlClient"
import type { Fragment } from "effect/sql/Statement"
import { Effect, Layer, Schema } from "effect"
import { identifierWords } from "../../domain/IdentifierWords.ts"
import type { RowSet } from "../../domain/RowSet.ts"
import type { SearchableText } from "../../domain/SearchableText.ts"
import { RowNumbers } from "../RowNumbers.ts"
import {
  countInScope,
  indexable,
  newestInScope,
  type PhraseField,
  type RankedRow,
  TextSearch,
  type TextScope,
  type TitleRow,
  titlesOfValues
} from "../TextSearch.ts"
import type { SearchRowValue } from "./SearchRowValue.ts"
import { storable } from "./StorableText.ts"

/** A literal substring as a `LIKE` pattern: its wildcards and escape character escaped. */
const containingPattern = (text: string) => `%${storable(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Each scope's lower-cased text, which a trigram index answers (`search_text_titles`, `search_anywhere_folded`). */
const FOLDED_OF: Record<TextScope, { readonly table: string; readonly column: string }> = {
  titles: { table: "search_text", column: "titles_folded" },
  anywhere: { table: "search_anywhere", column: "folded" }
}

/** Matches a lookup reads at a time while narrowing them to a scope. */
const PAGE = 1000

/** Newlines separate tags and annotations, so a literal match cannot span two of them. */
const joined = (items: ReadonlyArray<string>) => storable(items.join("\n"))

/** The columns of an asset's row: its texts and its weighted words. */
const columns = (sql: SqlClient, text: SearchableText) => {
  const weighted = (words: string, weight: string) =>
    sql`setweight(to_tsvector('english', ${storable(identifierWords(words))}), ${weight}::"char")`
  return {
    name: storable(text.name),
    tags: joined(text.tags),
    annotations: joined(text.annotations),
    content: storable(text.content),
    words: sql`${weighted(text.name, "A")} || ${weighted(text.tags.join("\n"), "B")} || ${
      weighted(text.annotations.join("\n"), "C")
    } || ${weighted(text.content, "D")}`
  }
}

/**
 * Everything of an asset lower-cased by PostgreSQL, as the patterns are: its name, code, tags and annotations, each
 * on lines of its own, so that a literal match spans no two of them.
 */
const foldedAnywhere = (sql: SqlClient, text: SearchableText) =>
  sql`lower(${storable(text.name)}::text || E'\\n' || ${storable(text.content)}::text || E'\\n' || ${
    joined(text.tags)
  }::text || E'\\n' || ${joined(text.annotations)}::text)`

/** The rows of the live asset in search row `row`: its texts, its words, everything lower-cased. */
export const indexStatements = (sql: SqlClient, row: SearchRowValue, text: SearchableText): ReadonlyArray<Fragment> => {
  const { annotations, content, name, tags, words } = columns(sql, text)
  return [
    sql`
      INSERT INTO search_text (row, name, tags, annotations, content)
      VALUES (${row}, ${name}, ${tags}, ${annotations}, ${content})`,
    sql`INSERT INTO search_words (row, words) VALUES (${row}, ${words})`,
    sql`INSERT INTO search_anywhere (row, folded) VALUES (${row}, ${foldedAnywhere(sql, text)})`
  ]
}

/** Lists of matching rows as `json_agg` gives them (`RowNumbers`). */
const decodeRows = Schema.decodeUnknownEffect(Schema.Tuple([Schema.Struct({ rows: RowNumbers })]))
const decodeWithWhole = Schema.decodeUnknownEffect(Schema.Tuple([Schema.Struct({ rows: RowNumbers, whole: RowNumbers })]))
/** Every match, and the best with their relevance. */
const decodeRanked = Schema.decodeUnknownEffect(Schema.Tuple([Schema.Struct({
  matches: RowNumbers,
  best: Schema.Array(Schema.Tuple([Schema.Number, Schema.Number]))
})]))

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient

  /**
   * Whether a scope's folded column holds `text`, case-insensitively: for rows a lookup already found, since no index
   * answers `strpos`. Where `LIKE` tries the pattern at every position of a text that lacks it, `strpos` skips ahead,
   * about twice as fast on a query checked on every row.
   */
  const holds = (where: TextScope, text: string) =>
    sql`strpos(${sql(FOLDED_OF[where].column)}, lower(${storable(text)})) > 0`

  /**
   * Every one of `texts` in a scope's folded column, case-insensitively (lower-cased as the column was): a `LIKE` the
   * trigram index answers for each `indexable` text, `holds` on the rows it finds for the others (a pattern without a
   * trigram would have the index return every row).
   * `estimated: false`, for a lookup that reads every match, passes each pattern as a subquery's value, which the
   * planner does not see. Estimating a pattern tries it on each value the column's statistics keep, milliseconds a
   * pattern on every lookup; unseen, it is planned for the trigram index, which reads a term's matches about as fast
   * as a scan of the table does for a term in most rows. A limited lookup (`containing`) needs the estimate: for a
   * common term, walking the rows newest first stops at the limit, where the index would read every match.
   */
  const holdsAll = (where: TextScope, texts: ReadonlyArray<string>, { estimated = true } = {}) =>
    sql.and(texts.map((text) => {
      if (!indexable(text)) return holds(where, text)
      const pattern = sql`lower(${containingPattern(text)})`
      return sql`${sql(FOLDED_OF[where].column)} LIKE ${estimated ? pattern : sql`(SELECT ${pattern})`}`
    }))

  const containing = (texts: ReadonlyArray<string>, where: TextScope, scope: RowSet, limit: number) =>
    Effect.gen(function*() {
      const found: Array<number> = []
      let below = 2_147_483_647
      while (found.length < limit) {
        const page = yield* sql<{ row: number }>`
          SELECT row FROM ${sql(FOLDED_OF[where].table)} WHERE ${holdsAll(where, texts)} AND row < ${below}
          ORDER BY row DESC LIMIT ${PAGE}`
        for (const { row } of page) if (scope.has(row) && found.length < limit) found.push(row)
        if (page.length < PAGE) break
        below = page[page.length - 1].row
      }
      return found
    }).pipe(Effect.orDie)

  /** Every row holding all of `texts` in `where`, newest first, with those that hold `whole` too when it is given. */
  const allContaining = (texts: ReadonlyArray<string>, where: TextScope, whole: string | undefined) => {
    const holdsWhole = whole === undefined ? sql`false` : holds(where, whole)
    return sql`
      SELECT coalesce(json_agg(row ORDER BY row DESC), '[]') AS rows,
             coalesce(json_agg(row ORDER BY row DESC) FILTER (WHERE ${holdsWhole}), '[]') AS whole
      FROM ${sql(FOLDED_OF[where].table)} WHERE ${holdsAll(where, texts, { estimated: false })}`
      .pipe(Effect.flatMap(decodeWithWhole), Effect.map(([found]) => found), Effect.orDie)
  }

  // PostgreSQL checks every match of the trigram index whether it keeps them all or not: reading them all, newest
  // first, costs one scan where a limited read and a count cost two.
  const containingCounted = (texts: ReadonlyArray<string>, where: TextScope, scope: RowSet, limit: number) =>
    Effect.map(allContaining(texts, where, undefined), ({ rows }) => newestInScope(rows, scope, limit))

  // A text holding each of `texts` is among their matches: checked on those in the same scan, its matches cost a
  // second look at rows already read, not a second scan of the library.
  const containingCountedWithWhole = (
    texts: ReadonlyArray<string>,
    whole: string,
    where: TextScope,
    scope: RowSet,
    limit: number
  ) =>
    Effect.map(allContaining(texts, where, whole), (found) => ({
      texts: newestInScope(found.rows, scope, limit),
      whole: newestInScope(found.whole, scope, limit)
    }))

  const phrase = (text: string, fields: ReadonlyArray<PhraseField>) => {
    const pattern = containingPattern(text)
    const inFields = sql.or(fields.map((field) => sql`${sql(field)} ILIKE ${pattern}`))
    // The indexed column narrows the rows; the fields asked for decide. Code is the bulk of the text, and checking it
    // for a common word tripled the scan: a match outside the short fields is in the code, since a phrase with no
    // line break cannot span the line breaks between the fields. The matches the fields asked for lack are few (in the
    // short fields, not the code): left out by an anti-join, where joining every match to its row of search_text cost
    // a lookup each.
    const outsideShortFields = text.includes("\n") ? sql`false` : sql`NOT ${holdsAll("titles", [text])}`
    const found = fields.includes("content")
      ? sql`search_anywhere a WHERE ${holdsAll("anywhere", [text])} AND NOT EXISTS (
              SELECT FROM search_text WHERE search_text.row = a.row AND NOT (${outsideShortFields} OR ${inFields}))`
      : sql`search_text WHERE ${holdsAll("titles", [text])} AND ${inFields}`
    return sql`SELECT coalesce(json_agg(row), '[]') AS rows FROM ${found}`.pipe(
      Effect.flatMap(decodeRows),
      Effect.map(([{ rows }]) => rows),
      Effect.orDie
    )
  }

  /** The words as a query: all of them, or any. */
  const query = (words: ReadonlyArray<string>, every: boolean) =>
    sql`websearch_to_tsquery('english', ${words.join(every ? " " : " or ")})`

  /** A match's relevance to the query `q`: weights for code, annotations, tags and names (D, C, B, A). */
  const relevance = sql`ts_rank('{0.1, 0.3, 0.5, 1.0}', words, q)`

  const countWords = (list: ReadonlyArray<string>, every: boolean, scope: RowSet) =>
    sql`SELECT coalesce(json_agg(row), '[]') AS rows FROM search_words WHERE words @@ ${query(list, every)}`.pipe(
      Effect.flatMap(decodeRows),
      Effect.map(([{ rows }]) => countInScope(rows, scope)),
      Effect.orDie
    )

  // Ranking reads every match's words already: the matches kept once (row and relevance) give the best and the count
  // in one scan, where the ranked read and the count scanned twice.
  const wordsCounted = (list: ReadonlyArray<string>, every: boolean, limit: number, scope: RowSet) =>
    sql`
        WITH matches AS MATERIALIZED (
          SELECT row, ${relevance} AS relevance FROM search_words, ${query(list, every)} q WHERE words @@ q
        )
        SELECT coalesce((SELECT json_agg(row) FROM matches), '[]') AS matches,
               coalesce((SELECT json_agg(json_build_array(row, relevance) ORDER BY relevance DESC, row DESC)
                         FROM (SELECT row, relevance FROM matches ORDER BY relevance DESC, row DESC LIMIT ${limit}) b),
                        '[]') AS best`.pipe(
      Effect.flatMap(decodeRanked),
      Effect.map(([found]) => ({
        rows: found.best.map(([row, relevance]): RankedRow => ({ row, relevance })),
        count: countInScope(found.matches, scope)
      })),
      Effect.orDie
    )

  const titlesAt = (rows: ReadonlyArray<number>) =>
    rows.length === 0
      ? Effect.succeed([])
      : sql<TitleRow>`SELECT row, name, tags, annotations FROM search_text WHERE row = ANY(${rows})`.pipe(Effect.orDie)

  const titlesBetween = (after: number, last: number) =>
    sql`SELECT row, name, tags, annotations FROM search_text WHERE row > ${after} AND row <= ${last}`.values
      .pipe(Effect.map(titlesOfValues), Effect.orDie)

  const contentAt = (rows: ReadonlyArray<number>) =>
    rows.length === 0
      ? Effect.succeed(new Map<number, string>())
      : Effect.map(
        sql<{ row: number; content: string }>`SELECT row, content FROM search_text WHERE row = ANY(${rows})`,
        (found) => new Map(found.map((row) => [row.row, row.content]))
      ).pipe(Effect.orDie)

  // Each write of the three tables in one statement: a round trip.
  const index = (row: number, text: SearchableText) => {
    const [texts, words, anywhere] = indexStatements(sql, row, text)
    return sql`WITH words AS (${words}), anywhere AS (${anywhere}) ${texts}`.pipe(Effect.asVoid, Effect.orDie)
  }

  const reindex = (row: number, text: SearchableText) => {
    const { name, tags, annotations, content, words } = columns(sql, text)
    return sql`
      WITH words AS (UPDATE search_words SET words = ${words} WHERE row = ${row}),
           anywhere AS (UPDATE search_anywhere SET folded = ${foldedAnywhere(sql, text)} WHERE row = ${row})
      UPDATE search_text SET name = ${name}, tags = ${tags}, annotations = ${annotations}, content = ${content}
      WHERE row = ${row}`.pipe(Effect.asVoid, Effect.orDie)
  }

  const unindex = (row: number) =>
    sql`
      WITH words AS (DELETE FROM search_words WHERE row = ${row}),
           anywhere AS (DELETE FROM search_anywhere WHERE row = ${row})
      DELETE FROM search_text WHERE row = ${row}`.pipe(Effect.asVoid, Effect.orDie)

  return TextSearch.of({
    containing,
    containingCounted,
    containingCountedWithWhole,
    phrase,
    countWords,
    wordsCounted,
    titlesAt,
    titlesBetween,
    contentAt,
    index,
    reindex,
    unindex
  })
})

export const layer = Layer.effect(TextSearch, make)
