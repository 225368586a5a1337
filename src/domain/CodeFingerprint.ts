/**
 * Near-duplicate detection for code, as small pure functions: normalise (comments and layout go), tokenise,
 * shingle, hash. An asset's fingerprint holds
 * - `exact`: a hash of its normalised tokens, equal for copies that differ only in whitespace and comments;
 * - `renamed`: a hash of its tokens with identifiers numbered by first appearance, equal for copies whose
 *   identifiers were renamed consistently;
 * - `shape`: a hash of its tokens with every identifier and literal abstracted to its kind (the standard Type-2
 *   normalisation), equal for copies renamed even inconsistently;
 * - `signature`: a MinHash signature of its token shingles, whose LSH bands give candidates for near copies.
 * Candidates are then scored exactly (`similarityBetween`) on their shingle sets (Jaccard, or containment when the
 * query is a fragment of a saved snippet) and on the shingles of their shapes.
 *
 * What counts as an identifier: any word but the few every language we see reserves (`CORE_KEYWORDS`), and any
 * word after a member access (`a.from`, `p->type`). A list of every language's keywords would keep `from`, `is`
 * or `match` literal, and a copy that renames a method to one of them (or from one) would no longer compare.
 */
import { createHash } from "node:crypto"

/** Tokens per shingle. */
export const SHINGLE = 4
/** Shape tokens per shingle: a shape's tokens say less each, so it takes more of them to say something. */
export const SHAPE_SHINGLE = 8
/**
 * MinHash values per signature: `BANDS` bands of `ROWS` rows. Two rows a band: a fragment of half a snippet
 * (Jaccard about 0.4) shares a band with it 99.9% of the time, where three rows in 32 bands found it 88% of the time.
 */
export const BANDS = 48
export const ROWS = 2
export const SIGNATURE_LENGTH = BANDS * ROWS

const TOKEN = /[A-Za-z_$][\w$]*|\d[\w.]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|[^\s\w]/g

/**
 * Words reserved in nearly every language we see, so that no renaming produces them: they keep a copy's structure.
 * Words only some languages reserve are names in others (`new` and `default` in Python, `from` and `fn` in
 * JavaScript), and a copy may rename one or to one, so they count as names; numbered consistently, they still
 * distinguish code.
 */
export const CORE_KEYWORDS = new Set("if else for while return break continue class try".split(" "))

/** What a token is, for the Type-2 shape: an identifier, a string, a number, or itself (keywords, symbols). */
export type TokenKind = "identifier" | "string" | "number" | "literal"

