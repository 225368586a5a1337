/**
 * Creating an asset from a seed: preprocess (validate, classify, name), build with fresh ids, store through the
 * commit path. Shared by `POST /assets/create` and a connector reaction that saves a suggested snippet.
 */
import { Context, Effect, Layer } from "effect"
import { randomUUID } from "node:crypto"
import type { Asset } from "../domain/Asset.ts"
import { buildAsset } from "../domain/AssetBuilder.ts"
import { AssetId, FormatId } from "../domain/Common.ts"
import { comparableFingerprint } from "../domain/Comparable.ts"
import { searchableText } from "../domain/SearchableText.ts"
import type { Seed } from "../domain/Seed.ts"
import { timestamp } from "../domain/Timestamps.ts"
import { AssetStore } from "../storage/AssetStore.ts"
import { Commits } from "./Commits.ts"
import { actingAs, CurrentActor } from "./CurrentActor.ts"
import { Installation } from "./Installation.ts"
import { SeedPreprocessor } from "./SeedPreprocessor.ts"

export class AssetCreator extends Context.Service<AssetCreator>()("AssetCreator", {
  make: Effect.gen(function*() {
    const commits = yield* Commits
    const preprocessor = yield* SeedPreprocessor
    const installation = yield* Installation
    const assetStore = yield* AssetStore

    /**
     * Stores a built asset and answers it as stored (its tags and websites are the library's). Its code fingerprint,
     * the costly part, is computed before it takes its turn to write.
     */
    const store = Effect.fn("AssetCreator.store")((asset: Asset) => {
      const fingerprint = comparableFingerprint(asset, searchableText(asset))
      return commits.commit((tx) => tx.create(asset, fingerprint))
    })

    /**
     * Stores a built asset unless the library holds its id already, live or in the trash (checked in the write's own
     * transaction, so two writers of one id cannot both store it); answers whether it was stored.
     */
    const storeNew = Effect.fn("AssetCreator.storeNew")((asset: Asset) => {
      const fingerprint = comparableFingerprint(asset, searchableText(asset))
      return commits.commit((tx) =>
        Effect.gen(function*() {
          const known = yield* assetStore.known([asset.id], [])
          if (known.assets.has(asset.id)) return false
          yield* tx.create(asset, fingerprint)
          return true
        })
      )
    })

    /** A seed's asset; made by the application the seed names when the request named none. */
    const create = Effect.fn("AssetCreator.create")(function*(seed: Seed) {
      const prepared = yield* preprocessor.prepareForCreate(seed)
      const stored = store(buildAsset(prepared.asset, {
        assetId: AssetId.make(randomUUID()),
        formatId: FormatId.make(randomUUID()),
        nextId: randomUUID,
        creator: installation.userId,
        now: timestamp(new Date())
      }))
      const application = seed.asset?.application
      return (yield* CurrentActor).kind === "api" && application !== undefined
        ? yield* actingAs({ kind: "application", name: application.name, version: application.version })(stored)
        : yield* stored
    })

    return { create, store, storeNew } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(AssetCreator, AssetCreator.make)
  static readonly layer = AssetCreator.layerNoDeps.pipe(
    Layer.provide([Commits.layer, Installation.layer, SeedPreprocessor.layer])
  )
}
