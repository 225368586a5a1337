/**
 * `TextSearch` on SQLite, three FTS5 tables by search row: `search_text` (trigrams of name, code, tags and
 * annotations; contentless, keeping no copy of the text), `search_titles` (the short fields on their own, with their
 * text: matching there first is cheap, where a column filter on `search_text` would still read every posting of a
 * common term's trigrams; ranking and the typo index read them) and `search_words` (the words of identifiers, Porter
 * stemmed, contentless); and `search_folded`, a plain table of each asset's texts lower-cased, where a term too short
 * for a trigram is checked on the matches of the others, with `search_pairs`, the letter pairs of those texts, where
 * such a term is checked anywhere in a row of its own. The code is read from the asset. FTS5 query strings are made
 * here and nowhere else.
 */
import { SqlClient } from "effect/sql/SqlClient"
import type { Fragment } from "effect/sql/Statement"
import { Effect, Layer, Schema } from "effect"
import { identifierWords } from "../../domain/IdentifierWords.ts"
import { LETTER_PAIRS_ZERO, letterPairBit, letterPairsOf } from "../../domain/LetterPairs.ts"
import type { RowSet } from "../../domain/RowSet.ts"
import type { SearchableText } from "../../domain/SearchableText.ts"
import { contentText } from "../../domain/StoredAsset.ts"
import {
  countInScope,
  indexable,
  newestInScope,
  type PhraseField,
  type RankedRow,
  TextSearch,
  type TextScope,
  titlesOfValues
} from "../TextSearch.ts"
import { RowNumbersJson } from "../RowNumbers.ts"
import { fullTextWrite } from "./FullTextWrites.ts"
import { inList } from "./InList.ts"

/** A string as an FTS5 phrase: double quotes doubled, wrapped in double quotes. */
export const ftsPhrase = (text: string) => `"${text.replaceAll("\"", "\"\"")}"`

/** Newlines separate tags and annotations, so a literal match cannot span two of them. */
const joined = (items: ReadonlyArray<string>) => items.join("\n")

const decodeMatching = Schema.decodeUnknownEffect(Schema.Tuple([Schema.Struct({ rows: RowNumbersJson })]))

/** Matches an FTS lookup reads at a time while narrowing them to a scope. */
const FTS_PAGE = 1000

