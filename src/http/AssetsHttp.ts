/**
 * Handlers of the assets group: thin, they decode parameters, call the services and answer. Reads send the
 * stored JSON as it is (it was encoded with the `Asset` schema when written).
 */
import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../api/Api.ts"
import { NotImplemented, SearchCriteriaMissing } from "../api/Errors.ts"
import { buildAsset, withoutTransferables } from "../domain/AssetBuilder.ts"
import { AssetId, FormatId } from "../domain/Common.ts"
import type { Seed } from "../domain/Seed.ts"
import { timestamp } from "../domain/Timestamps.ts"
import { AssetRepository } from "../services/AssetRepository.ts"
import { AssetSearch } from "../services/AssetSearch.ts"
import { Installation } from "../services/Installation.ts"
import { SeedPreprocessor } from "../services/SeedPreprocessor.ts"
import { makeStreamServer } from "./AssetStreams.ts"
import { iterableOf, jsonText } from "./JsonResponses.ts"
import { randomUUID } from "node:crypto"

/**
 * Search by query takes its query from the query string; clients that send it as a JSON body on the GET (as the
 * spec's description says) are honoured too. A body that is absent or not such JSON means no query.
 */
const queryFromBody = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const body = yield* Effect.orElseSucceed(request.json, () => undefined)
  return typeof body === "object" && body !== null && "query" in body && typeof body.query === "string"
    ? body.query
    : undefined
})

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
    const search = yield* AssetSearch
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
      .handle("assetsSearchAssets", ({ urlParams }) =>
        Effect.gen(function*() {
          const tags = (urlParams.searchable_tags ?? "").split(",").map((tag) => tag.trim()).filter((tag) => tag !== "")
          const query = urlParams.query ?? (yield* queryFromBody)
          if ((query === undefined || query.trim() === "") && tags.length === 0) {
            return yield* Effect.fail(
              new SearchCriteriaMissing({ message: "Search needs a query or searchable_tags (the spec answers 500)" })
            )
          }
          return jsonText(
            yield* search.searchedAssetsJson({
              query,
              tags,
              pseudo: urlParams.pseudo === true,
              transferables: urlParams.transferables ?? true
            })
          )
        }))
      .handle("assetsSearchWithFilters", ({ payload, urlParams }) =>
        Effect.map(
          search.searchedAssetsJson({
            query: payload.query,
            filters: payload.filters,
            space: payload.space?.identifers.iterable.map((item) => item.id),
            casing: payload.casing,
            pseudo: urlParams.pseudo === true,
            transferables: urlParams.transferables ?? true
          }),
          (json) => jsonText(`{"results":${json}}`)
        ))
      .handle("assetsStreamIdentifiers", () => streams.serve("identifiers"))
      .handle("streamAssets", () => streams.serve("assets"))
      .handle("getAssetsStreamTransferables", () => streams.serve("transferables"))
  }))
