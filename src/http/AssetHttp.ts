/**
 * Handlers of the one-asset group (`/asset/{asset}`): reads answer the stored JSON, edits go through the
 * `AssetEditor`, tags, websites and annotations through `MetadataEntities`.
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Effect } from "effect"
import { Api } from "../api/Api.ts"
import { InvalidRequest } from "../api/Errors.ts"
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
      .handle("assetSnapshot", ({ path, urlParams }) =>
        Effect.map(repository.getDocument(path.asset, urlParams.transferables ?? true), (json) => jsonText(json)))
      .handle("assetSnapshotPost", ({ path, urlParams }) =>
        Effect.map(repository.getDocument(path.asset, urlParams.transferables ?? true), (json) => jsonText(json)))
      .handle("assetFormats", ({ path, urlParams }) => repository.formats(path.asset, urlParams.transferables ?? true))
      .handle("assetUpdate", ({ payload, urlParams }) =>
        Effect.gen(function*() {
          const foreign = foreignFormat(payload)
          if (foreign !== undefined) return yield* Effect.fail(foreign)
          const asset = payload.name === undefined
            ? yield* repository.get(payload.id)
            : yield* editor.rename(payload.id, payload.name)
          return assetJson(asset, urlParams.transferables ?? true)
        }))
      .handle("assetReclassify", ({ payload, urlParams }) =>
        Effect.map(editor.reclassify(payload.asset.id, payload.ext), (asset) =>
          assetJson(asset, urlParams.transferables ?? true)))
      .handle("assetSpecificAssetExport", ({ path, urlParams }) =>
        Effect.map(repository.get(path.asset), (asset) => exportAsset(asset, urlParams.export_type)))
      .handle("assetScoresIncrement", ({ path, payload }) => {
        const fields = SCORE_FIELDS.filter((field) => payload.asset?.[field] === true)
        return fields.length === 0
          ? Effect.fail(
            new InvalidRequest({ message: `Name a score to raise: one of ${SCORE_FIELDS.join(", ")}`, path: ["asset"] })
          )
          : Effect.asVoid(editor.recordInteraction(path.asset, fields))
      })
      .handle("assetAssociateTag", ({ path }) => metadata.associate("tag", path.tag, path.asset))
      .handle("assetDisassociateTag", ({ path }) => metadata.disassociate("tag", path.tag, path.asset))
      .handle("assetAssociateWebsite", ({ path }) => metadata.associate("website", path.website, path.asset))
      .handle("assetDisassociateWebsite", ({ path }) => metadata.disassociate("website", path.website, path.asset))
      .handle("assetAssociateAnnotation", ({ path }) => metadata.associate("annotation", path.annotation, path.asset))
      .handle("assetDisassociateAnnotation", ({ path }) =>
        metadata.disassociate("annotation", path.annotation, path.asset))
  }))
