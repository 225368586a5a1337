/**
 * `SimilarityStore` on SQLite: each comparable live asset's fingerprint keys as words of one row in an FTS5 table
 * (`similarity`, by search row): `e…` its exact hash, `r…` its renamed hash, `t…` its Type-2 shape hash, `b…` each
 * of its LSH band keys. An inverted index is what LSH needs (the assets sharing a key), and FTS5 builds one that is
 * cheap to write: a transaction's words are merged into segments in order, where 34 rows per asset in a b-tree
 * meant 34 writes to random pages.
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer, Schema } from "effect"
import { BANDS, bandKeys, type CodeFingerprint } from "../../domain/CodeFingerprint.ts"
import { RowNumbersJson } from "../RowNumbers.ts"
import { SimilarityStore } from "../SimilarityStore.ts"
import { fullTextWrite } from "./FullTextWrites.ts"

/** A digest (base64) as a word: its first 48 bits. Candidates are scored exactly, so a clash costs nothing. */
const digestWord = (prefix: "e" | "r" | "t", digest: string) =>
  prefix + Buffer.from(digest, "base64").readUIntBE(0, 6).toString(36)

export const exactWord = (fingerprint: CodeFingerprint) => digestWord("e", fingerprint.exact)
export const renamedWord = (fingerprint: CodeFingerprint) => digestWord("r", fingerprint.renamed)
export const shapeWord = (fingerprint: CodeFingerprint) => digestWord("t", fingerprint.shape)
export const bandWords = (fingerprint: CodeFingerprint) =>
  bandKeys(fingerprint.signature).map((key) => `b${key.toString(36)}`)

const MATCHING = "SELECT rowid FROM similarity WHERE similarity MATCH ?"

/**
 * The candidates of a fingerprint, each part a JSON array in its own order: the rows with its exact hash, then its
 * renamed hash (each `LIMIT ?`), the newest of its shape, then the rows sharing the most band keys, counted by row
 * from one lookup per band (FTS5 does not say how many words of an OR matched). Parameters: the exact word and limit,
 * the renamed word and limit, the shape word and how many, the `BANDS` band words, the limit.
 */
const CANDIDATES_STATEMENT = `
  SELECT
    (SELECT json_group_array(rowid ORDER BY rowid) FROM (${MATCHING} ORDER BY rowid LIMIT ?)) AS same,
    (SELECT json_group_array(rowid ORDER BY rowid) FROM (${MATCHING} ORDER BY rowid LIMIT ?)) AS renamed,
    (SELECT json_group_array(rowid ORDER BY rowid DESC) FROM (${MATCHING} ORDER BY rowid DESC LIMIT ?)) AS shaped,
    (SELECT json_group_array(rowid ORDER BY shared DESC, rowid DESC) FROM (
       SELECT rowid, count(*) AS shared FROM (${Array.from({ length: BANDS }, () => MATCHING).join(" UNION ALL ")})
       GROUP BY rowid ORDER BY shared DESC, rowid DESC LIMIT ?)) AS banded`

/** The four lists of candidates, each aggregated as JSON text. */
const decodeCandidates = Schema.decodeUnknownEffect(Schema.Tuple([Schema.Struct({
  same: RowNumbersJson,
  renamed: RowNumbersJson,
  shaped: RowNumbersJson,
  banded: RowNumbersJson
})]))

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient

  // One prepared statement of constant text, where four statements were run and the bands' text was built from 48
  // fragments on every lookup.
  const candidates = (fp: CodeFingerprint, options: { readonly limit: number; readonly sameShape: number }) =>
    sql.unsafe(CANDIDATES_STATEMENT, [
      exactWord(fp),
      options.limit,
      renamedWord(fp),
      options.limit,
      shapeWord(fp),
      options.sameShape,
      ...bandWords(fp),
      options.limit
    ]).pipe(
      Effect.flatMap(decodeCandidates),
      Effect.map(([found]) => [...new Set([found.same, found.renamed, found.shaped, found.banded].flat())]),
      Effect.orDie
    )

  const remove = (row: number) => fullTextWrite(sql`DELETE FROM similarity WHERE rowid = ${row}`)

  const insert = (row: number, fingerprint: CodeFingerprint) =>
    fullTextWrite(sql`INSERT INTO similarity (rowid, words) VALUES (${row}, ${
      [exactWord(fingerprint), renamedWord(fingerprint), shapeWord(fingerprint), ...bandWords(fingerprint)].join(" ")
    })`)

  return SimilarityStore.of({
    candidates,
    insert,
    remove
  })
})

export const layer = Layer.effect(SimilarityStore, make)
