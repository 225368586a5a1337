/**
 * The scale benchmark's library: `size` snippets of real code (functions cut from installed packages by
 * test/corpus/RealCode.ts). Past the ~22,500 distinct functions, each is saved again as a variant under a near-
 * duplicate name (`parseHeader`, `parseHeaderV2`, `parse_header_3`, `parseHeaderAsync4`...) with its code renamed
 * and slightly edited, as a library of years holds near-copies. Every snippet carries its language, its package and
 * a topic as tags, and one to three more from a vocabulary of 400 words taken from the code's own identifiers; one
 * in five has a website. Deterministic: the same size gives the same library.
 */
import { splitIdentifier } from "../src/domain/IdentifierWords.ts"
import { type CodeFunction, realCodeFunctions } from "../test/corpus/RealCode.ts"

export interface ScaleEntry {
  readonly name: string
  readonly ext: "ts" | "js" | "c"
  readonly code: string
  readonly tags: ReadonlyArray<string>
  readonly website?: string
  /** The name its family of versions shares (`versionedCorpus`). */
  readonly base?: string
}

const TOPICS = ["parsing", "io", "types", "errors", "streams", "testing", "compiler", "storage", "network", "ui"]

const packageOf = (origin: string) =>
  origin.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1]?.replace("/", "-") ?? "unknown"

/** A small deterministic generator (mulberry32), so that a size always makes the same library. */
export const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const snake = (name: string) => splitIdentifier(name).join("_")

/** The name of the `variant`-th copy of a function: near-duplicates in the ways people name copies. */
const variantName = (name: string, variant: number): string => {
  if (variant === 0) return name
  const n = variant + 1
  switch (variant % 5) {
    case 1:
      return `${name}V${n}`
    case 2:
      return `${snake(name)}_${n}`
    case 3:
      return `${name}Async${n}`
    case 4:
      return `${name}${n}`
    default:
      return `${name}Legacy${n}`
  }
}

/** The 400 identifier words used most across the functions, for tags. */
const tagVocabulary = (functions: ReadonlyArray<CodeFunction>): Array<string> => {
  const counts = new Map<string, number>()
  for (const fn of functions.slice(0, 5000)) {
    for (const [token] of fn.code.matchAll(/[A-Za-z_$][\w$]{3,}/g)) {
      for (const word of splitIdentifier(token)) {
        if (word.length >= 4 && word.length <= 10 && /^[a-z]+$/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1)
      }
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 400).map(([word]) => word)
}

export const scaleCorpus = (size: number): Array<ScaleEntry> => {
  const functions = realCodeFunctions()
  const vocabulary = tagVocabulary(functions)
  const random = seeded(20261122)
  return Array.from({ length: size }, (_, i) => {
    const fn = functions[i % functions.length]
    const variant = Math.floor(i / functions.length)
    const name = variantName(fn.name, variant)
    // A variant's code is renamed and carries one edited line: a near-copy, not the same text.
    const code = variant === 0
      ? fn.code
      : fn.code.replaceAll(fn.name, name).replace(/\n/, `\n  // revision ${variant + 1}\n`)
    const extra = Array.from({ length: 1 + Math.floor(random() * 3) }, () => vocabulary[Math.floor(random() * 400)])
    const tags = [...new Set([fn.ext, packageOf(fn.origin), TOPICS[i % TOPICS.length], ...extra])]
    const website = i % 5 === 0 ? `https://docs.example.com/${packageOf(fn.origin)}/${fn.name}` : undefined
    return { name, ext: fn.ext, code, tags, ...(website === undefined ? {} : { website }) }
  })
}

/** The module a function comes from, as a name's prefix: its file's name up to the first dot (`typescript`). */
const moduleOf = (origin: string) => origin.split("/").at(-1)!.split(".")[0].replace(/[^A-Za-z0-9_]/g, "_")

/**
 * The library of a user who keeps versions: every function saved ten times, titled `module.name_v1` …
 * `module.name_v10` (the versions of all functions interleaved in time, as years of copies are), each version's code
 * renamed and with a line of its own, three tags each (language, package, topic). Deterministic.
 */
export const versionedCorpus = (size: number): Array<ScaleEntry> => {
  const seen = new Set<string>()
  const functions = realCodeFunctions().filter((fn) => fn.name.length >= 6 && !seen.has(fn.name) && seen.add(fn.name))
  const families = Math.min(functions.length, Math.ceil(size / 10))
  return Array.from({ length: size }, (_, i) => {
    const fn = functions[i % families]
    const version = Math.floor(i / families) + 1
    const name = `${moduleOf(fn.origin)}.${fn.name}_v${version}`
    const code = version === 1
      ? fn.code
      : fn.code.replaceAll(fn.name, `${fn.name}_v${version}`).replace(/\n/, `\n  // version ${version}\n`)
    return { name, base: fn.name, ext: fn.ext, code, tags: [fn.ext, packageOf(fn.origin), TOPICS[i % TOPICS.length]] }
  })
}
