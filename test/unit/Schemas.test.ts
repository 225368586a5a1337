import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { StreamedIdentifiers } from "../../src/domain/Streams.ts"
import { Seed } from "../../src/domain/Seed.ts"

describe("wire schemas", () => {
  it("StreamedIdentifiers takes the frames the identifier stream sends", () => {
    const decode = Schema.decodeUnknownSync(StreamedIdentifiers)
    const id = "0b7e2f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b"
    expect(decode({ iterable: [{ asset: { id } }] }).iterable).toHaveLength(1)
    expect(decode({ iterable: [{ asset: { id }, deleted: true }] }).iterable[0].deleted).toBe(true)
    expect(() => decode({ iterable: [{ asset: { id: "nope" } }] })).toThrow()
  })

  it("a seed ignores unknown fields and reports every wrong one with its path", () => {
    const decoded = Schema.decodeUnknownSync(Seed)({
      type: "SEEDED_ASSET",
      future: true,
      asset: {
        application: { name: "VS_CODE", version: "1", platform: "LINUX" },
        format: { fragment: { string: { raw: "x" } } }
      }
    })
    expect("future" in decoded).toBe(false)
    // Every problem, as the API reports a body's (its payloads decode with errors: "all").
    const result = Schema.decodeUnknownResult(Seed, { errors: "all" })({
      asset: { application: { name: "NOPE", version: 1, platform: "LINUX" }, format: {} }
    })
    expect(result._tag).toBe("Failure")
    if (result._tag === "Failure") {
      const message = String(result.failure)
      expect(message).toContain("name")
      expect(message).toContain("version")
    }
  })
})
