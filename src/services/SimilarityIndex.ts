/**
 * Near-duplicate lookup over saved assets: their code fingerprints persist in SQLite (written in each asset's write
 * transaction, `SimilarityRows`) and are loaded into an in-memory LSH index at start-up, without recomputing them;
 * `Commits` updates it after each commit. A lookup scores the index's candidates exactly against their stored code,
 * best first.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { type CodeFingerprint, fingerprintOf, prepare, similarityTo } from "../domain/CodeFingerprint.ts"
import { LshIndex } from "../domain/LshIndex.ts"
import { decodeSignature } from "../sql/SimilarityRows.ts"
import { inList } from "../sql/InList.ts"

/** Candidates scored exactly per lookup. */
const CANDIDATES = 40

export interface SimilarAsset {
  readonly id: string
  /** In [0, 1]; 1 for the same code up to layout, comments and consistent renaming. */
  readonly similarity: number
}

export class SimilarityIndex extends Effect.Service<SimilarityIndex>()("SimilarityIndex", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient
    const lsh = new LshIndex()
    type SignatureRow = { asset_id: string; exact: string; renamed: string; signature: string; token_count: number }
    const rows = yield* sql<SignatureRow>`
      SELECT asset_id, exact, renamed, signature, token_count FROM similarity_signatures`.pipe(Effect.orDie)
    for (const row of rows) {
      lsh.add(row.asset_id, {
        exact: row.exact,
        renamed: row.renamed,
        signature: decodeSignature(row.signature),
        tokenCount: row.token_count
      })
    }

    /** The stored code of assets, by id. */
    const codeOf = (ids: ReadonlyArray<string>) =>
      ids.length === 0
        ? Effect.succeed(new Map<string, string>())
        : Effect.map(
          sql<{ id: string; content: string }>`
            SELECT s.asset_id AS id, t.content FROM search_rows s JOIN search_text t ON t.rowid = s.rowid
            WHERE ${inList(sql, "s.asset_id", ids)}`,
          (found) => new Map(found.map((row) => [row.id, row.content]))
        ).pipe(Effect.orDie)

    /** Saved assets most alike `code`, best first, those at or above `atLeast`; `exclude` never returned. */
    const closest = (code: string, options: { limit: number; atLeast?: number; exclude?: ReadonlySet<string> }) =>
      Effect.gen(function*() {
        const query = prepare(code)
        const candidates = lsh.candidates(fingerprintOf(query), CANDIDATES + (options.exclude?.size ?? 0))
          .filter((id) => options.exclude?.has(id) !== true)
        const code_ = yield* codeOf(candidates)
        return candidates
          .flatMap((id): Array<SimilarAsset> => {
            const saved = code_.get(id)
            return saved === undefined ? [] : [{ id, similarity: round(similarityTo(query, saved)) }]
          })
          .filter((found) => found.similarity >= (options.atLeast ?? 0))
          .sort((a, b) => b.similarity - a.similarity)
          .slice(0, options.limit)
      })

    return {
      /** After commit: the asset is compared by this fingerprint, or with nothing when it has none. */
      remember: (assetId: string, fp: CodeFingerprint | undefined) => {
        if (fp === undefined) lsh.remove(assetId)
        else lsh.add(assetId, fp)
      },
      forget: (assetId: string) => lsh.remove(assetId),
      closest,
      codeOf
    } as const
  })
}) {}

const round = (value: number) => Math.round(value * 1e4) / 1e4
