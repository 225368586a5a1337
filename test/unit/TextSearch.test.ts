import { describe, expect, it, layer } from "@effect/vitest"
import { Effect } from "effect"
import { RowSet } from "../../src/domain/RowSet.ts"
import { searchableText } from "../../src/domain/SearchableText.ts"
import { storedParts } from "../../src/domain/StoredAsset.ts"
import { LiveAssetRows } from "../../src/storage/LiveAssetRows.ts"
import { indexable, newestInScope, TextSearch } from "../../src/storage/TextSearch.ts"
import { codeAsset } from "./TestAssets.ts"
import { engineLayer, testEngines } from "./TestLayers.ts"

describe("newestInScope", () => {
  it("keeps the first matches in scope up to the limit and counts every one in scope", () => {
    const scope = RowSet.of([9, 7, 6, 4, 2])
    expect(newestInScope([10, 9, 8, 7, 6, 5, 4, 2, 1], scope, 3)).toEqual({ rows: [9, 7, 6], count: 5 })
  })

  it("answers nothing for matches all out of scope, and every match in scope under the limit", () => {
    expect(newestInScope([5, 3, 1], RowSet.of([2, 4]), 10)).toEqual({ rows: [], count: 0 })
    expect(newestInScope([5, 3, 1], RowSet.of([1, 3, 5]), 10)).toEqual({ rows: [5, 3, 1], count: 3 })
  })
})

describe("indexable", () => {
  it("counts characters as the trigram indexes do, by code point, and leaves out a NUL", () => {
    expect([indexable("abc"), indexable("ab"), indexable("😀x"), indexable("😀xy")]).toEqual([true, false, false, true])
    expect(indexable("a\u0000bc")).toBe(false)
  })
})

const SNIPPETS = [
  "function total(items) {\n  return items.length\n}",
  "const twice = function return_twice(x) { return 2 * x }",
  "def first(items):\n    return items[0]",
  "FUNCTION RETURN_VALUE() -- upper case, for the folding"
]

