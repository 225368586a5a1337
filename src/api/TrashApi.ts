/**
 * The trash (this service's own, not a Pieces OS operation): deleted assets are kept as they were for `TRASH_DAYS`,
 * listed here, restored with their content, ids, tags and times, or purged for good.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { Asset, Assets } from "../domain/Asset.ts"
import { AssetNotFound, AssetNotInTrash } from "./Errors.ts"
import { AssetPath } from "./PathParams.ts"
import { TransferablesParam } from "./QueryParams.ts"

export const PurgedAssets = Schema.Struct({ purged: Schema.Number }).annotate({ identifier: "PurgedAssets" })

export class TrashApi extends HttpApiGroup.make("trash")
  // Most recently deleted first; each asset as it was, with its `deleted` time; content only with transferables.
  .add(HttpApiEndpoint.get("trashSnapshot", "/trash", { query: TransferablesParam, success: Assets }))
  .add(
    HttpApiEndpoint.post("trashRestore", "/trash/:asset/restore", {
      params: AssetPath,
      success: Asset,
      error: [AssetNotFound, AssetNotInTrash]
    })
  )
  .add(
    HttpApiEndpoint.post("trashPurgeAsset", "/trash/:asset/purge", {
      params: AssetPath,
      success: HttpApiSchema.NoContent,
      error: [AssetNotFound, AssetNotInTrash]
    })
  )
  .add(HttpApiEndpoint.post("trashPurge", "/trash/purge", { success: PurgedAssets }))
{}
