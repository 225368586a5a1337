/**
 * Creating an asset from a seed: preprocess (validate, classify, name), build with fresh ids, store. Shared by
 * `POST /assets/create` and a connector reaction that saves a suggested snippet.
 */
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { buildAsset } from "../domain/AssetBuilder.ts"
import { AssetId, FormatId } from "../domain/Common.ts"
import type { Seed } from "../domain/Seed.ts"
import { timestamp } from "../domain/Timestamps.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { Installation } from "./Installation.ts"
import { SeedPreprocessor } from "./SeedPreprocessor.ts"

export class AssetCreator extends Effect.Service<AssetCreator>()("AssetCreator", {
  effect: Effect.gen(function*() {
    const repository = yield* AssetRepository
    const preprocessor = yield* SeedPreprocessor
    const installation = yield* Installation
    return {
      /** The new asset's id and its stored JSON, with and without content. */
      create: Effect.fnUntraced(function*(seed: Seed) {
        const prepared = yield* preprocessor.prepareForCreate(seed)
        const asset = buildAsset(prepared.asset, {
          assetId: AssetId.make(randomUUID()),
          formatId: FormatId.make(randomUUID()),
          nextId: randomUUID,
          creator: installation.userId,
          now: timestamp(new Date())
        })
        const stored = yield* repository.create(asset)
        return { id: asset.id, ...stored }
      })
    } as const
  })
}) {}
