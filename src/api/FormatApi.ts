/**
 * The operations on one format: read it, replace its content, classify it anew. Their query parameter is
 * `transferable`, in the singular, as the Pieces SDKs send it.
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import { Schema } from "effect"
import { Format } from "../domain/Asset.ts"
import { FormatReclassification, FormatValue } from "../domain/AssetEditRequests.ts"
import { FormatId } from "../domain/Common.ts"
import { AssetDeleted, AssetNotFound, FormatNotFound, InvalidRequest } from "./Errors.ts"
import { TransferableParam } from "./QueryParams.ts"

export class FormatApi extends HttpApiGroup.make("format")
  .add(
    HttpApiEndpoint.get("formatSnapshot", "/format/:format").setPath(Schema.Struct({ format: FormatId }))
      .setUrlParams(TransferableParam)
      .addSuccess(Format).addError(FormatNotFound).addError(AssetNotFound).addError(AssetDeleted)
  )
  .add(
    HttpApiEndpoint.post("formatUpdateValue", "/format/update/value").setUrlParams(TransferableParam)
      .setPayload(FormatValue)
      .addSuccess(Format).addError(FormatNotFound).addError(AssetNotFound).addError(AssetDeleted)
      .addError(InvalidRequest)
  )
  .add(
    HttpApiEndpoint.post("formatReclassify", "/format/reclassify").setUrlParams(TransferableParam)
      .setPayload(FormatReclassification)
      .addSuccess(Format).addError(FormatNotFound).addError(AssetNotFound).addError(AssetDeleted)
      .addError(InvalidRequest)
  )
{}
