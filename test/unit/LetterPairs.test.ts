import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import {
  LETTER_PAIRS_LENGTH,
  LETTER_PAIRS_ZERO,
  type LetterPairBit,
  letterPairBit,
  letterPairsOf
} from "../../src/domain/LetterPairs.ts"

/** What SQLite's check reads: the bit's character, less the zero, masked. */
const holds = (pairs: string, bit: LetterPairBit) =>
  ((pairs.charCodeAt(bit.character - 1) - LETTER_PAIRS_ZERO) & bit.mask) !== 0

const letters = "abcdefghijklmnopqrstuvwxyz0123456789_"

describe("LetterPairs", () => {
  it("has a term of one or two letters exactly when the text holds it", () => {
    // Letters, and characters around them that are not: spaces, punctuation, a newline, accents, an emoji.
    const text = fc.stringMatching(/^[a-z0-9_ .(\n\u00e9\u{1F600}-]{0,40}$/u)
    const term = fc.stringMatching(/^[a-z0-9_]{1,2}$/)
    fc.assert(fc.property(text, term, (text, term) => {
      const bit = letterPairBit(term)
      expect(bit).toBeDefined()
      expect(holds(letterPairsOf(text), bit!)).toBe(text.includes(term))
    }), { numRuns: 2000 })
  })

  it("keeps every letter and every pair apart", () => {
    const bits = new Set<string>()
    for (const a of letters) {
      bits.add(JSON.stringify(letterPairBit(a)))
      for (const b of letters) bits.add(JSON.stringify(letterPairBit(a + b)))
    }
    expect(bits.size).toBe(letters.length + letters.length ** 2)
    const all = letterPairsOf([...letters].flatMap((a) => [...letters].map((b) => a + b)).join(" "))
    expect(all).toHaveLength(LETTER_PAIRS_LENGTH)
    expect([...all].every((character) => character >= "0" && character <= "o")).toBe(true)
  })

  it("gives no bit to a term with another character, or too long, or empty", () => {
    for (const term of ["", "é", "->", "a.", "A", "abc", "\u{1F600}", "a\u0000"]) {
      expect(letterPairBit(term)).toBeUndefined()
    }
  })

  it("pairs nothing across a character outside the letters", () => {
    const pairs = letterPairsOf("ab\ncd")
    expect(holds(pairs, letterPairBit("bc")!)).toBe(false)
    expect(holds(pairs, letterPairBit("cd")!)).toBe(true)
    expect(letterPairsOf("")).toBe("0".repeat(LETTER_PAIRS_LENGTH))
  })
})
