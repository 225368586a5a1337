/**
 * Code fingerprints as migration 0008 wrote them (`src/domain/CodeFingerprint.ts` of 0.2.0, the parts that make a
 * fingerprint), and the words of the `similarity` table. Frozen: see README.md.
 */
import { createHash } from "node:crypto"

const SHINGLE = 4
const BANDS = 48
const ROWS = 2
const SIGNATURE_LENGTH = BANDS * ROWS

const TOKEN = /[A-Za-z_$][\w$]*|\d[\w.]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|[^\s\w]/g
const CORE_KEYWORDS = new Set("if else for while return break continue class try".split(" "))

type TokenKind = "identifier" | "string" | "number" | "literal"

const tokenKinds = (tokens: ReadonlyArray<string>): Array<TokenKind> =>
  tokens.map((token, i) => {
    if (/^["'`]/.test(token)) return "string"
    if (/^\d/.test(token)) return "number"
    if (!/^[A-Za-z_$]/.test(token)) return "literal"
    const before = tokens[i - 1]
    const member = before === "." || (before === ">" && tokens[i - 2] === "-") || (before === ":" && tokens[i - 2] === ":")
    return member || !CORE_KEYWORDS.has(token) ? "identifier" : "literal"
  })

const stripComments = (code: string): string =>
  code.replace(/"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|\/\*[\s\S]*?\*\/|\/\/[^\n]*|(?<=^|\s)# [^\n]*/g, (m) =>
    m.startsWith("/") || m.startsWith("#") ? " " : m)

const tokenize = (code: string): Array<string> => stripComments(code).match(TOKEN) ?? []

const renameIdentifiers = (tokens: ReadonlyArray<string>): Array<string> => {
  const names = new Map<string, string>()
  const kinds = tokenKinds(tokens)
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

const shapeOf = (tokens: ReadonlyArray<string>): Array<string> => {
  const kinds = tokenKinds(tokens)
  return tokens.map((token, i) =>
    kinds[i] === "identifier" ? "$" : kinds[i] === "string" ? "\"\"" : kinds[i] === "number" ? "0" : token
  )
}

const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

const shingles = (tokens: ReadonlyArray<string>, size = SHINGLE): Set<number> => {
  const set = new Set<number>()
  if (tokens.length === 0) return set
  if (tokens.length < size) set.add(fnv1a(tokens.join("\u0001")))
  for (let i = 0; i + size <= tokens.length; i++) set.add(fnv1a(tokens.slice(i, i + size).join("\u0001")))
  return set
}

const PERMUTATIONS = (() => {
  const out = new Uint32Array(SIGNATURE_LENGTH * 2)
  let state = 0x9e3779b9
  for (let i = 0; i < out.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    out[i] = i % 2 === 0 ? state | 1 : state
  }
  return out
})()

const minHash = (set: ReadonlySet<number>): Uint32Array => {
  const signature = new Uint32Array(SIGNATURE_LENGTH).fill(0xffffffff)
  for (const value of set) {
    for (let i = 0; i < SIGNATURE_LENGTH; i++) {
      const hashed = (Math.imul(PERMUTATIONS[2 * i], value ^ (value >>> 15)) + PERMUTATIONS[2 * i + 1]) >>> 0
      if (hashed < signature[i]) signature[i] = hashed
    }
  }
  return signature
}

const bandKeys = (signature: Uint32Array): Array<number> =>
  Array.from({ length: BANDS }, (_, band) => {
    let hash = 0x811c9dc5 ^ band
    for (let row = 0; row < ROWS; row++) hash = Math.imul(hash ^ signature[band * ROWS + row], 0x01000193)
    return hash >>> 0
  })

const digest = (tokens: ReadonlyArray<string>) => createHash("sha1").update(tokens.join("\u0001")).digest("base64")

const isTrivial = (tokens: ReadonlyArray<string>): boolean =>
  tokens.length < 8 || new Set(tokens).size < 5 || tokens.every((token) => /^[A-Za-z_$.]/.test(token))

/** A digest (base64) as a word: its first 48 bits. */
const digestWord = (prefix: "e" | "r" | "t", value: string) =>
  prefix + Buffer.from(value, "base64").readUIntBE(0, 6).toString(36)

/** The words of the code's row in `similarity`; none for code too trivial to compare. */
export const similarityWords = (code: string): string | undefined => {
  const tokens = tokenize(code)
  if (isTrivial(tokens)) return undefined
  return [
    digestWord("e", digest(tokens)),
    digestWord("r", digest(renameIdentifiers(tokens))),
    digestWord("t", digest(shapeOf(tokens))),
    ...bandKeys(minHash(shingles(tokens))).map((key) => `b${key.toString(36)}`)
  ].join(" ")
}

/** The text of an asset's content, from its stored content (`StoredAsset.contentText` of 0.2.0). */
export const contentText = (transferables: string | null): string =>
  transferables === null
    ? ""
    : (JSON.parse(transferables) as { values: Array<{ string?: { raw?: string } }> }).values
      .map((value) => value.string?.raw ?? "")
      .filter((text) => text.length > 0)
      .join("\n")
