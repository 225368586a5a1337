/**
 * The letter pairs of an asset's lower-cased texts as migration 0013 wrote them into `search_pairs` (what
 * `SqliteTextSearch.index` writes for each asset it indexes, from `search_folded`'s titles and code joined by a
 * newline). Frozen: see README.md.
 */

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789_"
const SIZE = ALPHABET.length
const BITS = SIZE + SIZE * SIZE
const BITS_PER_CHARACTER = 6
const ZERO = 48
const LENGTH = Math.ceil(BITS / BITS_PER_CHARACTER)

const PLACE = new Int8Array(128).fill(-1)
for (let i = 0; i < SIZE; i++) PLACE[ALPHABET.charCodeAt(i)] = i

const placeOf = (code: number) => code < 128 ? PLACE[code] : -1

/** The letter pairs of a row of `search_folded`. */
export const letterPairsOfFolded = (titles: string, code: string): string => {
  const folded = `${titles}\n${code}`
  const bits = new Uint8Array(LENGTH)
  const set = (bit: number) => {
    bits[Math.floor(bit / BITS_PER_CHARACTER)] |= 1 << (bit % BITS_PER_CHARACTER)
  }
  let previous = -1
  for (let i = 0; i < folded.length; i++) {
    const place = placeOf(folded.charCodeAt(i))
    if (place >= 0) {
      set(place)
      if (previous >= 0) set(SIZE + previous * SIZE + place)
    }
    previous = place
  }
  return String.fromCharCode(...Array.from(bits, (value) => ZERO + value))
}
