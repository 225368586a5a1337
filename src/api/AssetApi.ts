/**
 * The operations on one asset, under `/asset/{asset}` (singular): how Pieces clients read, edit, export, score
 * and organise an asset. Reading is the same as `GET /assets/{asset}`.
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import { Schema } from "effect"
import { Asset, Formats } from "../domain/Asset.ts"
import { AssetReclassification, AssetUpdate, SeededScoreIncrement } from "../domain/AssetEditRequests.ts"
import { ExportedAsset, ExportType } from "../domain/AssetExport.ts"
import { AssetId, Uuid } from "../domain/Common.ts"
import { AssetDeleted, AssetNotFound, InvalidRequest, MetadataNotFound } from "./Errors.ts"
import { AssetPath } from "./PathParams.ts"
import { TransferablesParam } from "./QueryParams.ts"

const Void = HttpApiSchema.NoContent

const TagOfAsset = Schema.Struct({ asset: AssetId, tag: Uuid })
const WebsiteOfAsset = Schema.Struct({ asset: AssetId, website: Uuid })
const AnnotationOfAsset = Schema.Struct({ asset: AssetId, annotation: Uuid })

/** Putting a tag, website or annotation on an asset or taking it off: 204; 404 for an unknown asset or entity. */
const association = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  HttpApiEndpoint.post(name, path).addSuccess(Void).addError(AssetNotFound).addError(AssetDeleted)
    .addError(MetadataNotFound)

export class AssetApi extends HttpApiGroup.make("asset")
  .add(
    HttpApiEndpoint.get("assetSnapshot", "/asset/:asset").setPath(AssetPath).setUrlParams(TransferablesParam)
      .addSuccess(Asset).addError(AssetNotFound).addError(AssetDeleted)
  )
  // The same read as a POST (its body, a `SeededAccessor`, names the reader: there is one local user).
  .add(
    HttpApiEndpoint.post("assetSnapshotPost", "/asset/:asset").setPath(AssetPath).setUrlParams(TransferablesParam)
      .addSuccess(Asset).addError(AssetNotFound).addError(AssetDeleted)
  )
  .add(
    HttpApiEndpoint.get("assetFormats", "/asset/:asset/formats").setPath(AssetPath).setUrlParams(TransferablesParam)
      .addSuccess(Formats).addError(AssetNotFound).addError(AssetDeleted)
  )
  .add(
    HttpApiEndpoint.post("assetUpdate", "/asset/update").setUrlParams(TransferablesParam).setPayload(AssetUpdate)
      .addSuccess(Asset).addError(AssetNotFound).addError(AssetDeleted).addError(InvalidRequest)
  )
  .add(
    HttpApiEndpoint.post("assetReclassify", "/asset/reclassify").setUrlParams(TransferablesParam)
      .setPayload(AssetReclassification)
      .addSuccess(Asset).addError(AssetNotFound).addError(AssetDeleted)
  )
  .add(
    HttpApiEndpoint.get("assetSpecificAssetExport", "/asset/:asset/export").setPath(AssetPath)
      .setUrlParams(Schema.Struct({ export_type: ExportType }))
      .addSuccess(ExportedAsset).addError(AssetNotFound).addError(AssetDeleted)
  )
  .add(
    HttpApiEndpoint.post("assetScoresIncrement", "/asset/:asset/scores/increment").setPath(AssetPath)
      .setPayload(SeededScoreIncrement)
      .addSuccess(Void).addError(AssetNotFound).addError(AssetDeleted).addError(InvalidRequest)
  )
  .add(association("assetAssociateTag", "/asset/:asset/tags/associate/:tag").setPath(TagOfAsset))
  .add(association("assetDisassociateTag", "/asset/:asset/tags/disassociate/:tag").setPath(TagOfAsset))
  .add(association("assetAssociateWebsite", "/asset/:asset/websites/associate/:website").setPath(WebsiteOfAsset))
  .add(association("assetDisassociateWebsite", "/asset/:asset/websites/disassociate/:website").setPath(WebsiteOfAsset))
  .add(
    association("assetAssociateAnnotation", "/asset/:asset/annotations/associate/:annotation")
      .setPath(AnnotationOfAsset)
  )
  .add(
    association("assetDisassociateAnnotation", "/asset/:asset/annotations/disassociate/:annotation")
      .setPath(AnnotationOfAsset)
  )
{}
