/**
 * Which letters, digits and underscores a lower-cased text holds, and which pairs of them side by side: a term of
 * one or two such characters (`i`, `if`, `os`), too short for a trigram index, is in the text exactly when its bit is
 * set. Checking the bit reads a short row where checking the text itself read all of it, at several times the cost.
 * The bits are written as text, six to a
 * character (`0` to `o`), so that SQLite reads one with `substr` and `unicode`. A term with any other character has
 * no bit; it is checked on the text.
 */

/** The characters whose pairs are kept: what identifiers, keywords and numbers are made of, lower-cased. */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789_"
const SIZE = ALPHABET.length
/** A bit for each character, then one for each pair. */
const BITS = SIZE + SIZE * SIZE
/** Bits written to a character of the stored text. */
const BITS_PER_CHARACTER = 6
/** The code of the character that stands for no bit set (`0`); each other value adds its bits (up to `o`). */
export const LETTER_PAIRS_ZERO = 48
/** The stored text's length: every text's letter pairs take as many characters. */
export const LETTER_PAIRS_LENGTH = Math.ceil(BITS / BITS_PER_CHARACTER)

/** Each ASCII character's place in `ALPHABET`, or -1. */
const PLACE = new Int8Array(128).fill(-1)
for (let i = 0; i < SIZE; i++) PLACE[ALPHABET.charCodeAt(i)] = i

const placeOf = (code: number) => code < 128 ? PLACE[code] : -1

/** The bit of two characters side by side, by their places: after every single character's. */
const pairBit = (first: number, second: number) => SIZE + first * SIZE + second

/** The stored characters are ASCII: a byte each. */
const latin1 = new TextDecoder("latin1")

/** Sets bit `bit` of the stored text's values, six to a character. */
const setBit = (bits: Uint8Array, bit: number) => {
  bits[(bit / BITS_PER_CHARACTER) | 0] |= 1 << (bit % BITS_PER_CHARACTER)
}

/** The letter pairs of `folded`, a lower-cased text, as stored. */
export const letterPairsOf = (folded: string): string => {
  const bits = new Uint8Array(LETTER_PAIRS_LENGTH)
  let previous = -1
  for (let i = 0; i < folded.length; i++) {
    const place = placeOf(folded.charCodeAt(i))
    if (place >= 0) {
      setBit(bits, place)
      if (previous >= 0) setBit(bits, pairBit(previous, place))
    }
    previous = place
  }
  for (let i = 0; i < bits.length; i++) bits[i] += LETTER_PAIRS_ZERO
  return latin1.decode(bits)
}

/** Where a term's bit is read in the stored text: the character (from 1, as SQL counts) and its mask. */
export interface LetterPairBit {
  readonly character: number
  readonly mask: number
}

/** The bit saying whether a lower-cased text holds `folded` (a lower-cased term), if it has one. */
export const letterPairBit = (folded: string): LetterPairBit | undefined => {
  const places = Array.from(folded, (character) => placeOf(character.charCodeAt(0)))
  if (places.length === 0 || places.length > 2 || places.some((place) => place < 0)) return undefined
  const bit = places.length === 1 ? places[0] : pairBit(places[0], places[1])
  return { character: Math.floor(bit / BITS_PER_CHARACTER) + 1, mask: 1 << (bit % BITS_PER_CHARACTER) }
}
