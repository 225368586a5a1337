/**
 * The trash (this service's own, not a Pieces OS operation): deleted assets are kept as they were for `TRASH_DAYS`,
 * listed here, restored with their content, ids, tags and times, or purged for good.
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import { Schema } from "effect"
import { Asset, Assets } from "../domain/Asset.ts"
import { AssetNotFound, AssetNotInTrash } from "./Errors.ts"
import { AssetPath } from "./PathParams.ts"
import { TransferablesParam } from "./QueryParams.ts"

export const PurgedAssets = Schema.Struct({ purged: Schema.Number }).annotations({ identifier: "PurgedAssets" })

export class TrashApi extends HttpApiGroup.make("trash")
  .add(
    // Most recently deleted first; each asset as it was, with its `deleted` time; content only with transferables.
    HttpApiEndpoint.get("trashSnapshot", "/trash").setUrlParams(TransferablesParam).addSuccess(Assets)
  )
  .add(
    HttpApiEndpoint.post("trashRestore", "/trash/:asset/restore")
      .setPath(AssetPath)
      .addSuccess(Asset)
      .addError(AssetNotFound)
      .addError(AssetNotInTrash)
  )
  .add(
    HttpApiEndpoint.post("trashPurgeAsset", "/trash/:asset/purge")
      .setPath(AssetPath)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(AssetNotFound)
      .addError(AssetNotInTrash)
  )
  .add(HttpApiEndpoint.post("trashPurge", "/trash/purge").addSuccess(PurgedAssets))
{}
