/**
 * The asset operations: create, draft, read, list, delete, search, relate, recommend and stream.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { Asset, Assets, Formats } from "../domain/Asset.ts"
import { FlattenedAssetIds, PseudoAssets } from "../domain/Common.ts"
import { SeededAssetsRecommendation } from "../domain/Recommendation.ts"
import { AssetsSearchWithFiltersInput, AssetsSearchWithFiltersOutput, SearchedAssets } from "../domain/Search.ts"
import { Seed } from "../domain/Seed.ts"
import { AssetDeleted, AssetNotFound, InvalidRequest, SearchCriteriaMissing } from "./Errors.ts"
import { AssetPath } from "./PathParams.ts"
import { PseudoParam, SearchParams, SnapshotParams, TransferablesParam, TransferablesPseudoParams } from "./QueryParams.ts"
import { streamEndpoint } from "./StreamEndpoint.ts"

export const RelatedInput = Assets

const Absent = [AssetNotFound, AssetDeleted] as const

export class AssetsApi extends HttpApiGroup.make("assets")
  .add(
    HttpApiEndpoint.post("assetsCreateNewAsset", "/assets/create", {
      query: TransferablesParam,
      payload: Seed,
      success: Asset,
      error: InvalidRequest
    })
  )
  .add(
    HttpApiEndpoint.post("assetsDraft", "/assets/draft", {
      query: TransferablesParam,
      payload: Seed,
      success: Seed,
      error: InvalidRequest
    })
  )
  .add(
    HttpApiEndpoint.post("assetsDeleteAsset", "/assets/:asset/delete", {
      params: AssetPath,
      success: Schema.String.pipe(HttpApiSchema.asText()),
      error: Absent
    })
  )
  // Related and recommended take a JSON body on a GET, as the spec has them; fetch cannot send one, so the same
  // operations are served as POST too. The GET handlers read and decode the body themselves.
  .add(HttpApiEndpoint.get("assetsGetRecommendedAssets", "/assets/recommended", { success: Assets, error: InvalidRequest }))
  .add(
    HttpApiEndpoint.post("assetsPostRecommendedAssets", "/assets/recommended", {
      payload: SeededAssetsRecommendation,
      success: Assets,
      error: InvalidRequest
    })
  )
  .add(HttpApiEndpoint.get("assetsGetRelatedAssets", "/assets/related", { success: Assets, error: InvalidRequest }))
  .add(
    HttpApiEndpoint.post("assetsPostRelatedAssets", "/assets/related", {
      payload: RelatedInput,
      success: Assets,
      error: InvalidRequest
    })
  )
  .add(HttpApiEndpoint.get("assetsIdentifiersSnapshot", "/assets/identifiers", { query: PseudoParam, success: FlattenedAssetIds }))
  .add(HttpApiEndpoint.get("assetsPseudoSnapshot", "/assets/pseudo", { success: PseudoAssets }))
  .add(
    HttpApiEndpoint.get("assetsSearchAssets", "/assets/search", {
      query: SearchParams,
      success: SearchedAssets,
      error: [SearchCriteriaMissing, InvalidRequest]
    })
  )
  .add(
    HttpApiEndpoint.post("assetsSearchWithFilters", "/assets/search", {
      query: TransferablesPseudoParams,
      payload: AssetsSearchWithFiltersInput,
      success: AssetsSearchWithFiltersOutput,
      error: InvalidRequest
    })
  )
  .add(HttpApiEndpoint.get("assetsSnapshot", "/assets", { query: SnapshotParams, success: Assets }))
  .add(
    HttpApiEndpoint.get("assetsSpecificAssetFormatsSnapshot", "/assets/:asset/formats", {
      params: AssetPath,
      query: TransferablesParam,
      success: Formats,
      error: Absent
    })
  )
  .add(
    HttpApiEndpoint.get("assetsSpecificAssetSnapshot", "/assets/:asset", {
      params: AssetPath,
      query: TransferablesParam,
      success: Asset,
      error: Absent
    })
  )
  // WebSockets: `StreamedIdentifiers` frames on `/assets/stream/identifiers`, `Assets` frames on the other two.
  .add(streamEndpoint("assetsStreamIdentifiers", "/assets/stream/identifiers"))
  .add(streamEndpoint("streamAssets", "/assets/stream"))
  .add(streamEndpoint("getAssetsStreamTransferables", "/assets/stream/transferables"))
{}
