/**
 * `SimilarityStore` on SQLite: each comparable live asset's fingerprint keys as words of one row in an FTS5 table
 * (`similarity`, by search row): `e…` its exact hash, `r…` its renamed hash, `t…` its Type-2 shape hash, `b…` each
 * of its LSH band keys. An inverted index is what LSH needs (the assets sharing a key), and FTS5 builds one that is
 * cheap to write: a transaction's words are merged into segments in order, where 34 rows per asset in a b-tree
 * meant 34 writes to random pages.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { bandKeys, type CodeFingerprint } from "../../domain/CodeFingerprint.ts"
import { SimilarityStore } from "../SimilarityStore.ts"
import { fullTextWrite } from "./FullTextWrites.ts"
import { transactionStatements } from "../TransactionStatements.ts"

/** A digest (base64) as a word: its first 48 bits. Candidates are scored exactly, so a clash costs nothing. */
const digestWord = (prefix: "e" | "r" | "t", digest: string) =>
  prefix + Buffer.from(digest, "base64").readUIntBE(0, 6).toString(36)

export const exactWord = (fingerprint: CodeFingerprint) => digestWord("e", fingerprint.exact)
export const renamedWord = (fingerprint: CodeFingerprint) => digestWord("r", fingerprint.renamed)
export const shapeWord = (fingerprint: CodeFingerprint) => digestWord("t", fingerprint.shape)
export const bandWords = (fingerprint: CodeFingerprint) =>
  bandKeys(fingerprint.signature).map((key) => `b${key.toString(36)}`)

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient
  const transactional = transactionStatements(sql)

  const candidates = (fp: CodeFingerprint, options: { readonly limit: number; readonly sameShape: number }) =>
    Effect.gen(function*() {
      const { limit } = options
      const same = yield* sql<{ row: number }>`
        SELECT rowid AS row FROM similarity WHERE similarity MATCH ${exactWord(fp)} LIMIT ${limit}`
      const renamed = yield* sql<{ row: number }>`
        SELECT rowid AS row FROM similarity WHERE similarity MATCH ${renamedWord(fp)} LIMIT ${limit}`
      const shaped = yield* sql<{ row: number }>`
        SELECT rowid AS row FROM similarity WHERE similarity MATCH ${shapeWord(fp)} ORDER BY rowid DESC
        LIMIT ${options.sameShape}`
      // One lookup per band, counted per row: FTS5 does not say how many words of an OR matched.
      const perBand = bandWords(fp).map((word) => sql`SELECT rowid FROM similarity WHERE similarity MATCH ${word}`)
      const banded = yield* sql<{ row: number }>`
        SELECT rowid AS row FROM (${sql.join(" UNION ALL ", false)(perBand)})
        GROUP BY rowid ORDER BY count(*) DESC, rowid DESC LIMIT ${limit}`
      return [...new Set([...same, ...renamed, ...shaped, ...banded].map((found) => found.row))]
    }).pipe(Effect.orDie)

  const remove = (row: number) => fullTextWrite(transactional`DELETE FROM similarity WHERE rowid = ${row}`)

  const insert = (row: number, fingerprint: CodeFingerprint) =>
    fullTextWrite(transactional`INSERT INTO similarity (rowid, words) VALUES (${row}, ${
      [exactWord(fingerprint), renamedWord(fingerprint), shapeWord(fingerprint), ...bandWords(fingerprint)].join(" ")
    })`)

  return SimilarityStore.of({
    candidates,
    insert,
    remove
  })
})

export const layer = Layer.effect(SimilarityStore, make)
