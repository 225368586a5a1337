import { randomBytes } from "node:crypto"
import { deflateRawSync } from "node:zlib"
import { describe, expect, it } from "@effect/vitest"
import type { Asset } from "../../src/domain/Asset.ts"
import { markDeleted, withoutTransferables } from "../../src/domain/AssetBuilder.ts"
import { searchableText } from "../../src/domain/SearchableText.ts"
import { contentText, documentBytes, documentJson, storedParts, withTransferables } from "../../src/domain/StoredAsset.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"
import { codeAsset } from "./TestAssets.ts"

const CODE = "export const greet = (name: string) => `hello ${name}`\n// \"quoted\" \\ and \u0000content:0\n"

/** A deflate block opens with its last-block bit, then two bits of its type: 1 for fixed codes, 2 for dynamic. */
const firstBlockType = (document: Uint8Array) => (document[0] >> 1) & 3

/** What a read answers, with and without content, from what a write stored. */
const roundTrip = (asset: Asset) => {
  const parts = storedParts(asset)
  return {
    full: withTransferables(parts.document, parts.transferables),
    lean: documentJson(parts.document),
    parts
  }
}

describe("StoredAsset", () => {
  it("gives back the asset's JSON exactly, with content and without, storing the content once", () => {
    const asset = codeAsset({ code: CODE, ext: "ts", name: "greet", tags: ["strings"] })
    const { full, lean, parts } = roundTrip(asset)
    expect(full).toBe(JSON.stringify(asset))
    expect(lean).toBe(JSON.stringify(withoutTransferables(asset)))
    // The format, the preview's reference and the original's: three places, one stored piece.
    expect(JSON.parse(parts.transferables!).values).toHaveLength(1)
    expect(JSON.parse(parts.transferables!).at).toHaveLength(3)
    expect(parts.document.byteLength).toBeLessThan(lean.length / 2)
    expect(contentText(parts.transferables)).toBe(searchableText(asset).content)
  })

  it("splices a piece back wherever its key stood: first, in the middle, alone; files and fragments alike", () => {
    // Shapes no builder makes today, written as JSON: a format whose content comes first, and one with a file.
    const reordered = JSON.parse(JSON.stringify(codeAsset({ code: "SELECT 1", ext: "sql" })))
    const { fragment, ...rest } = reordered.formats.iterable[0]
    reordered.formats.iterable = [
      { fragment, ...rest },
      { ...rest, id: "77777777-7777-4777-8777-777777777777", file: { bytes: { raw: [1, 2, 3] } } }
    ]
    expect(roundTrip(reordered).full).toBe(JSON.stringify(reordered))
    const alone = { id: "x", formats: { iterable: [{ id: "f", fragment: { string: { raw: "a" } } }] } } as never as Asset
    const onlyKey = JSON.parse(JSON.stringify(alone)) as { formats: { iterable: Array<Record<string, unknown>> } }
    onlyKey.formats.iterable[0] = { fragment: { string: { raw: "a" } }, id: "f" }
    for (const shape of [alone, onlyKey as never as Asset]) expect(roundTrip(shape).full).toBe(JSON.stringify(shape))
  })

  it("gives back a document that deflates to more than one buffer", () => {
    // A long name of random base64 barely deflates (six bits a character): its document's deflated bytes outgrow
    // the first buffer, which holds a third of the document's.
    const asset = codeAsset({ code: CODE, ext: "ts", name: randomBytes(30_000).toString("base64") })
    const { full, lean, parts } = roundTrip(asset)
    expect(parts.document.byteLength).toBeGreaterThan(lean.length / 3)
    expect(lean).toBe(JSON.stringify(withoutTransferables(asset)))
    expect(full).toBe(JSON.stringify(asset))
  })

  it("inflates a document that deflated far more than JSON does, whole (past the first buffer it tries)", () => {
    const asset = codeAsset({ code: CODE, ext: "ts", name: "a".repeat(200_000), tags: ["strings"] })
    const { document } = storedParts(asset)
    expect(document.length * 8).toBeLessThan(200_000)
    const bytes = documentBytes(document)
    expect(bytes.toString("utf8")).toBe(JSON.stringify(withoutTransferables(asset)))
    expect(documentJson(document)).toBe(bytes.toString("utf8"))
  })

  it("answers a document's bytes as its own: inflating the next one leaves them as they were", () => {
    const first = codeAsset({ code: CODE, ext: "ts", name: "first", tags: ["strings"] })
    const second = codeAsset({ code: "SELECT 1", ext: "sql", name: "second and longer" })
    const bytes = documentBytes(storedParts(first).document)
    expect(documentJson(storedParts(second).document)).toBe(JSON.stringify(withoutTransferables(second)))
    documentBytes(storedParts(second).document)
    expect(bytes.toString("utf8")).toBe(JSON.stringify(withoutTransferables(first)))
  })

  it("inflates a document larger than the buffer it keeps between documents, and smaller ones after it", () => {
    const large = codeAsset({ code: CODE, ext: "ts", name: "b".repeat(3_000_000) })
    const small = codeAsset({ code: CODE, ext: "ts", name: "small" })
    expect(documentJson(storedParts(large).document)).toBe(JSON.stringify(withoutTransferables(large)))
    expect(documentJson(storedParts(small).document)).toBe(JSON.stringify(withoutTransferables(small)))
    const bytes = documentBytes(storedParts(large).document)
    expect(bytes.toString("utf8")).toBe(JSON.stringify(withoutTransferables(large)))
  })

  it("codes a document with deflate's fixed Huffman codes, which inflate without building tables first", () => {
    const asset = codeAsset({ code: CODE, ext: "ts", name: "parse_header_v2", tags: ["parsing", "http", "headers"] })
    const { document } = storedParts(asset)
    expect(firstBlockType(document)).toBe(1)
    expect(documentJson(document)).toBe(JSON.stringify(withoutTransferables(asset)))
  })

  it("reads a document stored before, deflated with dynamic codes", () => {
    const asset = codeAsset({ code: CODE, ext: "ts", name: "parse_header_v3", tags: ["parsing", "http", "headers"] })
    const json = JSON.stringify(withoutTransferables(asset))
    const document = deflateRawSync(json, { windowBits: 14, memLevel: 7 })
    expect(firstBlockType(document)).toBe(2)
    expect(documentJson(document)).toBe(json)
  })

  it("keeps a deleted asset's JSON and no content", () => {
    const deleted = markDeleted(codeAsset({ code: CODE, ext: "ts" }), timestamp(new Date(5000)))
    const { full, parts } = roundTrip(deleted)
    expect(parts.transferables).toBeNull()
    expect(full).toBe(JSON.stringify(deleted))
    expect(contentText(parts.transferables)).toBe("")
  })
})
