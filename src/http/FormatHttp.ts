/**
 * Handlers of the format group: a format is read, rewritten and reclassified through the asset that owns it.
 */
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect, Layer } from "effect"
import { Api } from "../api/Api.ts"
import type { Format } from "../domain/Asset.ts"
import { leanFormat } from "../domain/AssetBuilder.ts"
import { AssetEditor } from "../services/AssetEditor.ts"

/** `transferable=false` leaves the content out, as `transferables=false` does for assets. */
const answered = (transferable: boolean | undefined) => (format: Format): Format =>
  transferable === false ? { ...leanFormat(format), asset: format.asset } : format

export const FormatHttpLive = HttpApiBuilder.group(Api, "format", (handlers) =>
  Effect.gen(function*() {
    const editor = yield* AssetEditor
    return handlers
      .handle("formatSnapshot", ({ params, query }) =>
        Effect.map(editor.format(params.format), answered(query.transferable)))
      .handle("formatUpdateValue", ({ payload, query }) =>
        Effect.map(
          editor.replaceFormatContent({
            id: payload.id,
            asset: payload.asset?.id,
            fragment: payload.fragment,
            file: payload.file,
            classification: payload.classification
          }),
          answered(query.transferable)
        ))
      .handle("formatReclassify", ({ payload, query }) =>
        Effect.map(
          editor.reclassifyFormat(payload.format.id, payload.format.asset?.id, payload.ext),
          answered(query.transferable)
        ))
  })).pipe(
  Layer.provide([AssetEditor.layer])
)
