/**
 * Handlers of the assets group: thin, they decode parameters, call the services and answer. Reads send the
 * stored JSON as it is (it was encoded with the `Asset` schema when written).
 */
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Effect, Layer, Schema, Stream } from "effect"
import { Api } from "../api/Api.ts"
import { RelatedInput } from "../api/AssetsApi.ts"
import { SearchCriteriaMissing } from "../api/Errors.ts"
import { decodeIssues, decodeIssuesText } from "../domain/DecodeIssues.ts"
import { InvalidRequest } from "../domain/Errors.ts"
import { SeededAssetsRecommendation } from "../domain/Recommendation.ts"
import type { Seed } from "../domain/Seed.ts"
import { AssetEditor } from "../services/AssetEditor.ts"
import { AssetRepository, type PseudoSelection } from "../services/AssetRepository.ts"
import { AssetSearch } from "../services/AssetSearch.ts"
import { Recommendations } from "../services/Recommendations.ts"
import { AssetCreator } from "../services/AssetCreator.ts"
import { SeedPreprocessor } from "../services/SeedPreprocessor.ts"
import { assetJson, jsonPieces, jsonText, streamedIterable } from "./JsonResponses.ts"
import { makeLibraryStreams } from "./LibraryStreams.ts"
import { listingAnswers } from "./ListingAnswers.ts"
import { makeStreamServer } from "./StreamServer.ts"
import { MetadataEntities } from "../services/MetadataEntities.ts"
import { StreamConnections } from "../services/StreamConnections.ts"
import { ChangeHub } from "../services/ChangeHub.ts"

/**
 * Assets a listing reads and sends at a time. A page of 100 dies young; larger pages outlived the young generation
 * while the socket drained, and the listing raised the process's memory several times more without answering sooner.
 */
const LISTING_PAGE = 100
/** Ids are small: a page of 5,000 is about 200 KB of answer. */
const ID_PAGE = 5000

/**
 * Search by query takes its query from the query string; clients that send it as a JSON body on the GET (as the
 * spec's description says) are honoured too. A body that is absent or not such JSON means no query.
 */
export const queryFromBody = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const body = yield* Effect.orElseSucceed(request.json, () => undefined)
  return typeof body === "object" && body !== null && "query" in body && typeof body.query === "string"
    ? body.query
    : undefined
})

/** A GET's JSON body decoded with `schema`, as HttpApi does for other bodies: a 400 naming the paths otherwise. */
export const bodyOf = <S extends Schema.Decoder<unknown, never>>(schema: S) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const body = yield* Effect.mapError(
      request.json,
      () => new InvalidRequest({ message: "The request body must be JSON (this GET takes a JSON body)" })
    )
    return yield* Effect.mapError(Schema.decodeUnknownEffect(schema, { errors: "all" })(body), (error) => {
      const issues = decodeIssues(error)
      return new InvalidRequest({ message: decodeIssuesText(issues), path: issues[0]?.path ?? [] })
    })
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
    const creator = yield* AssetCreator
    const editor = yield* AssetEditor
    const streams = yield* makeStreamServer
    const library = yield* makeLibraryStreams
    const search = yield* AssetSearch
    const recommendations = yield* Recommendations
    const listing = yield* listingAnswers
    /** `FlattenedAssets` items (`{"id":...}`) of the live assets the selection includes, in pages. */
    const idObjects = (pseudo: PseudoSelection) =>
      listing(Stream.map(repository.idPages(pseudo, ID_PAGE), (ids) => ids.map((id) => `{"id":${JSON.stringify(id)}}`)))

    return handlers
      .handle("assetsCreateNewAsset", ({ payload, query }) =>
        Effect.map(creator.create(payload), (asset) => assetJson(asset, query.transferables ?? true)))
      .handle("assetsDraft", ({ payload, query }) =>
        Effect.map(
          preprocessor.draft(payload),
          (seed) => query.transferables === false ? seedWithoutTransferables(seed) : seed
        ))
      .handle("assetsDeleteAsset", ({ params }) => editor.remove(params.asset))
      .handle("assetsSpecificAssetSnapshot", ({ params, query }) =>
        Effect.map(repository.getDocument(params.asset, query.transferables ?? true), (json) => jsonText(json)))
      .handle("assetsSpecificAssetFormatsSnapshot", ({ params, query }) =>
        repository.formats(params.asset, query.transferables ?? true))
      .handle("assetsSnapshot", ({ query }) =>
        Effect.succeed(streamedIterable(listing(repository.documentPages({
          transferables: query.transferables ?? true,
          pseudo: query.pseudo === true ? "include" : "exclude",
          suggestedOnly: query.suggested === true
        }, LISTING_PAGE)))))
      .handle("assetsIdentifiersSnapshot", ({ query }) =>
        Effect.succeed(streamedIterable(idObjects(query.pseudo === true ? "include" : "exclude"))))
      .handle("assetsPseudoSnapshot", () =>
        Effect.succeed(streamedIterable(idObjects("only"), `{"identifiers":`, "}")))
      .handle("assetsGetRecommendedAssets", () =>
        Effect.map(Effect.flatMap(bodyOf(SeededAssetsRecommendation), recommendations.recommended), jsonText))
      .handle("assetsPostRecommendedAssets", ({ payload }) =>
        Effect.map(recommendations.recommended(payload), jsonText))
      .handle("assetsGetRelatedAssets", () =>
        Effect.map(Effect.flatMap(bodyOf(RelatedInput), (input) => recommendations.related(input.iterable)), jsonText))
      .handle("assetsPostRelatedAssets", ({ payload }) =>
        Effect.map(recommendations.related(payload.iterable), jsonText))
      .handle("assetsSearchAssets", ({ query: parameters }) =>
        Effect.gen(function*() {
          const tags = (parameters.searchable_tags ?? "").split(",").map((tag) => tag.trim()).filter((tag) => tag !== "")
          const query = parameters.query ?? (yield* queryFromBody)
          if ((query === undefined || query.trim() === "") && tags.length === 0) {
            return yield* Effect.fail(
              new SearchCriteriaMissing({ message: "Search needs a query or searchable_tags (the spec answers 500)" })
            )
          }
          const result = yield* search.search({ query, tags, pseudo: parameters.pseudo === true })
          return jsonPieces(yield* search.searchedAssets(result, parameters.transferables ?? true))
        }))
      .handle("assetsSearchWithFilters", ({ payload, query }) =>
        Effect.gen(function*() {
          const result = yield* search.search({
            query: payload.query,
            filters: payload.filters,
            space: payload.space?.identifers.iterable.map((item) => item.id),
            casing: payload.casing,
            pseudo: query.pseudo === true
          })
          return jsonPieces([`{"results":`, ...yield* search.searchedAssets(result, query.transferables ?? true), "}"])
        }))
      .handle("assetsStreamIdentifiers", () => streams.serve(library("identifiers")))
      .handle("streamAssets", () => streams.serve(library("assets")))
      .handle("getAssetsStreamTransferables", () => streams.serve(library("transferables")))
  })).pipe(
  Layer.provide([AssetCreator.layer, AssetEditor.layer, AssetRepository.layer, AssetSearch.layer, ChangeHub.layer, MetadataEntities.layer, Recommendations.layer, SeedPreprocessor.layer, StreamConnections.layer])
)
