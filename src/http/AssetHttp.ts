/**
 * Handlers of the one-asset group (`/asset/{asset}`): reads answer the stored JSON, edits go through the
 * `AssetEditor`, tags, websites and annotations through `MetadataEntities`.
 */
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect, Layer } from "effect"
import { Api } from "../api/Api.ts"
import { InvalidRequest } from "../domain/Errors.ts"
import type { AssetUpdate } from "../domain/AssetEditRequests.ts"
import type { ScoreField } from "../domain/AssetEdits.ts"
import { exportAsset } from "../domain/AssetExport.ts"
import { AssetEditor } from "../services/AssetEditor.ts"
import { AssetRepository } from "../services/AssetRepository.ts"
import { MetadataEntities } from "../services/MetadataEntities.ts"
import { assetJson, jsonText } from "./JsonResponses.ts"

/** The first format the update lists as another asset's, as the 400 that names it. */
const foreignFormat = (update: AssetUpdate) => {
  const formats = update.formats?.iterable ?? []
  const at = formats.findIndex((format) => format.asset !== undefined && format.asset.id !== update.id)
  return at === -1
    ? undefined
    : new InvalidRequest({
      message: `Format ${formats[at].id ?? at} belongs to asset ${formats[at].asset?.id}, not to ${update.id}`,
      path: ["formats", "iterable", at, "asset", "id"]
    })
}

const SCORE_FIELDS = ["reuse", "update", "reference", "priority", "searched"] as const satisfies ReadonlyArray<
  ScoreField
>

export const AssetHttpLive = HttpApiBuilder.group(Api, "asset", (handlers) =>
  Effect.gen(function*() {
    const repository = yield* AssetRepository
    const editor = yield* AssetEditor
    const metadata = yield* MetadataEntities

    return handlers
      .handle("assetSnapshot", ({ params, query }) =>
        Effect.map(repository.getDocument(params.asset, query.transferables ?? true), (json) => jsonText(json)))
      .handle("assetSnapshotPost", ({ params, query }) =>
        Effect.map(repository.getDocument(params.asset, query.transferables ?? true), (json) => jsonText(json)))
      .handle("assetFormats", ({ params, query }) => repository.formats(params.asset, query.transferables ?? true))
      .handle("assetUpdate", ({ payload, query }) =>
        Effect.gen(function*() {
          const foreign = foreignFormat(payload)
          if (foreign !== undefined) return yield* Effect.fail(foreign)
          const asset = payload.name === undefined
            ? yield* repository.get(payload.id)
            : yield* editor.rename(payload.id, payload.name)
          return assetJson(asset, query.transferables ?? true)
        }))
      .handle("assetReclassify", ({ payload, query }) =>
        Effect.map(editor.reclassify(payload.asset.id, payload.ext), (asset) =>
          assetJson(asset, query.transferables ?? true)))
      .handle("assetSpecificAssetExport", ({ params, query }) =>
        Effect.map(repository.get(params.asset), (asset) => exportAsset(asset, query.export_type)))
      .handle("assetScoresIncrement", ({ params, payload }) => {
        const fields = SCORE_FIELDS.filter((field) => payload.asset?.[field] === true)
        return fields.length === 0
          ? Effect.fail(
            new InvalidRequest({ message: `Name a score to raise: one of ${SCORE_FIELDS.join(", ")}`, path: ["asset"] })
          )
          : Effect.asVoid(editor.recordInteraction(params.asset, fields))
      })
      .handle("assetAssociateTag", ({ params }) => metadata.associate("tag", params.tag, params.asset))
      .handle("assetDisassociateTag", ({ params }) => metadata.disassociate("tag", params.tag, params.asset))
      .handle("assetAssociateWebsite", ({ params }) => metadata.associate("website", params.website, params.asset))
      .handle("assetDisassociateWebsite", ({ params }) => metadata.disassociate("website", params.website, params.asset))
      .handle("assetAssociateAnnotation", ({ params }) => metadata.associate("annotation", params.annotation, params.asset))
      .handle("assetDisassociateAnnotation", ({ params }) =>
        metadata.disassociate("annotation", params.annotation, params.asset))
  })).pipe(
  Layer.provide([AssetEditor.layer, AssetRepository.layer, MetadataEntities.layer])
)
