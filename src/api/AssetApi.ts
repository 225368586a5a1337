/**
 * The operations on one asset, under `/asset/{asset}` (singular): how Pieces clients read, edit, export, score
 * and organise an asset. Reading is the same as `GET /assets/{asset}`.
 */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { Asset, Formats } from "../domain/Asset.ts"
import { AssetReclassification, AssetUpdate, SeededScoreIncrement } from "../domain/AssetEditRequests.ts"
import { ExportedAsset, ExportType } from "../domain/AssetExport.ts"
import { AssetId, Uuid } from "../domain/Common.ts"
import { AssetDeleted, AssetNotFound, InvalidRequest, MetadataNotFound } from "./Errors.ts"
import { AssetPath } from "./PathParams.ts"
import { TransferablesParam } from "./QueryParams.ts"

const Void = HttpApiSchema.NoContent
const Absent = [AssetNotFound, AssetDeleted] as const

const TagOfAsset = { asset: AssetId, tag: Uuid }
const WebsiteOfAsset = { asset: AssetId, website: Uuid }
const AnnotationOfAsset = { asset: AssetId, annotation: Uuid }

/** Putting a tag, website or annotation on an asset or taking it off: 204; 404 for an unknown asset or entity. */
const association = { success: Void, error: [...Absent, MetadataNotFound] } as const

export class AssetApi extends HttpApiGroup.make("asset")
  .add(
    HttpApiEndpoint.get("assetSnapshot", "/asset/:asset", {
      params: AssetPath,
      query: TransferablesParam,
      success: Asset,
      error: Absent
    })
  )
  // The same read as a POST (its body, a `SeededAccessor`, names the reader: there is one local user).
  .add(
    HttpApiEndpoint.post("assetSnapshotPost", "/asset/:asset", {
      params: AssetPath,
      query: TransferablesParam,
      success: Asset,
      error: Absent
    })
  )
  .add(
    HttpApiEndpoint.get("assetFormats", "/asset/:asset/formats", {
      params: AssetPath,
      query: TransferablesParam,
      success: Formats,
      error: Absent
    })
  )
  .add(
    HttpApiEndpoint.post("assetUpdate", "/asset/update", {
      query: TransferablesParam,
      payload: AssetUpdate,
      success: Asset,
      error: [...Absent, InvalidRequest]
    })
  )
  .add(
    HttpApiEndpoint.post("assetReclassify", "/asset/reclassify", {
      query: TransferablesParam,
      payload: AssetReclassification,
      success: Asset,
      error: Absent
    })
  )
  .add(
    HttpApiEndpoint.get("assetSpecificAssetExport", "/asset/:asset/export", {
      params: AssetPath,
      query: { export_type: ExportType },
      success: ExportedAsset,
      error: Absent
    })
  )
  .add(
    HttpApiEndpoint.post("assetScoresIncrement", "/asset/:asset/scores/increment", {
      params: AssetPath,
      payload: SeededScoreIncrement,
      success: Void,
      error: [...Absent, InvalidRequest]
    })
  )
  .add(
    HttpApiEndpoint.post("assetAssociateTag", "/asset/:asset/tags/associate/:tag", {
      ...association,
      params: TagOfAsset
    })
  )
  .add(
    HttpApiEndpoint.post("assetDisassociateTag", "/asset/:asset/tags/disassociate/:tag", {
      ...association,
      params: TagOfAsset
    })
  )
  .add(
    HttpApiEndpoint.post("assetAssociateWebsite", "/asset/:asset/websites/associate/:website", {
      ...association,
      params: WebsiteOfAsset
    })
  )
  .add(
    HttpApiEndpoint.post("assetDisassociateWebsite", "/asset/:asset/websites/disassociate/:website", {
      ...association,
      params: WebsiteOfAsset
    })
  )
  .add(
    HttpApiEndpoint.post("assetAssociateAnnotation", "/asset/:asset/annotations/associate/:annotation", {
      ...association,
      params: AnnotationOfAsset
    })
  )
  .add(
    HttpApiEndpoint.post("assetDisassociateAnnotation", "/asset/:asset/annotations/disassociate/:annotation", {
      ...association,
      params: AnnotationOfAsset
    })
  )
{}
