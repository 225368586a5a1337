/**
 * Answers built from JSON text we already have (stored asset documents), sent without decoding and re-encoding.
 */
import { HttpServerResponse } from "@effect/platform"
import type { Asset } from "../domain/Asset.ts"
import { withoutTransferables } from "../domain/AssetBuilder.ts"
import { iterableJson } from "../domain/WireJson.ts"

export const jsonText = (json: string, status = 200) =>
  HttpServerResponse.text(json, { status, contentType: "application/json" })

/** A collection answer, `{"iterable":[...]}`, from the JSON of its items. */
export const iterableOf = (items: ReadonlyArray<string>) => jsonText(iterableJson(items))

export const jsonError = (status: number, tag: string, message: string, details: Record<string, unknown> = {}) =>
  HttpServerResponse.unsafeJson({ _tag: tag, message, ...details }, { status })

/**
 * An asset as an answer, without its content when `transferables` is false. `Asset` has no transformations (its
 * type is its JSON), so the value stringifies to what the schema would encode, at a fraction of the cost.
 */
export const assetJson = (asset: Asset, transferables: boolean) =>
  jsonText(JSON.stringify(transferables ? asset : withoutTransferables(asset)))
