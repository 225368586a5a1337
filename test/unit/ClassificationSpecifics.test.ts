import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { CLASSIFICATION_SPECIFICS, knownClassification } from "../../src/domain/ClassificationSpecifics.ts"
import { ClassificationSpecificValue, KnownClassificationSpecific } from "../../src/domain/Common.ts"

describe("knownClassification", () => {
  it("matches a client's extension case-insensitively and answers the enum's spelling", () => {
    expect(knownClassification("PY")).toBe("py")
    expect(knownClassification(" ts ")).toBe("ts")
    expect(knownClassification("gemfile")).toBe("Gemfile")
    expect(knownClassification("not-a-language")).toBeUndefined()
  })

  it("knows every value of ClassificationSpecificEnum as itself", () => {
    for (const value of CLASSIFICATION_SPECIFICS) expect(knownClassification(value)).toBe(value)
  })
})

describe("KnownClassificationSpecific", () => {
  it("decodes to the enum's spelling and refuses an unknown extension, naming it", () => {
    expect(Schema.decodeUnknownSync(KnownClassificationSpecific)("RS")).toBe("rs")
    const refused = Schema.decodeUnknownResult(KnownClassificationSpecific)("klingon")
    expect(Result.isFailure(refused) && String(refused.failure)).toMatch(/"klingon" is not a known classification/)
  })
})

describe("ClassificationSpecificValue", () => {
  it("is every value of ClassificationSpecificEnum as spelled there, and nothing else", () => {
    const is = Schema.is(ClassificationSpecificValue)
    for (const value of CLASSIFICATION_SPECIFICS) expect(is(value)).toBe(true)
    for (const other of ["PY", "Ts", " ts", "klingon", "", 42, null, undefined]) expect(is(other)).toBe(false)
  })
})
