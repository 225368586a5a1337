/**
 * How an asset is stored: its JSON without content (`document`, what `transferables=false` answers), deflated, and
 * the content of its formats once (`transferables`: each distinct fragment or file, and the places in the document
 * it goes back to). A format's content appears up to three times in an asset's JSON (the format, the preview's
 * reference, the original's reference); stored, it is there once, and an answer with content is the document with
 * the pieces spliced back in, without parsing the document.
 */
import { Buffer } from "node:buffer"
import { constants, deflateRawSync } from "node:zlib"
import { inflateSync } from "fflate"
import type { Asset, FileFormat, FragmentFormat } from "./Asset.ts"

/** The content of an asset, and where it goes. */
export interface Transferables {
  /** Each distinct piece of content (a format's `fragment` or `file`), in order of first appearance. */
  readonly values: ReadonlyArray<FragmentFormat | FileFormat>
  /** Each place a piece was cut out of the document, in order. */
  readonly at: ReadonlyArray<Cut>
}

/** A place a piece was cut from: its offset in the document, its key, the piece, and its comma (before, after). */
type Cut = [offset: number, key: "fragment" | "file", piece: number, commaBefore: boolean, commaAfter: boolean]

export interface StoredParts {
  /** The asset's JSON without content, deflated. */
  readonly document: Uint8Array
  /** Its `Transferables` as JSON; null when it has no content (a deleted asset). */
  readonly transferables: string | null
}

/** What stands for a piece of content while the document is cut: no JSON string a client sends can hold it. */
const MARK = "\u0000content:"
/** A marked piece with the comma that goes with it: the one before it, or (the object's first key) the one after. */
const MARKED = /,"(fragment|file)":"\\u0000content:(\d+)"|"(fragment|file)":"\\u0000content:(\d+)"(,?)/g

/**
 * The buffer a document is deflated into: a third of its JSON, more than JSON deflates to with fixed codes (about a
 * quarter; a larger result takes more buffers, joined). zlib's default is 16 KB whatever the size, so every save left
 * 16 KB for the collector where its document took a fraction of that, and the service's peak was higher with it.
 */
const deflateBufferSize = (json: string) => Math.max(1024, Math.ceil(json.length / 3))

/**
 * A 16 KB window and memory level 7, where zlib's defaults (32 KB, 8) take four blocks of 64 KB for every deflate,
 * each allocated and zeroed anew. Documents come out as small.
 * Coded with deflate's fixed Huffman codes (`Z_FIXED`): inflating a block of dynamic codes first builds their tables,
 * and with fixed codes fflate (`inflated`) inflates a document in half the time, for documents a fifth larger.
 * Documents stored before keep their dynamic codes until they are written again; both inflate alike.
 */
const DEFLATE_STATE = { windowBits: 14, memLevel: 7, strategy: constants.Z_FIXED } as const

/** The asset's JSON, its content cut out and collected. */
export const storedParts = (asset: Asset): StoredParts => {
  const values: Array<FragmentFormat | FileFormat> = []
  const indexOf = new Map<string, number>()
  const json = JSON.stringify(asset, function(this: unknown, key: string, value: unknown) {
    // Only a format (an object with an id) has content under these keys.
    if ((key !== "fragment" && key !== "file") || value === undefined) return value
    if (typeof (this as { id?: unknown }).id !== "string") return value
    const text = JSON.stringify(value)
    let piece = indexOf.get(text)
    if (piece === undefined) {
      piece = values.push(value as FragmentFormat | FileFormat) - 1
      indexOf.set(text, piece)
    }
    return MARK + piece
  })
  const at: Array<Cut> = []
  let document = ""
  let copied = 0
  for (const match of json.matchAll(MARKED)) {
    const [whole, keyAfterComma, pieceAfterComma, firstKey, firstPiece, comma] = match
    document += json.slice(copied, match.index)
    at.push(
      keyAfterComma === undefined
        ? [document.length, firstKey as Cut[1], Number(firstPiece), false, comma === ","]
        : [document.length, keyAfterComma as Cut[1], Number(pieceAfterComma), true, false]
    )
    copied = match.index + whole.length
  }
  document += json.slice(copied)
  return {
    document: deflateRawSync(document, { chunkSize: deflateBufferSize(document), ...DEFLATE_STATE }),
    transferables: values.length === 0 ? null : JSON.stringify({ values, at } satisfies Transferables)
  }
}

/** Where documents are inflated, one after the other: kept while it is no larger than this. */
const SCRATCH_KEPT = 1024 * 1024
let scratch = new Uint8Array(64 * 1024)

/**
 * A stored document inflated, in a buffer the next call writes over: read it (or copy it) before inflating another.
 * One buffer for every document, where each had a buffer of its own: a listing of a large library made as many, zeroed,
 * and raised the process's memory more.
 * Inflated by fflate rather than Node's zlib: each `inflateRawSync` makes a stream, and on Node 24 a stream's write
 * callback is a closure V8 allocates in old space, which kept the stream and its output buffer through young
 * collections until a full one. fflate's inflate is plain code over a buffer: slower than zlib for a document of
 * dynamic codes, about as fast for one of fixed codes (`DEFLATE_STATE`), and nothing left behind.
 */
const inflated = (document: Uint8Array): Uint8Array => {
  let room = scratch
  for (;;) {
    const bytes = inflateSync(document, { out: room })
    // fflate stops at the end of the buffer it is given, without a word: a full one may hold a cut document.
    if (bytes.length < room.length) return bytes
    room = new Uint8Array(room.length * 4)
    if (room.length <= SCRATCH_KEPT) scratch = room
  }
}

/** The stored JSON without content, as sent. */
export const documentJson = (document: Uint8Array): string => {
  const bytes = inflated(document)
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8")
}

/**
 * The stored JSON without content as its UTF-8 bytes, for an answer that sends it as it is: decoding it to a string
 * and encoding the answer back costs a search answer of a hundred documents several times what its bytes do
 * (`jsonPieces`). A copy of the inflated bytes, of their size.
 */
export const documentBytes = (document: Uint8Array): Buffer => Buffer.from(inflated(document))

/** The asset's JSON with its content, from the stored parts. */
export const withTransferables = (document: Uint8Array, transferables: string | null): string => {
  const json = documentJson(document)
  if (transferables === null) return json
  const { values, at } = JSON.parse(transferables) as Transferables
  const texts = values.map((value) => JSON.stringify(value))
  let assembled = ""
  let copied = 0
  for (const [offset, key, piece, commaBefore, commaAfter] of at) {
    assembled += json.slice(copied, offset) + (commaBefore ? "," : "") + `"${key}":${texts[piece]}` +
      (commaAfter ? "," : "")
    copied = offset
  }
  return assembled + json.slice(copied)
}

/** The text of an asset's content, as `searchableText` reads it from the asset, from its stored content. */
export const contentText = (transferables: string | null): string =>
  transferables === null
    ? ""
    : (JSON.parse(transferables) as Transferables).values
      .map((value) => (value as FragmentFormat).string?.raw ?? "")
      .filter((text) => text.length > 0)
      .join("\n")
