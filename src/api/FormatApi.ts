/**
 * The operations on one format: read it, replace its content, classify it anew. Their query parameter is
 * `transferable`, in the singular, as the Pieces SDKs send it.
 */
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { Format } from "../domain/Asset.ts"
import { FormatReclassification, FormatValue } from "../domain/AssetEditRequests.ts"
import { FormatId } from "../domain/Common.ts"
import { AssetDeleted, AssetNotFound, FormatNotFound, InvalidRequest } from "./Errors.ts"
import { TransferableParam } from "./QueryParams.ts"

const Absent = [FormatNotFound, AssetNotFound, AssetDeleted] as const

export class FormatApi extends HttpApiGroup.make("format")
  .add(
    HttpApiEndpoint.get("formatSnapshot", "/format/:format", {
      params: { format: FormatId },
      query: TransferableParam,
      success: Format,
      error: Absent
    })
  )
  .add(
    HttpApiEndpoint.post("formatUpdateValue", "/format/update/value", {
      query: TransferableParam,
      payload: FormatValue,
      success: Format,
      error: [...Absent, InvalidRequest]
    })
  )
  .add(
    HttpApiEndpoint.post("formatReclassify", "/format/reclassify", {
      query: TransferableParam,
      payload: FormatReclassification,
      success: Format,
      error: [...Absent, InvalidRequest]
    })
  )
{}
