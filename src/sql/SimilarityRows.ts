/**
 * The row that keeps a live asset comparable for suggestions and related assets: its code fingerprint as words in
 * an FTS5 table (`similarity`, by search row): `e…` its exact hash, `r…` its renamed hash, `t…` its Type-2 shape
 * hash, `b…` each of its LSH band keys. An inverted index is what LSH needs (the assets sharing a key), and FTS5 builds one that is cheap to write:
 * a transaction's words are merged into segments in order, where 34 rows per asset in a b-tree meant 34 writes to
 * random pages. Nothing of it is held in memory. Written last in the asset's own write transaction (`FullTextWrite`),
 * removed with it.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { bandKeys, type CodeFingerprint } from "../domain/CodeFingerprint.ts"

/** A digest (base64) as a word: its first 48 bits. Candidates are scored exactly, so a clash costs nothing. */
const digestWord = (prefix: "e" | "r" | "t", digest: string) => prefix + Buffer.from(digest, "base64").readUIntBE(0, 6).toString(36)

export const exactWord = (fingerprint: CodeFingerprint) => digestWord("e", fingerprint.exact)
export const renamedWord = (fingerprint: CodeFingerprint) => digestWord("r", fingerprint.renamed)
export const shapeWord = (fingerprint: CodeFingerprint) => digestWord("t", fingerprint.shape)
export const bandWords = (fingerprint: CodeFingerprint) => bandKeys(fingerprint.signature).map((key) => `b${key.toString(36)}`)

export const writeSimilarityRows = (sql: SqlClient, row: number, fingerprint: CodeFingerprint) =>
  sql`INSERT INTO similarity (rowid, words) VALUES (${row}, ${
    [exactWord(fingerprint), renamedWord(fingerprint), shapeWord(fingerprint), ...bandWords(fingerprint)].join(" ")
  })`

/** A row that is not (or no longer) comparable. */
export const deleteSimilarityRows = (sql: SqlClient, row: number) => sql`DELETE FROM similarity WHERE rowid = ${row}`

export const replaceSimilarityRows = (sql: SqlClient, row: number, fingerprint: CodeFingerprint | undefined) =>
  Effect.gen(function*() {
    yield* deleteSimilarityRows(sql, row)
    if (fingerprint !== undefined) yield* writeSimilarityRows(sql, row, fingerprint)
  })
