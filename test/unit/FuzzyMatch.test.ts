import { describe, expect, it } from "@effect/vitest"
import { allowedEdits, queryTerms, substringDistance, trigramsOf } from "../../src/domain/FuzzyMatch.ts"
import { TrigramIndex } from "../../src/domain/TrigramIndex.ts"

describe("FuzzyMatch", () => {
  it("splits queries on whitespace", () => {
    expect(queryTerms("  parse   config\tfile ")).toEqual(["parse", "config", "file"])
    expect(queryTerms("   ")).toEqual([])
  })

  it("allows no edits under four letters, one at four, two from five", () => {
    expect([allowedEdits("abc"), allowedEdits("abcd"), allowedEdits("abcde")]).toEqual([0, 1, 2])
  })

  it("measures the edits to the closest substring, capped past the limit", () => {
    expect(substringDistance("debounce", "function debounce(fn)", 2)).toBe(0)
    expect(substringDistance("debounse", "function debounce(fn)", 2)).toBe(1)
    expect(substringDistance("dbunce", "function debounce(fn)", 2)).toBe(2)
    expect(substringDistance("throttle", "function debounce(fn)", 2)).toBe(3)
    expect(substringDistance("", "anything", 2)).toBe(0)
  })

  it("takes the trigrams of each word, lower-cased", () => {
    expect([...trigramsOf("Ab fooBar")].sort()).toEqual(["bar", "oba", "oob", "foo"].sort())
  })
})

describe("TrigramIndex", () => {
  it("ranks entries by shared trigrams, so a typo still finds its entry first", () => {
    const index = new TrigramIndex()
    index.add(1, "debounce helper")
    index.add(2, "throttle helper")
    index.add(3, "deep clone")
    expect(index.candidates("debounse", 10)[0].row).toBe(1)
    expect(index.candidates("helper", 10).map((c) => c.row).sort()).toEqual([1, 2])
    expect(index.candidates("zzzz", 10)).toEqual([])
  })

  it("forgets removed rows exactly, re-indexes a row's new text, and finds short fragments by scan", () => {
    const index = new TrigramIndex()
    for (let i = 0; i < 3000; i++) index.add(i, `entry number${i}`)
    for (let i = 0; i < 2000; i++) index.remove(i)
    expect(index.size).toBe(1000)
    expect(index.candidates("number1500", 5).map((c) => c.row)).not.toContain(1500)
    expect(index.candidates("number2500", 1)[0].row).toBe(2500)
    index.add(2500, "renamed entry")
    expect(index.size).toBe(1000)
    expect(index.candidates("number2500", 1)[0]?.row).not.toBe(2500)
    index.add(5000, "io utils")
    expect(index.containing("IO", 5)).toEqual([5000])
  })
})
