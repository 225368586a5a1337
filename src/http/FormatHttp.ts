/**
 * Handlers of the format group: a format is read, rewritten and reclassified through the asset that owns it.
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Effect } from "effect"
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
      .handle("formatSnapshot", ({ path, urlParams }) =>
        Effect.map(editor.format(path.format), answered(urlParams.transferable)))
      .handle("formatUpdateValue", ({ payload, urlParams }) =>
        Effect.map(
          editor.replaceFormatContent({
            id: payload.id,
            asset: payload.asset?.id,
            fragment: payload.fragment,
            file: payload.file,
            classification: payload.classification
          }),
          answered(urlParams.transferable)
        ))
      .handle("formatReclassify", ({ payload, urlParams }) =>
        Effect.map(
          editor.reclassifyFormat(payload.format.id, payload.format.asset?.id, payload.ext),
          answered(urlParams.transferable)
        ))
  }))
