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

/** A term's bit, which every term of one or two letters has. */
const bitOf = (term: string) => {
  const bit = letterPairBit(term)
  if (bit === undefined) throw new Error(`No bit for ${JSON.stringify(term)}`)
  return bit
}

const letters = "abcdefghijklmnopqrstuvwxyz0123456789_"

describe("LetterPairs", () => {
  it("has a term of one or two letters exactly when the text holds it", () => {
    // Letters, and characters around them that are not: spaces, punctuation, a newline, accents, an emoji.
    const text = fc.stringMatching(/^[a-z0-9_ .(\n\u00e9\u{1F600}-]{0,40}$/u)
    const term = fc.stringMatching(/^[a-z0-9_]{1,2}$/)
    fc.assert(
      fc.property(text, term, fc.nat(), fc.boolean(), (text, random, at, fromText) => {
        // Half the terms are taken from the text, so that many are in it.
        const taken = text.slice(at % Math.max(1, text.length)).slice(0, random.length)
        const term = fromText && /^[a-z0-9_]{1,2}$/.test(taken) ? taken : random
        expect(holds(letterPairsOf(text), bitOf(term))).toBe(text.includes(term))
      }),
      { numRuns: 3000 }
    )
  })

  it("sets the bits of a text's letters and pairs, and no other", () => {
    const terms = [...letters].flatMap((a) => [a, ...[...letters].map((b) => a + b)])
    expect(new Set(terms.map((term) => JSON.stringify(bitOf(term)))).size).toBe(terms.length)
    for (const pair of terms.filter((term) => term.length === 2)) {
      const pairs = letterPairsOf(`(${pair})`)
      expect(pairs).toHaveLength(LETTER_PAIRS_LENGTH)
      const held = terms.filter((term) => holds(pairs, bitOf(term)))
      expect(held.sort()).toEqual([...new Set([pair, pair[0], pair[1]])].sort())
    }
  })

  it("gives no bit to a term with another character, or too long, or empty", () => {
    for (const term of ["", "é", "->", "a.", "A", "abc", "\u{1F600}", "a\u0000"]) {
      expect(letterPairBit(term)).toBeUndefined()
    }
  })

  it("pairs nothing across a character outside the letters", () => {
    const pairs = letterPairsOf("ab\ncd")
    expect(holds(pairs, bitOf("bc"))).toBe(false)
    expect(holds(pairs, bitOf("cd"))).toBe(true)
    expect(letterPairsOf("")).toBe("0".repeat(LETTER_PAIRS_LENGTH))
    expect([...letterPairsOf(letters.repeat(40))].every((character) => character >= "0" && character <= "o")).toBe(true)
  })
})