type FtsTable = "search_text" | "search_titles" | "search_words"
const TABLE_OF: Record<TextScope, FtsTable> = { titles: "search_titles", anywhere: "search_text" }

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient

  /**
   * Up to `limit` rows in scope of `table` meeting `condition`, newest first. SQLite reads FTS5 matches in row order
   * and stops at the limit; a scope is applied to them page by page.
   */
  const matchingRows = (table: FtsTable, condition: Fragment, scope: RowSet, limit: number) =>
    Effect.gen(function*() {
      const found: Array<number> = []
      let below = Number.MAX_SAFE_INTEGER
      while (found.length < limit) {
        const page = yield* sql<{ row: number }>`
          SELECT rowid AS row FROM ${sql.literal(table)} WHERE ${condition}
          AND rowid < ${below} ORDER BY rowid DESC LIMIT ${FTS_PAGE}`
        for (const { row } of page) if (scope.has(row) && found.length < limit) found.push(row)
        if (page.length < FTS_PAGE) break
        below = page[page.length - 1].row
      }
      return found
    }).pipe(Effect.orDie)

  /** Every row of `table` meeting `condition`, in row order (FTS5 reads matches so), as one array (`RowNumbers`). */
  const allMatching = (table: FtsTable, condition: Fragment) =>
    sql`SELECT json_group_array(rowid) AS rows FROM ${sql.literal(table)} WHERE ${condition}`.pipe(
      Effect.flatMap(decodeMatching),
      Effect.map(([found]) => found.rows),
      Effect.orDie
    )

  const matches = (table: FtsTable, expression: string) => sql`${sql.literal(table)} MATCH ${expression}`

  /** How many rows in scope match `expression`. */
  const countMatching = (table: FtsTable, expression: string, scope: RowSet) =>
    Effect.map(allMatching(table, matches(table, expression)), (rows) => countInScope(rows, scope))

  const every = (texts: ReadonlyArray<string>) => texts.map(ftsPhrase).join(" AND ")
  const wordsExpression = (words: ReadonlyArray<string>, all: boolean) => words.map(ftsPhrase).join(all ? " AND " : " OR ")

  /**
   * Whether the asset in search row `row` holds `text` in `where`, case-insensitively, for a text too short for the
   * trigram index, checked on the matches of the others: anywhere, by its bit among the texts' letter pairs
   * (`search_pairs`) when it has one; otherwise as its lower-cased texts say (`search_folded`). One lookup by row
   * either way.
   */
  const heldInTexts = (row: Fragment, where: TextScope, text: string) => {
    const folded = text.toLowerCase()
    const bit = where === "anywhere" ? letterPairBit(folded) : undefined
    if (bit !== undefined) {
      return sql`
        EXISTS (SELECT 1 FROM search_pairs p WHERE p.row = ${row}
                AND ((unicode(substr(p.pairs, ${bit.character}, 1)) - ${LETTER_PAIRS_ZERO}) & ${bit.mask}) <> 0)`
    }
    const inCode = where === "anywhere" ? sql`OR instr(f.code, ${folded}) > 0` : sql``
    return sql`
      EXISTS (SELECT 1 FROM search_folded f WHERE f.row = ${row} AND (instr(f.titles, ${folded}) > 0 ${inCode}))`
  }

  /**
   * Rows of `where`'s table holding every one of `texts`: the index's matches of those it can look up, checked for
   * the others.
   */
  const holdingAll = (texts: ReadonlyArray<string>, where: TextScope) => {
    const table = TABLE_OF[where]
    const unindexed = texts.filter((text) => !indexable(text))
    return sql.and([
      matches(table, every(texts.filter(indexable))),
      ...unindexed.map((text) => heldInTexts(sql`${sql.literal(table)}.rowid`, where, text))
    ])
  }

  // One read of every match, newest kept and all counted: a common term's matches were read twice, a limited read
  // and then a count.
  const containingCounted = (texts: ReadonlyArray<string>, where: TextScope, scope: RowSet, limit: number) =>
    Effect.map(
      allMatching(TABLE_OF[where], holdingAll(texts, where)),
      (rows) => newestInScope(rows.reverse(), scope, limit)
    )

  const phrase = (text: string, fields: ReadonlyArray<PhraseField>) => {
    // Names and annotations alone are matched in the small `search_titles` table; code needs `search_text`.
    const table = sql.literal(fields.includes("content") ? "search_text" : "search_titles")
    return Effect.map(
      sql<{ row: number }>`SELECT rowid AS row FROM ${table} WHERE ${table} MATCH ${`{${fields.join(" ")}} : ${ftsPhrase(text)}`}`,
      (rows) => rows.map((row) => row.row)
    ).pipe(Effect.orDie)
  }

  /** Up to `limit` rows holding the words, most relevant first. */
  const ranked = (list: ReadonlyArray<string>, all: boolean, limit: number) =>
    Effect.map(
      sql<{ row: number; rank: number }>`
        SELECT rowid AS row, bm25(search_words, 10.0, 1.0, 5.0, 3.0) AS rank FROM search_words
        WHERE search_words MATCH ${wordsExpression(list, all)} ORDER BY rank, rowid DESC LIMIT ${limit}`,
      // BM25 ranks are negative, lower is better.
      (rows) => rows.map((row): RankedRow => ({ row: row.row, relevance: -row.rank }))
    ).pipe(Effect.orDie)

  // Ranked from the index's postings, the best matches cost little: counted apart, and only when they are not all.
  const wordsCounted = (list: ReadonlyArray<string>, all: boolean, limit: number, scope: RowSet) =>
    Effect.flatMap(ranked(list, all, limit), (rows) =>
      rows.length < limit
        ? Effect.succeed({ rows, count: countInScope(rows.map((row) => row.row), scope) })
        : Effect.map(countMatching("search_words", wordsExpression(list, all), scope), (count) => ({ rows, count })))

  // Titles are read from the table FTS5 keeps their text in (`search_titles_content`: `id`, then a `cN` per column),
  // not through the virtual table: a range of rows at start-up costs a quarter, and a search's candidates a third.
  const titlesAt = (rows: ReadonlyArray<number>) =>
    rows.length === 0
      ? Effect.succeed([])
      : sql`SELECT id, c0, c1, c2 FROM search_titles_content WHERE ${inList(sql, "id", rows)}`.values
        .pipe(Effect.map(titlesOfValues), Effect.orDie)

  const titlesBetween = (after: number, last: number) =>
    sql`SELECT id, c0, c1, c2 FROM search_titles_content WHERE id > ${after} AND id <= ${last}`.values
      .pipe(Effect.map(titlesOfValues), Effect.orDie)

  /** The code of live assets, by search row: read from their stored content (the literal index keeps no copy). */
  const contentAt = (rows: ReadonlyArray<number>) =>
    rows.length === 0
      ? Effect.succeed(new Map<number, string>())
      : Effect.map(
        sql<{ row: number; transferables: string | null }>`
          SELECT s.rowid AS row, a.transferables FROM search_rows s JOIN assets a ON a.id = s.asset_id
          WHERE ${inList(sql, "s.rowid", rows)}`,
        (found) => new Map(found.map((row) => [row.row, contentText(row.transferables)]))
      ).pipe(Effect.orDie)

  const index = (row: number, text: SearchableText) =>
    fullTextWrite(Effect.gen(function*() {
      const tags = joined(text.tags)
      const annotations = joined(text.annotations)
      yield* sql`
        INSERT INTO search_text (rowid, name, content, tags, annotations)
        VALUES (${row}, ${text.name}, ${text.content}, ${tags}, ${annotations})`
      yield* sql`
        INSERT INTO search_titles (rowid, name, tags, annotations) VALUES (${row}, ${text.name}, ${tags}, ${annotations})`
      const foldedTitles = [text.name, tags, annotations].join("\n").toLowerCase()
      const foldedCode = text.content.toLowerCase()
      yield* sql`
        INSERT INTO search_folded (row, titles, code) VALUES (${row}, ${foldedTitles}, ${foldedCode})`
      // A newline between them, outside the letters: no pair spans the titles and the code.
      yield* sql`
        INSERT INTO search_pairs (row, pairs) VALUES (${row}, ${letterPairsOf(`${foldedTitles}\n${foldedCode}`)})`
      yield* sql`
        INSERT INTO search_words (rowid, name, code, tags, annotations)
        VALUES (${row}, ${identifierWords(text.name)}, ${identifierWords(text.content)}, ${identifierWords(tags)},
                ${identifierWords(annotations)})`
    }))

  const unindex = (row: number) =>
    fullTextWrite(Effect.gen(function*() {
      yield* sql`DELETE FROM search_text WHERE rowid = ${row}`
      yield* sql`DELETE FROM search_titles WHERE rowid = ${row}`
      yield* sql`DELETE FROM search_folded WHERE row = ${row}`
      yield* sql`DELETE FROM search_pairs WHERE row = ${row}`
      yield* sql`DELETE FROM search_words WHERE rowid = ${row}`
    }))

  return TextSearch.of({
    containing: (texts, where, scope, limit) => matchingRows(TABLE_OF[where], holdingAll(texts, where), scope, limit),
    containingCounted,
    // FTS5 finds the whole text's matches from its trigrams' postings, as cheaply as the texts' own: two reads.
    containingCountedWithWhole: (texts, whole, where, scope, limit) =>
      Effect.all({
        texts: containingCounted(texts, where, scope, limit),
        whole: containingCounted([whole], where, scope, limit)
      }),
    phrase,
    countWords: (list, all, scope) => countMatching("search_words", wordsExpression(list, all), scope),
    wordsCounted,
    titlesAt,
    titlesBetween,
    contentAt,
    index,
    reindex: (row, text) => Effect.andThen(unindex(row), index(row, text)),
    unindex
  })
})

export const layer = Layer.effect(TextSearch, make)
