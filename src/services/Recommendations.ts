/**
 * Related and recommended assets. Related: the saved assets most alike the inputs, by code similarity first,
 * then shared tags and the same language. Recommended: related assets of the assets the user interacted with,
 * weighted by how much (time viewed, touched, scrolled). Inputs are never returned; pseudo assets neither.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { InvalidRequest } from "../api/Errors.ts"
import type { Asset } from "../domain/Asset.ts"
import { durationSeconds } from "../domain/IsoDuration.ts"
import type { SeededAssetsRecommendation } from "../domain/Recommendation.ts"
import { searchableText } from "../domain/SearchableText.ts"
import { iterableJson } from "../domain/WireJson.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { SimilarityIndex } from "./SimilarityIndex.ts"
import { inList } from "../sql/InList.ts"

/** Assets a related or recommended answer holds at most. */
export const ANSWER_LIMIT = 20
/** Neighbours by tag or language considered per input, besides the code-similar ones. */
const NEIGHBOURS = 100

interface Facets {
  readonly tags: ReadonlySet<string>
  readonly language: string | null
}

export class Recommendations extends Effect.Service<Recommendations>()("Recommendations", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient
    const similar = yield* SimilarityIndex
    const repository = yield* AssetRepository

    const facetsOf = (ids: ReadonlyArray<string>) =>
      ids.length === 0
        ? Effect.succeed(new Map<string, Facets>())
        : Effect.gen(function*() {
          const rows = yield* sql<{ id: string; classification: string | null }>`
            SELECT asset_id AS id, classification FROM search_rows WHERE ${inList(sql, "asset_id", ids)} AND pseudo = 0`
          const tags = yield* sql<{ asset_id: string; tag: string }>`
            SELECT asset_id, lower(tag) AS tag FROM asset_tags WHERE ${inList(sql, "asset_id", ids)}`
          return new Map(rows.map((row) => [row.id, {
            language: row.classification,
            tags: new Set(tags.filter((t) => t.asset_id === row.id).map((t) => t.tag))
          }]))
        }).pipe(Effect.orDie)

    /** Saved assets sharing a tag or the language of an input, most recently updated first. */
    const neighbours = (input: Facets, exclude: ReadonlySet<string>) =>
      Effect.gen(function*() {
        const byTag: Array<{ id: string }> = []
        for (const tag of input.tags) {
          byTag.push(...yield* sql<{ id: string }>`
            SELECT asset_id AS id FROM asset_tags WHERE tag = ${tag} AND pseudo = 0
            ORDER BY updated DESC LIMIT ${Math.ceil(NEIGHBOURS / input.tags.size)}`)
        }
        const byLanguage = input.language === null ? [] : yield* sql<{ id: string }>`
          SELECT asset_id AS id FROM search_rows WHERE classification = ${input.language} AND pseudo = 0
          ORDER BY updated DESC LIMIT ${NEIGHBOURS / 2}`
        return [...byTag, ...byLanguage].map((row) => row.id).filter((id) => !exclude.has(id))
      }).pipe(Effect.orDie)

    /** Candidates related to one input asset, each with a score in [0, 1]. */
    const relatedTo = (input: Asset, exclude: ReadonlySet<string>) =>
      Effect.gen(function*() {
        let code = searchableText(input).content
        if (code === "") code = (yield* similar.codeOf([input.id])).get(input.id) ?? ""
        const inputFacets = (yield* facetsOf([input.id])).get(input.id) ?? {
          tags: new Set((input.tags?.iterable ?? []).map((tag) => tag.text.toLowerCase())),
          language: input.original.reference?.classification.specific ?? null
        }
        const byCode = code === "" ? [] : yield* similar.closest(code, { limit: 30, exclude })
        const codeSimilarity = new Map(byCode.map((found) => [found.id, found.similarity]))
        const ids = [...new Set([...byCode.map((found) => found.id), ...yield* neighbours(inputFacets, exclude)])]
        const facets = yield* facetsOf(ids)
        return ids.flatMap((id) => {
          const candidate = facets.get(id)
          if (candidate === undefined) return []
          const shared = [...candidate.tags].filter((tag) => inputFacets.tags.has(tag)).length
          const union = new Set([...candidate.tags, ...inputFacets.tags]).size
          const score = 0.7 * (codeSimilarity.get(id) ?? 0) + 0.2 * (union === 0 ? 0 : shared / union) +
            0.1 * (candidate.language !== null && candidate.language === inputFacets.language ? 1 : 0)
          return score > 0 ? [{ id, score }] : []
        })
      })

    /** The ids of the best assets by the sum of their weighted scores, best first. */
    const ranked = (weighted: ReadonlyArray<{ readonly input: Asset; readonly weight: number }>) =>
      Effect.gen(function*() {
        const exclude = new Set(weighted.map(({ input }) => input.id))
        const total = new Map<string, number>()
        for (const { input, weight } of weighted) {
          for (const { id, score } of yield* relatedTo(input, exclude)) {
            total.set(id, (total.get(id) ?? 0) + weight * score)
          }
        }
        return [...total].sort((a, b) => b[1] - a[1]).slice(0, ANSWER_LIMIT).map(([id]) => id)
      })

    /** `Assets` as JSON text, in the order of `ids`. */
    const documents = (ids: ReadonlyArray<string>) =>
      Effect.map(repository.documentsOf(ids, true), (byId) => iterableJson(ids.flatMap((id) => byId.get(id) ?? [])))

    /** `Assets` as JSON text: assets related to the inputs, best first. */
    const related = (inputs: ReadonlyArray<Asset>) =>
      Effect.flatMap(ranked(inputs.map((input) => ({ input, weight: 1 }))), documents)

    /** `Assets` as JSON text: what to show next, from the index-paired assets and interactions. */
    const recommended = (request: SeededAssetsRecommendation) =>
      Effect.gen(function*() {
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
        return yield* documents(yield* ranked(weighted))
      })

    return { related, recommended } as const
  })
}) {}
