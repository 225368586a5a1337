/**
 * The rows that keep an asset comparable for suggestions and related assets (its code fingerprint) and findable by
 * one of its format ids, written inside the asset's own write transaction and removed with it.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import type { Asset } from "../domain/Asset.ts"
import type { CodeFingerprint } from "../domain/CodeFingerprint.ts"

/** A signature as text: its 32-bit values, base64. */
export const encodeSignature = (signature: Uint32Array): string =>
  Buffer.from(signature.buffer, signature.byteOffset, signature.byteLength).toString("base64")

export const decodeSignature = (text: string): Uint32Array => {
  const bytes = Buffer.from(text, "base64")
  const signature = new Uint32Array(bytes.byteLength / 4)
  new Uint8Array(signature.buffer).set(bytes)
  return signature
}

export const writeSimilarityRows = (sql: SqlClient, asset: Asset, fingerprint: CodeFingerprint | undefined) =>
  Effect.gen(function*() {
    const formats = asset.formats.iterable.map((format) => ({ format_id: format.id, asset_id: asset.id }))
    if (formats.length > 0) yield* sql`INSERT INTO asset_formats ${sql.insert(formats)}`
    if (fingerprint === undefined) return
    yield* sql`
      INSERT INTO similarity_signatures (asset_id, exact, renamed, signature, token_count)
      VALUES (${asset.id}, ${fingerprint.exact}, ${fingerprint.renamed}, ${encodeSignature(fingerprint.signature)},
              ${fingerprint.tokenCount})`
  })

/** Deleted assets are compared with nothing; their format ids still lead to them (for a clear 410). */
export const deleteSimilarityRows = (sql: SqlClient, assetId: string) =>
  sql`DELETE FROM similarity_signatures WHERE asset_id = ${assetId}`

/** An edited asset's rows: its formats and fingerprint as they are now. */
export const replaceSimilarityRows = (sql: SqlClient, asset: Asset, fingerprint: CodeFingerprint | undefined) =>
  Effect.gen(function*() {
    yield* deleteSimilarityRows(sql, asset.id)
    yield* sql`DELETE FROM asset_formats WHERE asset_id = ${asset.id}`
    yield* writeSimilarityRows(sql, asset, fingerprint)
  })
