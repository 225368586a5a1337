/**
 * `SimilarityStore` on PostgreSQL: each comparable live asset's fingerprint keys as rows of `similarity_keys`
 * (key, search row): its exact, renamed and Type-2 shape hashes (their first 48 bits) and its LSH band keys, each
 * tagged with its kind in the bits above, so that one B-tree answers which rows share a key.
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { bandKeys, type CodeFingerprint } from "../../domain/CodeFingerprint.ts"
import { SimilarityStore } from "../SimilarityStore.ts"
import type { SearchRowValue } from "./SearchRowValue.ts"

const KIND = { exact: 1, renamed: 2, shape: 3, band: 4 } as const
const TAG = 2 ** 48

/** A digest (base64) as a key: its first 48 bits, tagged. Candidates are scored exactly, so a clash costs nothing. */
const digestKey = (kind: number, digest: string) => kind * TAG + Buffer.from(digest, "base64").readUIntBE(0, 6)

const exactKey = (fingerprint: CodeFingerprint) => digestKey(KIND.exact, fingerprint.exact)
const renamedKey = (fingerprint: CodeFingerprint) => digestKey(KIND.renamed, fingerprint.renamed)
const shapeKey = (fingerprint: CodeFingerprint) => digestKey(KIND.shape, fingerprint.shape)
const bandKeysOf = (fingerprint: CodeFingerprint) => bandKeys(fingerprint.signature).map((key) => KIND.band * TAG + key)

/**
 * The keys of the fingerprint of the code in search row `row`, sent as the text of one array that the server casts:
 * one parameter, whose keys are wider than the 32-bit integers a JavaScript number array would be sent as.
 */
export const insertKeysStatement = (sql: SqlClient, row: SearchRowValue, fingerprint: CodeFingerprint) => {
  const keys = [exactKey(fingerprint), renamedKey(fingerprint), shapeKey(fingerprint), ...bandKeysOf(fingerprint)]
  const array = `{${keys.join(",")}}`
  return sql`INSERT INTO similarity_keys (key, row) SELECT DISTINCT unnest(${array}::bigint[]), ${row}::integer`
}

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient
  // One round trip: each part an array, in its own order (`ARRAY(SELECT ...)` keeps the order of its query).
  const candidates = (fp: CodeFingerprint, options: { readonly limit: number; readonly sameShape: number }) =>
    Effect.map(
      sql<{ same: Array<number>; renamed: Array<number>; shaped: Array<number>; banded: Array<number> }>`
        SELECT
          ARRAY(SELECT row FROM similarity_keys WHERE key = ${exactKey(fp)} LIMIT ${options.limit}) AS same,
          ARRAY(SELECT row FROM similarity_keys WHERE key = ${renamedKey(fp)} LIMIT ${options.limit}) AS renamed,
          ARRAY(SELECT row FROM similarity_keys WHERE key = ${shapeKey(fp)} ORDER BY row DESC
                LIMIT ${options.sameShape}) AS shaped,
          ARRAY(SELECT row FROM similarity_keys WHERE key = ANY(${bandKeysOf(fp)}::bigint[])
                GROUP BY row ORDER BY count(*) DESC, row DESC LIMIT ${options.limit}) AS banded`,
      ([{ banded, renamed, same, shaped }]) => [...new Set([...same, ...renamed, ...shaped, ...banded])]
    ).pipe(Effect.orDie)

  const remove = (row: number) =>
    sql`DELETE FROM similarity_keys WHERE row = ${row}`.pipe(Effect.asVoid, Effect.orDie)

  const insert = (row: number, fingerprint: CodeFingerprint) =>
    insertKeysStatement(sql, row, fingerprint).pipe(Effect.asVoid, Effect.orDie)

  return SimilarityStore.of({
    candidates,
    insert,
    remove
  })
})

export const layer = Layer.effect(SimilarityStore, make)
