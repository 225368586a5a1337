/**
 * Near-duplicate lookup over saved assets: candidates are the assets sharing keys with the query's code fingerprint
 * (`SimilarityStore`: its exact hash, its renamed hash, a few of its Type-2 shape, those sharing the most LSH band
 * keys), then scored exactly against their stored code, best first. A query that is mostly comments
 * (`CommentedPaste`), which fingerprints cannot compare, is also looked for as text: the snippets holding its longest
 * words, then those holding its lines as they are (similarity 1). Nothing is held in memory and nothing is rebuilt at
 * start-up.
 */
import { Context, Effect, Layer } from "effect"
import { fingerprintOf, jaccardBetween, prepare, similarityBetween } from "../domain/CodeFingerprint.ts"
import { type CommentedPaste, commentedPaste, holdsPaste, linesHeld, trimmedLines } from "../domain/CommentedPaste.ts"
import { countsOf } from "../domain/Counts.ts"
import { SimilarityStore } from "../storage/SimilarityStore.ts"
import { TextSearch } from "../storage/TextSearch.ts"
import { SearchIndex } from "./SearchIndex.ts"

/** Candidates scored exactly per lookup. */
const CANDIDATES = 40
/** Snippets holding a commented paste's words checked for its lines, newest first. */
const PASTE_CANDIDATES = 20
/** Candidates of the query's shape alone: a common shape (a getter) is shared by many unrelated assets. */
const SAME_SHAPE = 10

export interface SimilarAsset {
  /** The asset's search row. */
  readonly row: number
  /** In [0, 1]; 1 for the same code up to layout, comments and consistent renaming. */
  readonly similarity: number
}

/** A compared asset with what orders it among those equally alike. */
interface RankedAsset extends SimilarAsset {
  /** The share of the code's lines it holds as they are (`linesHeld`). */
  readonly sameLines: number
  /** The Jaccard index of their shingles (`jaccardBetween`). */
  readonly jaccard: number
}

export class SimilarityIndex extends Context.Service<SimilarityIndex>()("SimilarityIndex", {
  make: Effect.gen(function*() {
    const store = yield* SimilarityStore
    const text = yield* TextSearch
    const { facets } = yield* SearchIndex

    /** Saved (not pseudo) assets holding `paste` as it is, newest first. */
    const holding = Effect.fn("SimilarityIndex.holding")(function*(
      paste: CommentedPaste,
      exclude: ReadonlySet<number> | undefined
    ) {
      const rows = (yield* text.containing(paste.words, "anywhere", facets.all(false), PASTE_CANDIDATES))
        .filter((row) => exclude?.has(row) !== true)
      const saved = yield* text.contentAt(rows)
      return rows.filter((row) => holdsPaste(saved.get(row) ?? "", paste))
    })

    /** Saved assets most alike `code`, best first, those at or above `atLeast`; rows in `exclude` never returned. */
    const closest = Effect.fn("SimilarityIndex.closest")(function*(
      code: string,
      options: { limit: number; atLeast?: number; exclude?: ReadonlySet<number> }
    ) {
      const query = prepare(code)
      const limit = CANDIDATES + (options.exclude?.size ?? 0)
      const found = (yield* store.candidates(fingerprintOf(query), { limit, sameShape: SAME_SHAPE }))
        .filter((row) => options.exclude?.has(row) !== true)
        .slice(0, CANDIDATES)
      const saved = yield* text.contentAt(found)
      const scored = found.flatMap((row) => {
        const savedCode = saved.get(row)
        if (savedCode === undefined) return []
        const prepared = prepare(savedCode)
        return [{ row, similarity: round(similarityBetween(query, prepared)), savedCode, prepared }]
      })
      // Only assets that tie need the keys ordering them: reading both for every candidate was a tenth of a
      // suggestion's time.
      const sharing = countsOf(scored.map((similar) => similar.similarity))
      const queryLines = trimmedLines(code)
      const compared = scored.map(({ row, similarity, savedCode, prepared }): RankedAsset =>
        (sharing.get(similarity) ?? 0) > 1
          ? { row, similarity, sameLines: linesHeld(queryLines, savedCode), jaccard: jaccardBetween(query, prepared) }
          : { row, similarity, sameLines: 0, jaccard: 0 }
      )
      const paste = compared.some((similar) => similar.similarity === 1) ? undefined : commentedPaste(code)
      const held = paste === undefined ? [] : yield* holding(paste, options.exclude)
      const heldRows = new Set(held)
      return [
        ...held.map((row): RankedAsset => ({ row, similarity: 1, sameLines: 1, jaccard: 0 })),
        ...compared.filter((similar) => !heldRows.has(similar.row))
      ]
        .filter((similar) => similar.similarity >= (options.atLeast ?? 0))
        // Equally alike: the snippet holding more of the code's lines as they are (its comments too), then the one
        // the code is more of (`jaccardBetween`), then the newest.
        .sort((a, b) =>
          b.similarity - a.similarity || b.sameLines - a.sameLines || b.jaccard - a.jaccard || b.row - a.row
        )
        .slice(0, options.limit)
        .map(({ row, similarity }): SimilarAsset => ({ row, similarity }))
    })

    return { closest, codeAt: text.contentAt } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(SimilarityIndex, SimilarityIndex.make)
  static readonly layer = SimilarityIndex.layerNoDeps.pipe(Layer.provide([SearchIndex.layer]))
}

const round = (value: number) => Math.round(value * 1e4) / 1e4
