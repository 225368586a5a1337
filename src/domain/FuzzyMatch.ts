/**
 * The typo tolerance of search, as small pure functions: how a query splits into terms, how many edits a term
 * may carry, and whether a term occurs in a text literally or within those edits.
 */

/** The words of a query: split on whitespace. */
export const queryTerms = (query: string): Array<string> => query.split(/\s+/).filter((term) => term.length > 0)

/** Edits a term may carry and still match: none under four letters, one at four, two from five on. */
export const allowedEdits = (term: string): number => term.length >= 5 ? 2 : term.length === 4 ? 1 : 0

/**
 * The fewest edits (insertions, deletions, substitutions, and swaps of two neighbouring letters, the commonest typo)
 * that turn `pattern` into some substring of `text` (Sellers' algorithm over the restricted Damerau distance), or
 * `max + 1` as soon as it is certain to exceed `max`. Both are compared as given: callers lower-case them for
 * case-insensitive matching.
 */
export const substringDistance = (pattern: string, text: string, max: number): number => {
  const m = pattern.length
  if (m === 0) return 0
  const beyond = max + 1
  let beforePrevious = new Uint16Array(m + 2)
  let previous = new Uint16Array(m + 2)
  let current = new Uint16Array(m + 2)
  for (let i = 0; i <= m; i++) previous[i] = i
  let best = previous[m]
  // Ukkonen's cut-off: down a column the edits grow by at most one per row from the last row within `max`, so each
  // column is computed only to one row past that row of the column before, and the row under it reads as `max + 1`
  // (any value there is more than `max`, and nothing computed from it can come back under). Typo'd names checked
  // against candidates' titles: about a quarter of the time.
  let last = Math.min(m, max)
  for (let j = 0; j < text.length; j++) {
    const c = text.charCodeAt(j)
    const top = Math.min(m, last + 1)
    current[0] = 0 // a match may start anywhere in the text
    for (let i = 1; i <= top; i++) {
      const substitution = previous[i - 1] + (pattern.charCodeAt(i - 1) === c ? 0 : 1)
      current[i] = Math.min(substitution, previous[i] + 1, current[i - 1] + 1)
      if (i > 1 && j > 0 && pattern.charCodeAt(i - 1) === text.charCodeAt(j - 1) && pattern.charCodeAt(i - 2) === c) {
        current[i] = Math.min(current[i], beforePrevious[i - 2] + 1)
      }
    }
    if (top < m) current[top + 1] = beyond
    last = top
    while (current[last] > max) last--
    if (top === m && current[m] < best) {
      best = current[m]
      if (best === 0) return 0
    }
    const free = beforePrevious
    beforePrevious = previous
    previous = current
    current = free
  }
  return Math.min(best, beyond)
}

/** What words are made of (identifiers included), and what separates them. */
const WORD_CHARACTERS = "\\p{L}\\p{N}_$"
const WORD_CHAR = new RegExp(`[${WORD_CHARACTERS}]`, "u")

/** Trigrams whose three characters are all below this code are numbered below 2^30 (V8's small integers). */
const SMALL_CODE = 1024
const SMALL_KEYS = SMALL_CODE ** 3

/**
 * A trigram (three UTF-16 code units) as a number, one per trigram: a map keyed by numbers is cheaper to fill and
 * read than one keyed by three-letter strings, which every indexed name would otherwise allocate.
 */
export const trigramKey = (first: number, second: number, third: number): number =>
  first < SMALL_CODE && second < SMALL_CODE && third < SMALL_CODE
    ? (first * SMALL_CODE + second) * SMALL_CODE + third
    : SMALL_KEYS + (first * 65536 + second) * 65536 + third

/** Whether each ASCII character is a word character (`WORD_CHAR` without the regular expression). */
const ASCII_WORD = Array.from({ length: 128 }, (_, code) => WORD_CHAR.test(String.fromCharCode(code)))

/**
 * Visits the key of every three-letter sequence of the words of a lower-cased text, repeats included (words under
 * three letters have none): the index fills its postings from it without a set or a string per trigram.
 */