/** A-Z, a-z, `_` and `$`: what a name (identifier or keyword) starts with. */
const isNameStart = (code: number) =>
  (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36

/** The kind of each token; a word after `.`, `->` or `::` is an identifier whatever it spells. */
export const tokenKinds = (tokens: ReadonlyArray<string>): Array<TokenKind> =>
  tokens.map((token, i) => {
    // By the first character's code (a regular expression per token was a third of scoring a saved snippet).
    const first = token.charCodeAt(0)
    if (first === 34 || first === 39 || first === 96) return "string" // " ' `
    if (first >= 48 && first <= 57) return "number"
    if (!isNameStart(first)) return "literal"
    const before = tokens[i - 1]
    const member = before === "." || (before === ">" && tokens[i - 2] === "-") || (before === ":" && tokens[i - 2] === ":")
    return member || !CORE_KEYWORDS.has(token) ? "identifier" : "literal"
  })

/** Fewer tokens than this, and a consistent renaming says little: small functions share their shapes. */
const RENAMED_MIN_TOKENS = 25

/** Removes line comments (`//`), block comments and `#` followed by a space (Python, shells); keeps strings. */
export const stripComments = (code: string): string =>
  code.replace(/"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|\/\*[\s\S]*?\*\/|\/\/[^\n]*|(?<=^|\s)# [^\n]*/g, (m) =>
    m.startsWith("/") || m.startsWith("#") ? " " : m)

export const tokenize = (code: string): Array<string> => stripComments(code).match(TOKEN) ?? []

/**
 * Identifiers renamed to their order of first appearance (`$0`, `$1`...) and string literals emptied (a rename
 * reaches into messages and keys); keywords, numbers and symbols kept.
 */
export const renameIdentifiers = (
  tokens: ReadonlyArray<string>,
  kinds: ReadonlyArray<TokenKind> = tokenKinds(tokens)
): Array<string> => {
  const names = new Map<string, string>()
  return tokens.map((token, i) => {
    if (kinds[i] === "string") return token[0] + token[0]
    if (kinds[i] !== "identifier") return token
    let name = names.get(token)
    if (name === undefined) {
      name = `$${names.size}`
      names.set(token, name)
    }
    return name
  })
}

/** The Type-2 shape: every identifier `$`, every string `""`, every number `0`; keywords and symbols kept. */
export const shapeOf = (
  tokens: ReadonlyArray<string>,
  kinds: ReadonlyArray<TokenKind> = tokenKinds(tokens)
): Array<string> => {
  return tokens.map((token, i) =>
    kinds[i] === "identifier" ? "$" : kinds[i] === "string" ? "\"\"" : kinds[i] === "number" ? "0" : token
  )
}

/** 32-bit FNV-1a. */
const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * The distinct hashes of every run of `size` tokens (the whole text, for one shorter than that), in increasing
 * order: `fnv1a` of the run's tokens joined by U+0001, hashed token by token rather than joined first, and kept in
 * a typed array rather than a set (most hashes are too large for V8's small integers, so a set allocates one
 * number each; scoring a suggestion's forty candidates went mostly to that).
 */
export const shingles = (tokens: ReadonlyArray<string>, size = SHINGLE): Uint32Array => {
  if (tokens.length === 0) return new Uint32Array(0)
  if (tokens.length < size) return Uint32Array.of(fnv1a(tokens.join("\u0001")))
  const hashes = new Uint32Array(tokens.length - size + 1)
  for (let i = 0; i < hashes.length; i++) {
    let hash = 0x811c9dc5
    for (let k = i; k < i + size; k++) {
      if (k > i) hash = Math.imul(hash ^ 1, 0x01000193)
      const token = tokens[k]
      for (let at = 0; at < token.length; at++) hash = Math.imul(hash ^ token.charCodeAt(at), 0x01000193)
    }
    hashes[i] = hash >>> 0
  }
  hashes.sort()
  let distinct = 0
  for (let i = 0; i < hashes.length; i++) if (i === 0 || hashes[i] !== hashes[i - 1]) hashes[distinct++] = hashes[i]
  return hashes.subarray(0, distinct)
}

// Fixed odd multipliers and offsets, one pair per MinHash function (a 32-bit linear congruential stream).
const PERMUTATIONS = (() => {
  const out = new Uint32Array(SIGNATURE_LENGTH * 2)
  let state = 0x9e3779b9
  for (let i = 0; i < out.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    out[i] = i % 2 === 0 ? state | 1 : state
  }
  return out
})()

export const minHash = (set: Iterable<number>): Uint32Array => {
  const signature = new Uint32Array(SIGNATURE_LENGTH).fill(0xffffffff)
  for (const value of set) {
    for (let i = 0; i < SIGNATURE_LENGTH; i++) {
      const hashed = (Math.imul(PERMUTATIONS[2 * i], value ^ (value >>> 15)) + PERMUTATIONS[2 * i + 1]) >>> 0
      if (hashed < signature[i]) signature[i] = hashed
    }
  }
  return signature
}

/** The key of each LSH band: its rows hashed together. */
export const bandKeys = (signature: Uint32Array): Array<number> =>
  Array.from({ length: BANDS }, (_, band) => {
    let hash = 0x811c9dc5 ^ band
    for (let row = 0; row < ROWS; row++) hash = Math.imul(hash ^ signature[band * ROWS + row], 0x01000193)
    return hash >>> 0
  })

export interface CodeFingerprint {
  readonly exact: string
  readonly renamed: string
  readonly shape: string
  readonly signature: Uint32Array
  readonly tokenCount: number
}

const digest = (tokens: ReadonlyArray<string>) => createHash("sha1").update(tokens.join("\u0001")).digest("base64")

export const fingerprint = (code: string): CodeFingerprint => fingerprintOf(prepare(code))

export const fingerprintOf = (prepared: PreparedCode): CodeFingerprint => ({
  exact: prepared.exact,
  renamed: prepared.renamed,
  shape: prepared.shape,
  signature: minHash(prepared.shingles),
  tokenCount: prepared.tokens.length
})

/** A query prepared once for comparison with many saved snippets. */
export interface PreparedCode {
  readonly tokens: ReadonlyArray<string>
  /** Its tokens with identifiers numbered by first appearance. */
  readonly renamedTokens: ReadonlyArray<string>
  readonly exact: string
  readonly renamed: string
  readonly shape: string
  /** `shingles`: distinct, in increasing order. */
  readonly shingles: Uint32Array
  readonly shapeShingles: Uint32Array
}

/**
 * Code prepared part by part, each part made when first read: a saved snippet scored against a query needs some
 * of them only (its digests never; its shape's shingles not for a short query or a renamed copy).
 */
class PreparedParts implements PreparedCode {
  #kinds: Array<TokenKind> | undefined
  #renamedTokens: Array<string> | undefined
  #exact: string | undefined
  #renamed: string | undefined
  #shapeTokens: Array<string> | undefined
  #shape: string | undefined
  #shingles: Uint32Array | undefined
  #shapeShingles: Uint32Array | undefined

  constructor(readonly tokens: ReadonlyArray<string>) {}

  get exact(): string {
    return this.#exact ??= digest(this.tokens)
  }
  get renamedTokens(): Array<string> {
    return this.#renamedTokens ??= renameIdentifiers(this.tokens, this.kinds)
  }
  get renamed(): string {
    return this.#renamed ??= digest(this.renamedTokens)
  }
  get shape(): string {
    return this.#shape ??= digest(this.shapeTokens)
  }
  get shingles(): Uint32Array {
    return this.#shingles ??= shingles(this.tokens)
  }
  get shapeShingles(): Uint32Array {
    return this.#shapeShingles ??= shingles(this.shapeTokens, SHAPE_SHINGLE)
  }
  private get kinds(): Array<TokenKind> {
    return this.#kinds ??= tokenKinds(this.tokens)
  }
  private get shapeTokens(): Array<string> {
    return this.#shapeTokens ??= shapeOf(this.tokens, this.kinds)
  }
}

export const prepare = (code: string): PreparedCode => new PreparedParts(tokenize(code))

/**
 * Whether two lists of tokens are the same, token for token: what equal digests say, without hashing a saved
 * snippet's tokens twice for each comparison (the 40 candidates of a suggestion, say).
 */
const sameTokens = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean =>
  a.length === b.length && a.every((token, i) => token === b[i])

/**
 * Shingles of `query` also in `saved` (both in increasing order, `shingles`): their Jaccard index, and the share
 * of the query's found in `saved`.
 */
const overlap = (query: Uint32Array, saved: Uint32Array) => {
  let shared = 0
  for (let q = 0, s = 0; q < query.length && s < saved.length;) {
    if (query[q] === saved[s]) {
      shared++
      q++
      s++
    } else if (query[q] < saved[s]) q++
    else s++
  }
  return { jaccard: shared / (query.length + saved.length - shared), containment: shared / query.length }
}

/**
 * Below this many shingles (about 15 tokens), a query's containment in a saved snippet counts in proportion: a line
 * or two of boilerplate is found inside many snippets. Chosen on the tuning part of bench:similarity: twice as many
 * shingles recognised fewer fragments of half a snippet, for few fewer false suggestions on short pastes.
 */
export const SHORT_QUERY_SHINGLES = 12

/**
 * How much a structural match counts against a literal one: a copy's shape alone (its names and literals unknown)
 * says less than its tokens, and small shapes are shared by unrelated code. Chosen on the tuning part of
 * bench:similarity.
 */
export const SHAPE_WEIGHT = 0.9

/**
 * How alike a query and a saved snippet are, in [0, 1]:
 * - 1 for identical tokens (layout and comments aside);
 * - for a query of some size with the same tokens up to a consistent renaming: 0.98, a little more the more
 *   tokens they share (so the snippet with the closest names comes first);
 * - otherwise the best of the shingle sets' Jaccard index, the share of the query's shingles found in the snippet
 *   (a pasted fragment; a very short query's counts less) and, for a query of some size, the Jaccard index of
 *   their Type-2 shapes' shingles weighed by `SHAPE_WEIGHT` (a renamed copy that was also edited).
 */
export const similarityBetween = (query: PreparedCode, saved: PreparedCode): number => {
  if (query.tokens.length === 0 || saved.tokens.length === 0) return 0
  if (sameTokens(query.tokens, saved.tokens)) return 1
  const literal = overlap(query.shingles, saved.shingles)
  const small = Math.min(1, query.shingles.length / SHORT_QUERY_SHINGLES)
  const tokensAlike = Math.max(literal.jaccard, literal.containment * small)
  if (query.tokens.length < RENAMED_MIN_TOKENS) return tokensAlike
  if (sameTokens(query.renamedTokens, saved.renamedTokens)) return 0.98 + 0.01 * literal.jaccard
  // Jaccard only: a generic shape (a few calls and a return) is contained in many larger snippets. Among snippets
  // of the same shape, the one sharing more tokens ranks first (an edited copy before its original's twins).
  const shapesAlike = SHAPE_WEIGHT * overlap(query.shapeShingles, saved.shapeShingles).jaccard - 0.05 * (1 - literal.jaccard)
  return Math.max(tokensAlike, Math.min(0.97, shapesAlike))
}

export const similarityTo = (query: PreparedCode, saved: string): number => similarityBetween(query, prepare(saved))

/**
 * The Jaccard index of two snippets' shingles: what orders snippets equally alike. A pasted fragment is held whole
 * by the function it came from and by any longer one that repeats it; it is more of its own function.
 */
export const jaccardBetween = (query: PreparedCode, saved: PreparedCode): number =>
  query.tokens.length === 0 || saved.tokens.length === 0 ? 0 : overlap(query.shingles, saved.shingles).jaccard

export const similarity = (query: string, saved: string): number => similarityTo(prepare(query), saved)

/** Enough code to be worth saving unprompted: a line of real work (20 tokens) or more. */
export const isSubstantial = (code: string): boolean => tokenize(code).length >= 20

/** Too little to save or to compare: blank, a few tokens, a single identifier or member path (`a.b.c`). */
export const isTrivial = (code: string): boolean => {
  const tokens = tokenize(code)
  return tokens.length < 8 || new Set(tokens).size < 5 || tokens.every((token) => /^[A-Za-z_$.]/.test(token))
}
