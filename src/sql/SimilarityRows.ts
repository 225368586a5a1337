/**
 * The rows that keep a live asset comparable for suggestions and related assets, by its search row: its hashes
 * (identical and consistently renamed code, as 48-bit integers) and its MinHash signature's LSH band keys, one row
 * each in `similarity_bands`, so that candidates are index lookups and nothing of it is held in memory. Written
 * inside the asset's own write transaction and removed with it.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { bandKeys, type CodeFingerprint } from "../domain/CodeFingerprint.ts"

/** A digest (base64) as an integer key: its first 48 bits. Candidates are scored exactly, so a clash costs nothing. */
export const digestKey = (digest: string): number => Buffer.from(digest, "base64").readUIntBE(0, 6)

const keysBlob = (keys: ReadonlyArray<number>) => Buffer.from(Uint32Array.from(keys).buffer)

const keysOf = (blob: Uint8Array): Array<number> =>
  Array.from(new Uint32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength)))

export const writeSimilarityRows = (sql: SqlClient, row: number, fingerprint: CodeFingerprint) =>
  Effect.gen(function*() {
    const keys = bandKeys(fingerprint.signature)
    yield* sql`
      INSERT INTO similarity_signatures (row, exact, renamed, token_count, bands)
      VALUES (${row}, ${digestKey(fingerprint.exact)}, ${digestKey(fingerprint.renamed)}, ${fingerprint.tokenCount},
              ${keysBlob(keys)})`
    yield* sql`INSERT INTO similarity_bands ${sql.insert(keys.map((key) => ({ key, row })))}`
  })

/** A row that is not (or no longer) comparable: its signature and band rows go. */
export const deleteSimilarityRows = (sql: SqlClient, row: number) =>
  Effect.gen(function*() {
    const found = yield* sql<{ bands: Uint8Array }>`DELETE FROM similarity_signatures WHERE row = ${row} RETURNING bands`
    for (const { bands } of found) {
      for (const key of keysOf(bands)) yield* sql`DELETE FROM similarity_bands WHERE key = ${key} AND row = ${row}`
    }
  })

export const replaceSimilarityRows = (sql: SqlClient, row: number, fingerprint: CodeFingerprint | undefined) =>
  Effect.zipRight(
    deleteSimilarityRows(sql, row),
    fingerprint === undefined ? Effect.void : writeSimilarityRows(sql, row, fingerprint)
  )
