/**
 * Near-duplicate detection for code, as small pure functions: normalise (comments and layout go), tokenise,
 * shingle, hash. An asset's fingerprint holds
 * - `exact`: a hash of its normalised tokens, equal for copies that differ only in whitespace and comments;
 * - `renamed`: a hash of its tokens with identifiers numbered by first appearance, equal for copies whose
 *   identifiers were renamed consistently;
 * - `signature`: a MinHash signature of its token shingles, whose LSH bands give candidates for near copies.
 * Candidates are then scored exactly (`similarity`) on their shingle sets: Jaccard, or containment when the query
 * is a fragment of a saved snippet.
 */
import { createHash } from "node:crypto"

/** Tokens per shingle. */
export const SHINGLE = 4
/** MinHash values per signature: `BANDS` bands of `ROWS` rows. */
export const BANDS = 32
export const ROWS = 3
export const SIGNATURE_LENGTH = BANDS * ROWS

const TOKEN = /[A-Za-z_$][\w$]*|\d[\w.]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|[^\s\w]/g

/**
 * Reserved words of the languages we see (JavaScript/TypeScript, C, Python, Go, Rust, Java); renaming normalises
 * every other identifier. Contextual words that are ordinary names elsewhere (`type`, `self`, `match`) are not here.
 */
export const RESERVED_WORDS = new Set(
  ("break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static await async implements interface package private protected public auto char double extern " +
    "float goto int long register short signed sizeof struct typedef union unsigned volatile inline and as assert " +
    "def del elif except from global is lambda nonlocal not or pass raise None True False chan defer fallthrough " +
    "func go fn impl pub mut undefined")
    .split(" ")
)

/** Fewer tokens than this, and a consistent renaming says little: small functions share their shapes. */
const RENAMED_MIN_TOKENS = 25

/** Removes line comments (`//`), block comments and `#` followed by a space (Python, shells); keeps strings. */
export const stripComments = (code: string): string =>
  code.replace(/"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|\/\*[\s\S]*?\*\/|\/\/[^\n]*|(?<=^|\s)# [^\n]*/g, (m) =>
    m.startsWith("/") || m.startsWith("#") ? " " : m)

export const tokenize = (code: string): Array<string> => stripComments(code).match(TOKEN) ?? []

/**
 * Identifiers renamed to their order of first appearance (`$0`, `$1`...) and string literals emptied (a rename
 * reaches into messages and keys); reserved words, numbers and symbols kept.
 */
export const renameIdentifiers = (tokens: ReadonlyArray<string>): Array<string> => {
  const names = new Map<string, string>()
  return tokens.map((token) => {
    if (/^["'`]/.test(token)) return token[0] + token[0]
    if (!/^[A-Za-z_$]/.test(token) || RESERVED_WORDS.has(token)) return token
    let name = names.get(token)
    if (name === undefined) {
      name = `$${names.size}`
      names.set(token, name)
    }
    return name
  })
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

/** The distinct hashes of every run of `SHINGLE` tokens (the whole text, for one shorter than that). */
export const shingles = (tokens: ReadonlyArray<string>): Set<number> => {
  const set = new Set<number>()
  if (tokens.length === 0) return set
  if (tokens.length < SHINGLE) set.add(fnv1a(tokens.join("\u0001")))
  for (let i = 0; i + SHINGLE <= tokens.length; i++) set.add(fnv1a(tokens.slice(i, i + SHINGLE).join("\u0001")))
  return set
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

export const minHash = (set: ReadonlySet<number>): Uint32Array => {
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
  readonly signature: Uint32Array
  readonly tokenCount: number
}

const digest = (tokens: ReadonlyArray<string>) => createHash("sha1").update(tokens.join("\u0001")).digest("base64")

export const fingerprint = (code: string): CodeFingerprint => fingerprintOf(prepare(code))

export const fingerprintOf = (prepared: PreparedCode): CodeFingerprint => ({
  exact: prepared.exact,
  renamed: prepared.renamed,
  signature: minHash(prepared.shingles),
  tokenCount: prepared.tokens.length
})

/** A query prepared once for comparison with many saved snippets. */
export interface PreparedCode {
  readonly tokens: ReadonlyArray<string>
  readonly exact: string
  readonly renamed: string
  readonly shingles: ReadonlySet<number>
}

export const prepare = (code: string): PreparedCode => {
  const tokens = tokenize(code)
  return { tokens, exact: digest(tokens), renamed: digest(renameIdentifiers(tokens)), shingles: shingles(tokens) }
}

/**
 * How alike a query and a saved snippet are, in [0, 1]: 1 for identical tokens or (for a query of some size) a
 * consistent renaming; otherwise the larger of the shingle sets' Jaccard index and the share of the query's
 * shingles found in the snippet (a pasted fragment of a larger snippet is still recognised; the containment of a
 * very short query counts less).
 */
export const similarityBetween = (query: PreparedCode, saved: PreparedCode): number => {
  if (query.tokens.length === 0 || saved.tokens.length === 0) return 0
  if (query.exact === saved.exact) return 1
  if (query.tokens.length >= RENAMED_MIN_TOKENS && query.renamed === saved.renamed) return 1
  const sa = query.shingles
  const sb = saved.shingles
  let shared = 0
  for (const value of sa) if (sb.has(value)) shared++
  const jaccard = shared / (sa.size + sb.size - shared)
  const containment = (shared / sa.size) * Math.min(1, sa.size / 24)
  return Math.max(jaccard, containment)
}

export const similarityTo = (query: PreparedCode, saved: string): number => similarityBetween(query, prepare(saved))

export const similarity = (query: string, saved: string): number => similarityTo(prepare(query), saved)

/** Enough code to be worth saving unprompted: a line of real work (20 tokens) or more. */
export const isSubstantial = (code: string): boolean => tokenize(code).length >= 20

/** Too little to save or to compare: blank, a few tokens, a single identifier or member path (`a.b.c`). */
export const isTrivial = (code: string): boolean => {
  const tokens = tokenize(code)
  return tokens.length < 8 || new Set(tokens).size < 5 || tokens.every((token) => /^[A-Za-z_$.]/.test(token))
}
