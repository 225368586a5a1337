/**
 * Near-duplicate lookup over saved assets, in SQLite alone (`SimilarityRows`, written in each asset's write
 * transaction): candidates are the assets with the query's exact hash, then its renamed hash, then those sharing the
 * most LSH band keys, and a few of its Type-2 shape, each an FTS5 lookup; they are then scored exactly against their stored code, best first.
 * Nothing is held in memory and nothing is rebuilt at start-up.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { fingerprintOf, prepare, similarityTo } from "../domain/CodeFingerprint.ts"
import { contentAt } from "../sql/SearchRows.ts"
import { bandWords, exactWord, renamedWord, shapeWord } from "../sql/SimilarityRows.ts"

/** Candidates scored exactly per lookup. */
const CANDIDATES = 40
/** Candidates of the query's shape alone: a common shape (a getter) is shared by many unrelated assets. */
const SAME_SHAPE = 10

export interface SimilarAsset {
  /** The asset's search row. */
  readonly row: number
  /** In [0, 1]; 1 for the same code up to layout, comments and consistent renaming. */
  readonly similarity: number
}

export class SimilarityIndex extends Effect.Service<SimilarityIndex>()("SimilarityIndex", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient

    const codeAt = (rows: ReadonlyArray<number>) => Effect.orDie(contentAt(sql, rows))

    /** Rows with the same exact hash, the same renamed hash, the same shape (a few), then by shared band keys. */
    const candidates = (code: ReturnType<typeof prepare>, limit: number) =>
      Effect.gen(function*() {
        const fp = fingerprintOf(code)
        const same = yield* sql<{ row: number }>`
          SELECT rowid AS row FROM similarity WHERE similarity MATCH ${exactWord(fp)} LIMIT ${limit}`
        const renamed = yield* sql<{ row: number }>`
          SELECT rowid AS row FROM similarity WHERE similarity MATCH ${renamedWord(fp)} LIMIT ${limit}`
        // Same shape, newest first: a renamed copy whose renaming was not consistent, among few of that shape.
        const shaped = yield* sql<{ row: number }>`
          SELECT rowid AS row FROM similarity WHERE similarity MATCH ${shapeWord(fp)} ORDER BY rowid DESC LIMIT ${SAME_SHAPE}`
        // One lookup per band, counted per row: FTS5 does not say how many words of an OR matched.
        const perBand = bandWords(fp).map((word) => sql`SELECT rowid FROM similarity WHERE similarity MATCH ${word}`)
        const banded = yield* sql<{ row: number }>`
          SELECT rowid AS row FROM (${sql.join(" UNION ALL ", false)(perBand)})
          GROUP BY rowid ORDER BY count(*) DESC, rowid DESC LIMIT ${limit}`
        return [...new Set([...same, ...renamed, ...shaped, ...banded].map((found) => found.row))]
      }).pipe(Effect.orDie)

    /** Saved assets most alike `code`, best first, those at or above `atLeast`; rows in `exclude` never returned. */
    const closest = (code: string, options: { limit: number; atLeast?: number; exclude?: ReadonlySet<number> }) =>
      Effect.gen(function*() {
        const query = prepare(code)
        const found = (yield* candidates(query, CANDIDATES + (options.exclude?.size ?? 0)))
          .filter((row) => options.exclude?.has(row) !== true)
          .slice(0, CANDIDATES)
        const saved = yield* codeAt(found)
        return found
          .flatMap((row): Array<SimilarAsset> => {
            const text = saved.get(row)
            return text === undefined ? [] : [{ row, similarity: round(similarityTo(query, text)) }]
          })
          .filter((similar) => similar.similarity >= (options.atLeast ?? 0))
          .sort((a, b) => b.similarity - a.similarity || b.row - a.row)
          .slice(0, options.limit)
      })

    return { closest, codeAt } as const
  })
}) {}

const round = (value: number) => Math.round(value * 1e4) / 1e4
