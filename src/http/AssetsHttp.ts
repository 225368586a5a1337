/**
 * Handlers of the assets group: thin, they decode parameters, call the services and answer. Reads send the
 * stored JSON as it is (it was encoded with the `Asset` schema when written).
 */
import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../api/Api.ts"
import { NotImplemented } from "../api/Errors.ts"
import { buildAsset, withoutTransferables } from "../domain/AssetBuilder.ts"
import { AssetId, FormatId } from "../domain/Common.ts"
import type { Seed } from "../domain/Seed.ts"
import { timestamp } from "../domain/Timestamps.ts"
import { AssetRepository } from "../services/AssetRepository.ts"
import { Installation } from "../services/Installation.ts"
import { SeedPreprocessor } from "../services/SeedPreprocessor.ts"
import { makeStreamServer } from "./AssetStreams.ts"
import { iterableOf, jsonText } from "./JsonResponses.ts"
import { randomUUID } from "node:crypto"

/** `transferables=false` on a seed: its format keeps classification, loses content. */
const seedWithoutTransferables = (seed: Seed): Seed => {
  const { fragment: _fragment, file: _file, ...format } = seed.asset.format
  return { ...seed, asset: { ...seed.asset, format } }
}

export const AssetsHttpLive = HttpApiBuilder.group(Api, "assets", (handlers) =>
  Effect.gen(function*() {
    const repository = yield* AssetRepository
    const preprocessor = yield* SeedPreprocessor
    const installation = yield* Installation
    const streams = yield* makeStreamServer
    const notYet = (operation: string) => () => Effect.fail(NotImplemented.of(operation))

    return handlers
      .handle("assetsCreateNewAsset", ({ payload, urlParams }) =>
        Effect.gen(function*() {
          const prepared = yield* preprocessor.prepareForCreate(payload)
          const asset = buildAsset(prepared.asset, {
            assetId: AssetId.make(randomUUID()),
            formatId: FormatId.make(randomUUID()),
            nextId: randomUUID,
            creator: installation.userId,
            now: timestamp(new Date())
          })
          const stored = yield* repository.create(asset)
          return jsonText(urlParams.transferables === false ? stored.leanDocument : stored.document)
        }))
      .handle("assetsDraft", ({ payload, urlParams }) =>
        Effect.map(
          preprocessor.draft(payload),
          (seed) => urlParams.transferables === false ? seedWithoutTransferables(seed) : seed
        ))
      .handle("assetsDeleteAsset", ({ path }) => repository.delete(path.asset))
      .handle("assetsSpecificAssetSnapshot", ({ path, urlParams }) =>
        Effect.map(repository.getDocument(path.asset, urlParams.transferables ?? true), (json) => jsonText(json)))
      .handle("assetsSpecificAssetFormatsSnapshot", ({ path, urlParams }) =>
        Effect.map(repository.get(path.asset), (asset) =>
          (urlParams.transferables === false ? withoutTransferables(asset) : asset).formats))
      .handle("assetsSnapshot", ({ urlParams }) =>
        Effect.map(
          repository.listDocuments({
            transferables: urlParams.transferables ?? true,
            pseudo: urlParams.pseudo === true ? "include" : "exclude",
            suggestedOnly: urlParams.suggested === true
          }),
          iterableOf
        ))
      .handle("assetsIdentifiersSnapshot", ({ urlParams }) =>
        Effect.map(
          repository.listIds(urlParams.pseudo === true ? "include" : "exclude"),
          (ids) => ({ iterable: ids.map((id) => ({ id })) })
        ))
      .handle("assetsPseudoSnapshot", () =>
        Effect.map(repository.listIds("only"), (ids) => ({ identifiers: { iterable: ids.map((id) => ({ id })) } })))
      .handle("assetsGetRecommendedAssets", notYet("assetsGetRecommendedAssets"))
      .handle("assetsPostRecommendedAssets", notYet("assetsGetRecommendedAssets"))
      .handle("assetsGetRelatedAssets", notYet("assetsGetRelatedAssets"))
      .handle("assetsPostRelatedAssets", notYet("assetsGetRelatedAssets"))
      .handle("assetsSearchAssets", notYet("assetsSearchAssets"))
      .handle("assetsSearchWithFilters", notYet("assetsSearchWithFilters"))
      .handle("assetsStreamIdentifiers", () => streams.serve("identifiers"))
      .handle("streamAssets", () => streams.serve("assets"))
      .handle("getAssetsStreamTransferables", () => streams.serve("transferables"))
  }))