export const forEachTrigram = (lower: string, visit: (key: number) => void): void => {
  // How many code units of a word end at the current one: a trigram ends wherever three do.
  let inWord = 0
  for (let at = 0; at < lower.length;) {
    const point = lower.codePointAt(at)!
    const word = point < 128 ? ASCII_WORD[point] : WORD_CHAR.test(String.fromCodePoint(point))
    // A character outside the basic plane is two code units of its word (as `String.slice` counts).
    for (const end = at + (point > 0xffff ? 2 : 1); at < end; at++) {
      inWord = word ? inWord + 1 : 0
      if (inWord >= 3) visit(trigramKey(lower.charCodeAt(at - 2), lower.charCodeAt(at - 1), lower.charCodeAt(at)))
    }
  }
}

/** The distinct lower-case three-letter sequences of the words of a text (words under three letters have none). */
export const trigramsOf = (text: string): Set<number> => {
  const grams = new Set<number>()
  forEachTrigram(text.toLowerCase(), (key) => grams.add(key))
  return grams
}

/**
 * The text with two neighbouring letters of a word swapped, each such pair in turn (lower-cased): what was meant, if
 * the text holds a swap. A swap breaks every trigram near it (all of a short word's: `porp` shares none with
 * `prop`); one of these has them back.
 */
export const swapsOf = (text: string): Array<string> => {
  const lower = text.toLowerCase()
  const swaps: Array<string> = []
  for (let at = 0; at + 1 < lower.length; at++) {
    if (!WORD_CHAR.test(lower[at]) || !WORD_CHAR.test(lower[at + 1]) || lower[at] === lower[at + 1]) continue
    swaps.push(lower.slice(0, at) + lower[at + 1] + lower[at] + lower.slice(at + 2))
  }
  return swaps
}

const IDENTIFIER_CHAR = /[\w$]/

/**
 * Whether `token` occurs in `text` as a whole token, not inside a longer identifier: `parse_args` occurs whole in
 * `parse_args(argv)` but not in `parse_args_helper` or `_parse_args`. Case as given: lower both to ignore it.
 */
export const containsWholeToken = (text: string, token: string): boolean => {
  if (token.length === 0) return false
  for (let at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + 1)) {
    const before = at === 0 ? "" : text[at - 1]
    const after = text[at + token.length] ?? ""
    // An edge that is itself no identifier character (`.then(`) needs no boundary there.
    const startsClean = !IDENTIFIER_CHAR.test(token[0]) || !IDENTIFIER_CHAR.test(before)
    const endsClean = !IDENTIFIER_CHAR.test(token[token.length - 1]) || !IDENTIFIER_CHAR.test(after)
    if (startsClean && endsClean) return true
  }
  return false
}

/**
 * The edits (as `substringDistance` counts them: a swap of neighbours is one) between two whole strings (names).
 * Three rows reused, as `substringDistance` does: a search computes it for hundreds of candidates, and a new array
 * per row was a fifth of the bytes a search for a common term allocated.
 */
export const editDistance = (a: string, b: string): number => {
  const n = b.length
  let beforePrevious = new Uint32Array(n + 1)
  let previous = new Uint32Array(n + 1)
  let current = new Uint32Array(n + 1)
  for (let j = 0; j <= n; j++) previous[j] = j
  for (let i = 1; i <= a.length; i++) {
    const c = a.charCodeAt(i - 1)
    current[0] = i
    for (let j = 1; j <= n; j++) {
      let edits = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (c === b.charCodeAt(j - 1) ? 0 : 1))
      if (i > 1 && j > 1 && c === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        edits = Math.min(edits, beforePrevious[j - 2] + 1)
      }
      current[j] = edits
    }
    const free = beforePrevious
    beforePrevious = previous
    previous = current
    current = free
  }
  return previous[n]
}

/** How close a name is to the query as a whole, in [0, 1]: 1 for the same text (case aside), 0 for nothing alike. */
export const nameCloseness = (query: string, name: string): number => {
  const [a, b] = [query.toLowerCase(), name.toLowerCase()]
  const longest = Math.max(a.length, b.length)
  return longest === 0 ? 0 : 1 - editDistance(a, b) / longest
}
