import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { CHUNK_BYTES, jsonChunks } from "../../src/http/JsonResponses.ts"

const textOf = (chunk: Uint8Array) => Buffer.from(chunk).toString("utf8")
const text = (chunks: ReadonlyArray<Uint8Array>) => Buffer.concat(chunks).toString("utf8")

describe("jsonChunks", () => {
  it("cuts a page of items into chunks that join back to the items separated by commas", () => {
    const item = fc.string({ maxLength: 40_000 }).map((text) => JSON.stringify(text))
    fc.assert(fc.property(fc.array(item, { maxLength: 30 }), fc.boolean(), (items, first) => {
      const chunks = jsonChunks(items, first)
      expect(text(chunks)).toBe((first || items.length === 0 ? "" : ",") + items.join(","))
      const longest = Math.max(0, ...items.map((item) => Buffer.byteLength(item) + 1))
      for (const chunk of chunks) expect(chunk.length).toBeLessThan(CHUNK_BYTES + longest)
    }), { numRuns: 200 })
  })

  it("sends stored documents' bytes as they are, among text items", () => {
    const stored = Buffer.from(`{"name":"café ✓"}`)
    expect(text(jsonChunks([stored, `{"name":"naïve"}`], false))).toBe(`,{"name":"café ✓"},{"name":"naïve"}`)
  })

  it("keeps a page of small items in one chunk, and a large page in several", () => {
    expect(jsonChunks(["1", "2"], true).map(textOf)).toEqual(["1,2"])
    expect(jsonChunks(["3"], false).map(textOf)).toEqual([",3"])
    expect(jsonChunks(Array.from({ length: 500 }, () => `"${"x".repeat(3000)}"`), true).length).toBeGreaterThan(40)
  })
})
