/**
 * The asset operations: create, draft, read, list, delete, search, relate, recommend and stream.
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import { Asset, Assets, Formats } from "../domain/Asset.ts"
import { FlattenedAssetIds, PseudoAssets } from "../domain/Common.ts"
import { SeededAssetsRecommendation } from "../domain/Recommendation.ts"
import { AssetsSearchWithFiltersInput, AssetsSearchWithFiltersOutput, SearchedAssets } from "../domain/Search.ts"
import { Seed } from "../domain/Seed.ts"
import {
  AssetDeleted,
  AssetNotFound,
  InvalidRequest,
  SearchCriteriaMissing
} from "./Errors.ts"
import { AssetPath } from "./PathParams.ts"
import {
  PseudoParam,
  SearchParams,
  SnapshotParams,
  TransferablesParam,
  TransferablesPseudoParams
} from "./QueryParams.ts"
import { streamEndpoint } from "./StreamEndpoint.ts"

export const RelatedInput = Assets.annotations({ parseOptions: { errors: "all" } })

export class AssetsApi extends HttpApiGroup.make("assets")
  .add(
    HttpApiEndpoint.post("assetsCreateNewAsset", "/assets/create")
      .setUrlParams(TransferablesParam)
      .setPayload(Seed)
      .addSuccess(Asset)
      .addError(InvalidRequest)
  )
  .add(
    HttpApiEndpoint.post("assetsDraft", "/assets/draft")
      .setUrlParams(TransferablesParam)
      .setPayload(Seed)
      .addSuccess(Seed)
      .addError(InvalidRequest)
  )
  .add(
    HttpApiEndpoint.post("assetsDeleteAsset", "/assets/:asset/delete")
      .setPath(AssetPath)
      .addSuccess(HttpApiSchema.Text())
      .addError(AssetNotFound)
      .addError(AssetDeleted)
  )
  // Related and recommended take a JSON body on a GET, as the spec has them; fetch cannot send one, so the same
  // operations are served as POST too. The GET handlers read and decode the body themselves.
  .add(
    HttpApiEndpoint.get("assetsGetRecommendedAssets", "/assets/recommended").addSuccess(Assets).addError(InvalidRequest)
  )
  .add(
    HttpApiEndpoint.post("assetsPostRecommendedAssets", "/assets/recommended")
      .setPayload(SeededAssetsRecommendation)
      .addSuccess(Assets)
      .addError(InvalidRequest)
  )
  .add(HttpApiEndpoint.get("assetsGetRelatedAssets", "/assets/related").addSuccess(Assets).addError(InvalidRequest))
  .add(
    HttpApiEndpoint.post("assetsPostRelatedAssets", "/assets/related")
      .setPayload(RelatedInput)
      .addSuccess(Assets)
      .addError(InvalidRequest)
  )
  .add(
    HttpApiEndpoint.get("assetsIdentifiersSnapshot", "/assets/identifiers")
      .setUrlParams(PseudoParam)
      .addSuccess(FlattenedAssetIds)
  )
  .add(HttpApiEndpoint.get("assetsPseudoSnapshot", "/assets/pseudo").addSuccess(PseudoAssets))
  .add(
    HttpApiEndpoint.get("assetsSearchAssets", "/assets/search")
      .setUrlParams(SearchParams)
      .addSuccess(SearchedAssets)
      .addError(SearchCriteriaMissing)
      .addError(InvalidRequest)
  )
  .add(
    HttpApiEndpoint.post("assetsSearchWithFilters", "/assets/search")
      .setUrlParams(TransferablesPseudoParams)
      .setPayload(AssetsSearchWithFiltersInput)
      .addSuccess(AssetsSearchWithFiltersOutput)
      .addError(InvalidRequest)
  )
  .add(HttpApiEndpoint.get("assetsSnapshot", "/assets").setUrlParams(SnapshotParams).addSuccess(Assets))
  .add(
    HttpApiEndpoint.get("assetsSpecificAssetFormatsSnapshot", "/assets/:asset/formats")
      .setPath(AssetPath)
      .setUrlParams(TransferablesParam)
      .addSuccess(Formats)
      .addError(AssetNotFound)
      .addError(AssetDeleted)
  )
  .add(
    HttpApiEndpoint.get("assetsSpecificAssetSnapshot", "/assets/:asset")
      .setPath(AssetPath)
      .setUrlParams(TransferablesParam)
      .addSuccess(Asset)
      .addError(AssetNotFound)
      .addError(AssetDeleted)
  )
  // WebSockets: `StreamedIdentifiers` frames on `/assets/stream/identifiers`, `Assets` frames on the other two.
  .add(streamEndpoint("assetsStreamIdentifiers", "/assets/stream/identifiers"))
  .add(streamEndpoint("streamAssets", "/assets/stream"))
  .add(streamEndpoint("getAssetsStreamTransferables", "/assets/stream/transferables"))
{}
