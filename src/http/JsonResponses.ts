/**
 * Answers built from JSON text we already have (stored asset documents), sent without decoding and re-encoding.
 */
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Stream } from "effect"
import type { Asset } from "../domain/Asset.ts"
import { withoutTransferables } from "../domain/AssetBuilder.ts"
import { iterableJson } from "../domain/WireJson.ts"

export const jsonText = (json: string, status = 200) =>
  HttpServerResponse.text(json, { status, contentType: "application/json" })

/** A collection answer, `{"iterable":[...]}`, from the JSON of its items. */
export const iterableOf = (items: ReadonlyArray<string>) => jsonText(iterableJson(items))

/**
 * A collection answer, `{"iterable":[...]}` (inside `before` and `after` when it is nested), streamed as its items
 * arrive in pages: the answer is never whole in memory, whatever its size.
 */
export const streamedIterable = (pages: Stream.Stream<ReadonlyArray<string>>, before = "", after = "") => {
  const encoder = new TextEncoder()
  const items = Stream.mapAccum(pages, true, (first, page) => [false, (first ? "" : ",") + page.join(",")] as const)
  const text = Stream.concat(Stream.concat(Stream.succeed(`${before}{"iterable":[`), items), Stream.succeed(`]}${after}`))
  return HttpServerResponse.stream(Stream.map(text, (chunk) => encoder.encode(chunk)), {
    contentType: "application/json"
  })
}

export const jsonError = (status: number, tag: string, message: string, details: Record<string, unknown> = {}) =>
  HttpServerResponse.unsafeJson({ _tag: tag, message, ...details }, { status })

/**
 * An asset as an answer, without its content when `transferables` is false. `Asset` has no transformations (its
 * type is its JSON), so the value stringifies to what the schema would encode, at a fraction of the cost.
 */
export const assetJson = (asset: Asset, transferables: boolean) =>
  jsonText(JSON.stringify(transferables ? asset : withoutTransferables(asset)))
