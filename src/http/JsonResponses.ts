/**
 * Answers built from JSON text we already have (stored asset documents), sent without decoding and re-encoding.
 */
import { Buffer } from "node:buffer"
import { Stream } from "effect"
import { HttpServerResponse } from "effect/http"
import type { Asset } from "../domain/Asset.ts"
import { withoutTransferables } from "../domain/AssetBuilder.ts"
import { iterableJson } from "../domain/WireJson.ts"

export const jsonText = (json: string, status = 200) =>
  HttpServerResponse.text(json, { status, contentType: "application/json" })

/** JSON in pieces: text, and the bytes of stored documents sent as they are. */
export type JsonPieces = ReadonlyArray<string | Uint8Array>

const bytesOf = (piece: string | Uint8Array): Uint8Array => typeof piece === "string" ? Buffer.from(piece) : piece

/**
 * An answer from JSON pieces, joined as bytes: a search's hundred documents joined as one string, then encoded, cost
 * an order of magnitude more than their bytes, and a string that large lives in V8's large-object space until a full
 * collection. (Listings stay text, in chunks: sent as bytes, they were no faster and held more memory.)
 */
export const jsonPieces = (pieces: JsonPieces, status = 200) =>
  HttpServerResponse.uint8Array(Buffer.concat(pieces.map(bytesOf)), { status, contentType: "application/json" })

/** A collection answer, `{"iterable":[...]}`, from the JSON of its items. */
export const iterableOf = (items: ReadonlyArray<string>) => jsonText(iterableJson(items))

/**
 * The bytes an answer's chunk holds at most, about: a chunk under V8's largest young object dies young, while a
 * larger one (a page of hundreds of documents) lives in the large-object space until a full collection, so that a
 * listing of hundreds of megabytes piled up garbage the process kept.
 */
export const CHUNK_CHARACTERS = 32 * 1024

/**
 * The items of a page as text chunks of about `CHUNK_CHARACTERS` each (more by at most one item), separated by
 * commas; `first`: the page opens the collection, so no comma before its first item.
 */
export const jsonChunks = (items: ReadonlyArray<string>, first: boolean): Array<string> => {
  const chunks: Array<string> = []
  let parts: Array<string> = []
  let size = 0
  items.forEach((item, i) => {
    parts.push(first && i === 0 ? item : `,${item}`)
    size += item.length + 1
    if (size >= CHUNK_CHARACTERS) {
      chunks.push(parts.join(""))
      parts = []
      size = 0
    }
  })
  if (parts.length > 0) chunks.push(parts.join(""))
  return chunks
}

/**
 * A collection answer, `{"iterable":[...]}` (inside `before` and `after` when it is nested), streamed as its items
 * arrive in pages, in chunks of about 32 KB: the answer is never whole in memory, whatever its size, and what it
 * leaves behind is collected young.
 */
export const streamedIterable = (pages: Stream.Stream<ReadonlyArray<string>>, before = "", after = "") => {
  const encoder = new TextEncoder()
  const items = Stream.mapAccum(
    pages,
    () => true,
    (first, page) => [first && page.length === 0, jsonChunks(page, first)] as const
  )
  const text = Stream.concat(Stream.concat(Stream.succeed(`${before}{"iterable":[`), items), Stream.succeed(`]}${after}`))
  return HttpServerResponse.stream(Stream.map(text, (chunk) => encoder.encode(chunk)), {
    contentType: "application/json"
  })
}

export const jsonError = (status: number, tag: string, message: string, details: Record<string, unknown> = {}) =>
  HttpServerResponse.jsonUnsafe({ _tag: tag, message, ...details }, { status })

/**
 * An asset as an answer, without its content when `transferables` is false. `Asset` has no transformations (its
 * type is its JSON), so the value stringifies to what the schema would encode, at a fraction of the cost.
 */
export const assetJson = (asset: Asset, transferables: boolean) =>
  jsonText(JSON.stringify(transferables ? asset : withoutTransferables(asset)))
