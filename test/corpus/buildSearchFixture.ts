/**
 * Writes the search quality fixture: `test/fixtures/search-corpus.json` (600 functions cut from installed packages'
 * sources by `RealCode.ts`, each saved under its own name) and `test/fixtures/search-queries.json` (queries and the
 * corpus entry each must return first, or that it must return nothing). The expectations come from the corpus
 * alone (a name word no other entry shares, an identifier that only one entry's code contains), never from our
 * search. Run: `npx tsx test/corpus/buildSearchFixture.ts`.
 */
import { writeFileSync } from "node:fs"
import { realCodeFunctions } from "./RealCode.ts"

const all = realCodeFunctions()
const step = Math.floor(all.length / 600)
const corpus = Array.from({ length: 600 }, (_, i) => all[i * step]).map(({ name, ext, code, origin }) => ({
  name,
  ext,
  code,
  origin
}))

const lower = corpus.map((entry) => ({ name: entry.name.toLowerCase(), code: entry.code.toLowerCase() }))
const containsCount = (needle: string, field: "name" | "code") =>
  lower.filter((entry) => entry[field].includes(needle.toLowerCase())).length

/** One or two typos: a substituted letter in the middle, and for even picks also a dropped third letter. */
const typo = (word: string, two: boolean) => {
  const middle = Math.floor(word.length / 2)
  const replacement = word[middle].toLowerCase() === "x" ? "q" : "x"
  const substituted = word.slice(0, middle) + replacement + word.slice(middle + 1)
  return two ? substituted.slice(0, 2) + substituted.slice(3) : substituted
}

type Query = { kind: string; query: string; first?: number; none?: true }
const queries: Array<Query> = []

// Typos in a name that no other entry's name or code contains.
corpus.forEach((entry, i) => {
  if (queries.filter((q) => q.kind === "typo").length >= 60) return
  if (entry.name.length < 8 || containsCount(entry.name, "name") !== 1 || containsCount(entry.name, "code") !== 1) return
  queries.push({ kind: "typo", query: typo(entry.name, i % 2 === 0), first: i })
})

// Identifiers that occur in exactly one entry's code and in no name.
const identifierOwners = new Map<string, Set<number>>()
corpus.forEach((entry, i) => {
  for (const word of entry.code.match(/[A-Za-z_][A-Za-z0-9_]{9,}/g) ?? []) {
    const owners = identifierOwners.get(word) ?? new Set<number>()
    owners.add(i)
    identifierOwners.set(word, owners)
  }
})
const used = new Set<number>()
for (const [word, owners] of identifierOwners) {
  if (queries.filter((q) => q.kind === "identifier").length >= 60) break
  const [owner] = owners
  if (owners.size !== 1 || used.has(owner) || containsCount(word, "code") !== 1 || containsCount(word, "name") !== 0) {
    continue
  }
  used.add(owner)
  queries.push({ kind: "identifier", query: word, first: owner })
}

// Two words of one entry's code that no other entry has together.
corpus.forEach((entry, i) => {
  if (queries.filter((q) => q.kind === "two words").length >= 30 || i % 7 !== 0) return
  const words = [...new Set(entry.code.match(/[A-Za-z_][A-Za-z0-9_]{5,}/g) ?? [])]
  for (let a = 0; a < words.length; a++) {
    for (let b = a + 1; b < words.length; b++) {
      const together = lower.filter((other) =>
        other.code.includes(words[a].toLowerCase()) && other.code.includes(words[b].toLowerCase())
      ).length
      if (together === 1 && containsCount(words[a], "code") > 1 && containsCount(words[b], "code") > 1) {
        queries.push({ kind: "two words", query: `${words[a]} ${words[b]}`, first: i })
        return
      }
    }
  }
})

// Words no entry contains, even within two edits of anything (checked by the test, not assumed here).
for (const word of ["zqxjvwpk", "qqzzyyxw", "vwxqzjkp", "pqzxwvjy", "jjqqzzxx", "xqzvwkpj", "kzqxvwjp", "wqzxjvpk"]) {
  queries.push({ kind: "nothing", query: word, none: true })
}

const origin = "Functions cut from source files of packages installed by `npm install` (effect, @effect/*, typescript, " +
  "highlight.js, fuse.js, ajv, vitest, vite: MIT, Apache-2.0 or BSD-3-Clause; the SQLite amalgamation shipped by " +
  "better-sqlite3: " +
  "public domain), by test/corpus/RealCode.ts; each entry names its file."
writeFileSync("test/fixtures/search-corpus.json", JSON.stringify({ origin, entries: corpus }, null, 1) + "\n")
writeFileSync("test/fixtures/search-queries.json", JSON.stringify({ queries }, null, 1) + "\n")
const counts = new Map<string, number>()
for (const q of queries) counts.set(q.kind, (counts.get(q.kind) ?? 0) + 1)
console.log(`${corpus.length} entries; queries: ${[...counts].map(([kind, n]) => `${kind} ${n}`).join(", ")}`)
