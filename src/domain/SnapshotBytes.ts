/**
 * A value of JSON and typed arrays as one run of bytes, and back: what an in-memory index's snapshot is stored as.
 * The JSON part comes first; each typed array follows it as its raw bytes, 8-aligned, so that reading a snapshot
 * makes views of the bytes read (no copy, no number parsed). The bytes are the machine's own (its byte order): a
 * snapshot is read back by the instance that took it.
 */

const TYPED = { Uint8Array, Uint16Array, Uint32Array, Float64Array } as const
type TypedName = keyof typeof TYPED

/** Where the JSON part names a typed array: its type, and its place in the bytes after the JSON. */
interface TypedPlace {
  readonly $typed: TypedName
  readonly at: number
  readonly length: number
}

const HEADER_BYTES = 4
const aligned = (offset: number) => Math.ceil(offset / 8) * 8

/**
 * The bytes of `value` as pieces to be written one after the other: the JSON part, then each of its typed arrays
 * (`Uint8Array`, `Uint16Array`, `Uint32Array`, `Float64Array`) as a view of its own bytes, each followed by the zeros
 * that align the next. Written so, a large library's snapshot is never copied whole into one buffer, whose fresh
 * pages alone are slow to fill.
 */
export const snapshotPieces = (value: unknown): Array<Uint8Array> => {
  const arrays: Array<ArrayBufferView> = []
  let binaryBytes = 0
  const json = JSON.stringify(value, (_key, member: unknown) => {
    if (!ArrayBuffer.isView(member)) return member
    const name = member.constructor.name
    if (!(name in TYPED)) throw new Error(`A snapshot cannot hold a ${name}`)
    const place: TypedPlace = { $typed: name as TypedName, at: binaryBytes, length: member.byteLength / bytesPer(name) }
    arrays.push(member)
    binaryBytes = aligned(binaryBytes + member.byteLength)
    return place
  })
  const text = new TextEncoder().encode(json)
  const head = new Uint8Array(aligned(HEADER_BYTES + text.length))
  new DataView(head.buffer).setUint32(0, text.length, true)
  head.set(text, HEADER_BYTES)
  const pieces: Array<Uint8Array> = [head]
  for (const array of arrays) {
    pieces.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength))
    const padding = aligned(array.byteLength) - array.byteLength
    if (padding > 0) pieces.push(new Uint8Array(padding))
  }
  return joinedWhenSmall(pieces)
}

/** Pieces smaller than this are copied together: each piece costs its writer a system call. */
const SMALL_PIECE = 64 * 1024

/** Each run of small pieces as one (thousands of tags' row sets: a few pieces, not thousands). */
const joinedWhenSmall = (pieces: ReadonlyArray<Uint8Array>): Array<Uint8Array> => {
  const joined: Array<Uint8Array> = []
  let run: Array<Uint8Array> = []
  const endRun = () => {
    if (run.length > 0) joined.push(run.length === 1 ? run[0] : concatenated(run))
    run = []
  }
  for (const piece of pieces) {
    if (piece.byteLength < SMALL_PIECE) {
      run.push(piece)
      continue
    }
    endRun()
    joined.push(piece)
  }
  endRun()
  return joined
}

/** The pieces in one plain, 8-aligned buffer of its own (`Buffer.concat` may answer a slice of its shared pool). */
const concatenated = (pieces: ReadonlyArray<Uint8Array>): Uint8Array => {
  const bytes = new Uint8Array(pieces.reduce((total, piece) => total + piece.byteLength, 0))
  let at = 0
  for (const piece of pieces) {
    bytes.set(piece, at)
    at += piece.byteLength
  }
  return bytes
}

/** The bytes of `value` (`snapshotPieces`) in one buffer. */
export const encodeSnapshot = (value: unknown): Uint8Array => concatenated(snapshotPieces(value))

/** The value `encodeSnapshot` made these bytes of; its typed arrays are views of them. Throws on bytes it did not. */
export const decodeSnapshot = (read: Uint8Array): unknown => {
  // Views need their element size's alignment in the buffer.
  const bytes = read.byteOffset % 8 === 0 ? read : read.slice()
  const textLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true)
  const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(HEADER_BYTES, HEADER_BYTES + textLength))
  const binaryStart = bytes.byteOffset + aligned(HEADER_BYTES + textLength)
  return JSON.parse(text, (_key, member: unknown) => {
    if (!isTypedPlace(member)) return member
    const end = binaryStart + member.at + member.length * bytesPer(member.$typed)
    if (end > bytes.byteOffset + bytes.byteLength) throw new Error("The snapshot is cut short")
    return new TYPED[member.$typed](bytes.buffer as ArrayBuffer, binaryStart + member.at, member.length)
  })
}

const bytesPer = (name: string) => TYPED[name as TypedName].BYTES_PER_ELEMENT

const isTypedPlace = (member: unknown): member is TypedPlace =>
  typeof member === "object" && member !== null && "$typed" in member &&
  typeof member.$typed === "string" && member.$typed in TYPED
