import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { CHUNK_CHARACTERS, jsonChunks } from "../../src/http/JsonResponses.ts"

describe("jsonChunks", () => {
  it("cuts a page of items into chunks that join back to the items separated by commas", () => {
    const item = fc.string({ maxLength: 40_000 }).map((text) => JSON.stringify(text))
    fc.assert(fc.property(fc.array(item, { maxLength: 30 }), fc.boolean(), (items, first) => {
      const chunks = jsonChunks(items, first)
      expect(chunks.join("")).toBe((first || items.length === 0 ? "" : ",") + items.join(","))
      const longest = Math.max(0, ...items.map((text) => text.length + 1))
      for (const chunk of chunks) expect(chunk.length).toBeLessThan(CHUNK_CHARACTERS + longest)
    }), { numRuns: 200 })
  })

  it("keeps a page of small items in one chunk, and a large page in several", () => {
    expect(jsonChunks(["1", "2"], true)).toEqual(["1,2"])
    expect(jsonChunks(["3"], false)).toEqual([",3"])
    expect(jsonChunks(Array.from({ length: 500 }, () => `"${"x".repeat(3000)}"`), true).length).toBeGreaterThan(40)
  })
})
