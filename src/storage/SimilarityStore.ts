/**
 * The storage port of code similarity: each comparable live asset's code fingerprint as keys (its exact hash, its
 * renamed hash, its Type-2 shape hash, its LSH band keys) by search row, and the rows that share keys with a query's
 * fingerprint. Nothing of it is held in memory. Candidates are scored exactly by the caller (`SimilarityIndex`), so
 * an engine may shorten keys. Written inside the write transaction of the commit path.
 */
import { Context, type Effect } from "effect"
import type { CodeFingerprint } from "../domain/CodeFingerprint.ts"

export interface SimilarityStoreShape {
  /**
   * Rows with the query's exact hash, then its renamed hash (up to `limit` each), then the newest `sameShape` of
   * its shape, then up to `limit` by the number of band keys they share with it, most first; without repeats.
   */
  readonly candidates: (
    fingerprint: CodeFingerprint,
    options: { readonly limit: number; readonly sameShape: number }
  ) => Effect.Effect<ReadonlyArray<number>>

  // Writes, inside the write transaction.
  /** The fingerprint of a live asset's code (it has none yet). */
  readonly insert: (row: number, fingerprint: CodeFingerprint) => Effect.Effect<void>
  /** A live asset's fingerprint is gone (deleted, or its code changed). */
  readonly remove: (row: number) => Effect.Effect<void>
}

export class SimilarityStore extends Context.Service<SimilarityStore, SimilarityStoreShape>()("SimilarityStore") {}
