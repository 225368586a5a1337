/**
 * Related and recommended assets. Related: the saved assets most alike the inputs, by code similarity first,
 * then shared tags and the same language. Recommended: related assets of the assets the user interacted with,
 * weighted by how much (time viewed, touched, scrolled). Inputs are never returned; pseudo assets neither.
 */
import { Context, Effect, Layer } from "effect"
import { InvalidRequest } from "../domain/Errors.ts"
import type { Asset } from "../domain/Asset.ts"
import { durationSeconds } from "../domain/IsoDuration.ts"
import { tagKey } from "../domain/Metadata.ts"
import type { SeededAssetsRecommendation } from "../domain/Recommendation.ts"
import { searchableText } from "../domain/SearchableText.ts"
import { iterableJson } from "../domain/WireJson.ts"
import { AssetStore } from "../storage/AssetStore.ts"
import { MetadataStore } from "../storage/MetadataStore.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { SearchIndex } from "./SearchIndex.ts"
import { SimilarityIndex } from "./SimilarityIndex.ts"

/** Assets a related or recommended answer holds at most. */
export const ANSWER_LIMIT = 20
/** Neighbours by tag or language considered per input, besides the code-similar ones. */
const NEIGHBOURS = 100

interface Facets {
  /** Tag keys (`tagKey`). */
  readonly tags: ReadonlySet<string>
  readonly language: string | null
}