for (const engine of testEngines) layer(engineLayer(engine))(`TextSearch (${engine})`, (it) => {
  const saved = (snippets: ReadonlyArray<{ code: string; name: string; tags?: ReadonlyArray<string> }>) =>
    Effect.gen(function*() {
      const live = yield* LiveAssetRows
      const rows: Array<number> = []
      for (const snippet of snippets) {
        const asset = codeAsset({ ...snippet, ext: "js" })
        rows.push(yield* live.insert({
          asset,
          stored: storedParts(asset),
          searchable: searchableText(asset),
          entityRows: [],
          fingerprint: undefined
        }))
      }
      return rows
    })

  it.effect("finds a phrase in the fields asked for only, never across two of them", () =>
    Effect.gen(function*() {
      // The fourth holds the phrase in a tag alone, which no phrase field covers.
      const [inName, inCode, inBoth] = yield* saved([
        { code: "const a = 1", name: "Zebra crossing" },
        { code: "// a ZEBRA crossing here", name: "plain" },
        { code: "zebra crossing", name: "zebra crossing too" },
        { code: "const b = 2", name: "plain", tags: ["zebra crossing"] }
      ])
      // A name ending in "plain" and code starting with "const": "plain\nconst" spans two fields.
      const text = yield* TextSearch
      const sorted = (rows: ReadonlyArray<number>) => [...rows].sort((a, b) => a - b)
      expect(sorted(yield* text.phrase("zebra crossing", ["content"]))).toEqual([inCode, inBoth])
      expect(sorted(yield* text.phrase("zebra crossing", ["name"]))).toEqual([inName, inBoth])
      expect(sorted(yield* text.phrase("zebra crossing", ["name", "content"]))).toEqual([inName, inCode, inBoth])
      expect(yield* text.phrase("zebra crossing", ["annotations"])).toEqual([])
      expect(yield* text.phrase("plain\nconst", ["content"])).toEqual([])
      expect(yield* text.phrase("plain\nconst", ["name", "content"])).toEqual([])
    }))

  it.effect("ranks the rows holding the words, name first, and counts those of the scope", () =>
    Effect.gen(function*() {
      const [inCode, inName, inBoth, other, inOneWord] = yield* saved([
        { code: "const headerValue = parseHeader(line)", name: "first" },
        { code: "const x = 1", name: "parse header" },
        { code: "function parseHeader(line) { return line }", name: "parse_header" },
        { code: "const y = 2", name: "unrelated" },
        { code: "const parsed = parse(text)", name: "second" }
      ])
      const text = yield* TextSearch
      const everyRow = RowSet.of([inCode, inName, inBoth, other, inOneWord])
      const every = yield* text.wordsCounted(["parse", "header"], true, 10, everyRow)
      expect(every.count).toBe(3)
      expect(every.rows.map((row) => row.row).sort((a, b) => a - b)).toEqual([inCode, inName, inBoth])
      // Names weigh most.
      expect(every.rows.at(-1)?.row).toBe(inCode)
      expect(every.rows.every((row) => row.relevance > 0)).toBe(true)
      // The limit cuts the rows, never the count; the count is the scope's.
      const first = yield* text.wordsCounted(["parse", "header"], true, 1, RowSet.of([inCode, other]))
      expect(first.rows).toHaveLength(1)
      expect(first.count).toBe(1)
      const some = yield* text.wordsCounted(["parse", "header"], false, 10, everyRow)
      expect(some.count).toBe(4)
      expect(some.count).toBe(yield* text.countWords(["parse", "header"], false, everyRow))
    }))

  it.effect("counts the rows holding every text and those holding the whole text, as two lookups would", () =>
    Effect.gen(function*() {
      const rows = yield* saved(SNIPPETS.map((code) => ({ code, name: "snippet" })))
      const text = yield* TextSearch
      const everyRow = RowSet.of(rows)
      const terms = ["function", "return"]
      const both = yield* text.containingCountedWithWhole(terms, "function return", "anywhere", everyRow, 1)
      expect(both.texts).toEqual({ rows: [rows[3]], count: 3 })
      expect(both.whole).toEqual({ rows: [rows[3]], count: 2 })
      expect(both).toEqual({
        texts: yield* text.containingCounted(terms, "anywhere", everyRow, 1),
        whole: yield* text.containingCounted(["function return"], "anywhere", everyRow, 1)
      })
      // A narrower scope narrows both, and their counts.
      const firstTwo = RowSet.of(rows.slice(0, 2))
      expect(yield* text.containingCountedWithWhole(terms, "function return", "anywhere", firstTwo, 5))
        .toEqual({ texts: { rows: [rows[1], rows[0]], count: 2 }, whole: { rows: [rows[1]], count: 1 } })
      // The whole text is literal: `_` and `%` are characters, not wildcards.
      const underscore = yield* text.containingCountedWithWhole(["twice", "x"], "return_twice(x)", "anywhere", everyRow, 5)
      expect(underscore.whole).toEqual({ rows: [rows[1]], count: 1 })
      const percent = yield* text.containingCountedWithWhole(["return", "twice"], "return%twice", "anywhere", everyRow, 5)
      expect(percent).toEqual({ texts: { rows: [rows[1]], count: 1 }, whole: { rows: [], count: 0 } })
      // So are the texts: `n_t` is in `return_twice` alone, `n_r` and `n%t` in none (as wildcards, they would match
      // `function return`).
      expect(yield* text.containingCounted(["n_r"], "anywhere", everyRow, 5)).toEqual({ rows: [], count: 0 })
      expect(yield* text.containingCounted(["n_t"], "anywhere", everyRow, 5))
        .toEqual({ rows: [rows[1]], count: 1 })
      expect(yield* text.containingCounted(["n_v", "function"], "anywhere", everyRow, 5))
        .toEqual({ rows: [rows[3]], count: 1 })
      expect(yield* text.containingCounted(["n%t"], "anywhere", everyRow, 5)).toEqual({ rows: [], count: 0 })
    }))

  it.effect("checks a text too short for the index on the matches of the others, in every field and case", () =>
    Effect.gen(function*() {
      const [inCode, lacking, withoutOther, accented, inTag, ringing] = yield* saved([
        { code: "function f() { return 0x1F }", name: "hex" },
        { code: "function g() { return 1 }", name: "plain" },
        { code: "const c = 0x2", name: "constant" },
        { code: "function h() { return 2 }", name: "Éclair" },
        { code: "function i() { return 3 }", name: "return tagged", tags: ["0x"] },
        { code: "function j() { return \"\u0007b\" }", name: "ringing" }
      ])
      const text = yield* TextSearch
      const everyRow = RowSet.of([inCode, lacking, withoutOther, accented, inTag, ringing])
      expect(yield* text.containingCounted(["0x", "return"], "anywhere", everyRow, 1)).toEqual({ rows: [inTag], count: 2 })
      expect(yield* text.containing(["return", "0X"], "anywhere", everyRow, 5)).toEqual([inTag, inCode])
      // In names, tags and annotations alone, the code's `0x` does not count.
      expect(yield* text.containingCounted(["0x", "return"], "titles", everyRow, 5)).toEqual({ rows: [inTag], count: 1 })
      expect(yield* text.containing(["é", "return"], "anywhere", everyRow, 5)).toEqual([accented])
      expect(yield* text.containing(["É", "return"], "titles", everyRow, 5)).toEqual([])
      expect(yield* text.containing(["É", "clair"], "titles", everyRow, 5)).toEqual([accented])
      // Characters JSON escapes in the stored asset (`\"`, `\u0007`) are found as the code holds them.
      expect(yield* text.containing(["\u0007B", "return"], "anywhere", everyRow, 5)).toEqual([ringing])
      expect(yield* text.containing(["\"\u0007", "return"], "anywhere", everyRow, 5)).toEqual([ringing])
      expect(yield* text.containing(["\\", "return"], "anywhere", everyRow, 5)).toEqual([])
      expect(yield* text.containingCounted(["zq", "return"], "anywhere", everyRow, 5)).toEqual({ rows: [], count: 0 })
    }))

  it.effect("finds an edited row by its new texts and words only, and a removed row by none", () =>
    Effect.gen(function*() {
      const [row] = yield* saved([{ code: "const zebraCrossing = stripes()", name: "zebra" }])
      const text = yield* TextSearch
      const scope = RowSet.of([row])
      const found = (term: string) =>
        Effect.all([
          Effect.map(text.containingCounted([term], "anywhere", scope, 5), (hits) => hits.count),
          Effect.map(text.containingCounted([term], "titles", scope, 5), (hits) => hits.count),
          text.countWords([term], true, scope)
        ])
      expect(yield* found("zebra")).toEqual([1, 1, 1])
      const edited = codeAsset({ code: "const giraffeNeck = long()", name: "Giraffe", ext: "js" })
      yield* text.reindex(row, searchableText(edited))
      expect(yield* found("zebra")).toEqual([0, 0, 0])
      expect(yield* found("GIRAFFE")).toEqual([1, 1, 1])
      expect(yield* text.titlesAt([row])).toMatchObject([{ row, name: "Giraffe" }])
      yield* text.unindex(row)
      expect(yield* found("giraffe")).toEqual([0, 0, 0])
      expect(yield* text.titlesAt([row])).toEqual([])
    }))
})
