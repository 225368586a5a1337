/**
 * Saved snippets alike some code, at least as alike as a copy the service would suggest reusing (`REUSE_MATCH`):
 * what saving it again would duplicate. Read by the MCP save tool and by imports' previews.
 */
import { Context, Effect, Layer } from "effect"
import { AssetRepository } from "./AssetRepository.ts"
import { REUSE_MATCH } from "./ConnectorActivity.ts"
import { SimilarityIndex } from "./SimilarityIndex.ts"

export interface NearCopy {
  readonly id: string
  readonly name: string
  readonly similarity: number
}

export class NearCopies extends Context.Service<NearCopies>()("NearCopies", {
  make: Effect.gen(function*() {
    const similar = yield* SimilarityIndex
    const repository = yield* AssetRepository

    /** The `limit` saved snippets most alike `code`, most alike first. */
    const of = Effect.fn("NearCopies.of")(function*(code: string, limit: number) {
      const found = yield* similar.closest(code, { limit, atLeast: REUSE_MATCH })
      if (found.length === 0) return []
      const assets = yield* repository.assetsAt(found.map((near) => near.row))
      return found.flatMap((near): Array<NearCopy> => {
        const asset = assets.get(near.row)
        return asset === undefined ? [] : [{ id: asset.id, name: asset.name ?? "", similarity: near.similarity }]
      })
    })

    return { of } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(NearCopies, NearCopies.make)
  static readonly layer = NearCopies.layerNoDeps.pipe(Layer.provide([AssetRepository.layer, SimilarityIndex.layer]))
}