export class Recommendations extends Context.Service<Recommendations>()("Recommendations", {
  make: Effect.gen(function*() {
    const assets = yield* AssetStore
    const metadata = yield* MetadataStore
    const similar = yield* SimilarityIndex
    const facets = (yield* SearchIndex).facets
    const repository = yield* AssetRepository

    /** The tags and language of saved (live, not pseudo) assets, by search row. */
    const facetsAt = (rows: ReadonlyArray<number>) =>
      rows.length === 0
        ? Effect.succeed(new Map<number, Facets>())
        : Effect.gen(function*() {
          const found = yield* assets.languagesAt(rows)
          const tags = yield* metadata.tagsAt(rows)
          return new Map(found.map((row) => [row.row, {
            language: row.classification,
            tags: new Set(tags.filter((tag) => tag.row === row.row).map((tag) => tag.key))
          }]))
        })

    /** Saved assets sharing a tag or the language of an input, most recently updated first. */
    const neighbours = (input: Facets, exclude: ReadonlySet<number>) => {
      const saved = facets.all(false)
      const byTag = [...input.tags].flatMap((tag) =>
        facets.newest(facets.tag(tag).and(saved), Math.ceil(NEIGHBOURS / input.tags.size))
      )
      const byLanguage = input.language === null
        ? []
        : facets.newest(facets.language(input.language).and(saved), NEIGHBOURS / 2)
      return [...byTag, ...byLanguage].filter((row) => !exclude.has(row))
    }

    /** Candidates related to one input asset (in its search row, when it is saved), each with a score in [0, 1]. */
    const relatedTo = Effect.fn("Recommendations.relatedTo")(function*(
      input: Asset,
      inputRow: number | undefined,
      exclude: ReadonlySet<number>
    ) {
      let code = searchableText(input).content
      if (code === "" && inputRow !== undefined) code = (yield* similar.codeAt([inputRow])).get(inputRow) ?? ""
      const inputFacets = (inputRow === undefined ? undefined : (yield* facetsAt([inputRow])).get(inputRow)) ?? {
        tags: new Set((input.tags?.iterable ?? []).map((tag) => tagKey(tag.text))),
        language: input.original.reference?.classification.specific ?? null
      }
      const byCode = code === "" ? [] : yield* similar.closest(code, { limit: 30, exclude })
      const codeSimilarity = new Map(byCode.map((found) => [found.row, found.similarity]))
      const rows = [...new Set([...byCode.map((found) => found.row), ...neighbours(inputFacets, exclude)])]
      const candidates = yield* facetsAt(rows)
      return rows.flatMap((row) => {
        const candidate = candidates.get(row)
        if (candidate === undefined) return []
        const shared = [...candidate.tags].filter((tag) => inputFacets.tags.has(tag)).length
        const union = new Set([...candidate.tags, ...inputFacets.tags]).size
        const sameLanguage = candidate.language !== null &&
          candidate.language.toLowerCase() === inputFacets.language?.toLowerCase()
        const score = 0.7 * (codeSimilarity.get(row) ?? 0) + 0.2 * (union === 0 ? 0 : shared / union) +
          0.1 * (sameLanguage ? 1 : 0)
        return score > 0 ? [{ row, score }] : []
      })
    })

    /** The best assets by the sum of their weighted scores, best first: search rows with their scores. */
    const ranked = Effect.fn("Recommendations.ranked")(function*(
      weighted: ReadonlyArray<{ readonly input: Asset; readonly weight: number }>
    ) {
      const inputRows = yield* repository.rowsOf(weighted.map(({ input }) => input.id))
      const exclude = new Set(inputRows.values())
      const total = new Map<number, number>()
      for (const { input, weight } of weighted) {
        for (const { row, score } of yield* relatedTo(input, inputRows.get(input.id), exclude)) {
          total.set(row, (total.get(row) ?? 0) + weight * score)
        }
      }
      return [...total]
        .sort((a, b) => b[1] - a[1] || b[0] - a[0])
        .slice(0, ANSWER_LIMIT)
        .map(([row, score]) => ({ row, score }))
    })

    /** `Assets` as JSON text, in the order of `rows`. */
    const documents = (rows: ReadonlyArray<number>) =>
      Effect.map(
        repository.documentsAt(rows, true),
        (byRow) => iterableJson(rows.flatMap((row) => byRow.get(row)?.json ?? []))
      )

    /** `Assets` as JSON text: assets related to the inputs, best first. */
    const related = Effect.fn("Recommendations.related")((inputs: ReadonlyArray<Asset>) =>
      Effect.flatMap(relatedScored(inputs), (found) => documents(found.map(({ row }) => row))))

    /** Assets related to the inputs, best first: search rows with their scores (in [0, 1] for one input). */
    const relatedScored = Effect.fn("Recommendations.relatedScored")((inputs: ReadonlyArray<Asset>) =>
      ranked(inputs.map((input) => ({ input, weight: 1 }))))

    /** `Assets` as JSON text: what to show next, from the index-paired assets and interactions. */
    const recommended = Effect.fn("Recommendations.recommended")(function*(request: SeededAssetsRecommendation) {
      const assets = request.assets.iterable
      const interactions = request.interactions.iterable
      if (assets.length !== interactions.length) {
        return yield* Effect.fail(new InvalidRequest({
          message: `assets and interactions are index-paired: ${assets.length} assets, ` +
            `${interactions.length} interactions`,
          path: ["interactions", "iterable"]
        }))
      }
      const weighted: Array<{ input: Asset; weight: number }> = []
      for (const [i, input] of assets.entries()) {
        const interaction = interactions[i].interactions
        const seconds = interaction === undefined ? 0 : durationSeconds(interaction.viewed)
        if (seconds === undefined) {
          return yield* Effect.fail(new InvalidRequest({
            message: `Not an ISO-8601 duration: ${interaction?.viewed}`,
            path: ["interactions", "iterable", i, "interactions", "viewed"]
          }))
        }
        // Time spent counts with diminishing returns; a touch (a copy, an edit) counts as much as a long look.
        const weight = 1 + Math.log1p(seconds / 10) + (interaction?.touched === true ? 2 : 0) +
          (interaction?.scrolled === true ? 0.5 : 0)
        weighted.push({ input, weight })
      }
      return yield* documents((yield* ranked(weighted)).map(({ row }) => row))
    })

    return { related, relatedScored, recommended } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(Recommendations, Recommendations.make)
  static readonly layer = Recommendations.layerNoDeps.pipe(
    Layer.provide([AssetRepository.layer, SearchIndex.layer, SimilarityIndex.layer])
  )
}
