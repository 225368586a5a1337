import { expect, layer } from "@effect/vitest"
import { Effect, Result } from "effect"
import { AssetId } from "../../src/domain/Common.ts"
import { AssetEditor } from "../../src/services/AssetEditor.ts"
import { AssetSearch, RESULT_LIMIT, type SearchRequest } from "../../src/services/AssetSearch.ts"
import { savedCode, servicesOn, testEngines, type SeedExtras, withIds } from "./TestLayers.ts"

const save = (raw: string, extra: SeedExtras = {}, at = new Date()) =>
  Effect.map(savedCode(raw, extra, at), (asset) => asset.id)

const find = (request: Partial<SearchRequest>) =>
  Effect.flatMap(AssetSearch, (search) => Effect.flatMap(search.search({ pseudo: false, ...request }), withIds))

const idsOf = (result: { hits: ReadonlyArray<{ id: string }> }) => result.hits.map((hit) => hit.id)

for (const engine of testEngines) layer(servicesOn(engine))(`AssetSearch (${engine})`, (it) => {
  it.effect("fuzzy: exact hits first, counts of exact and suggested, match says where", () =>
    Effect.gen(function*() {
      const debounce = yield* save("function debounce(fn, ms) {}", { name: "debounce helper", tags: ["timing"] })
      const typo = yield* save("const x = 1", { name: "debounse typo" })
      const result = yield* find({ query: "debounce" })
      expect(idsOf(result)).toEqual([debounce, typo])
      expect(result.hits[0]).toMatchObject({ exact: true, match: "TITLE" })
      expect(result.hits[1]).toMatchObject({ exact: false, match: "TITLE" })
      expect([result.exact, result.suggested]).toEqual([1, 1])
      const tagged = yield* find({ query: "timing" })
      expect(tagged.hits[0]).toMatchObject({ id: debounce, match: "TAGS" })
    }))

  it.effect("a whole token outranks the same text inside longer identifiers, whatever their age", () =>
    Effect.gen(function*() {
      const whole = yield* save("def main(argv):\n    options = _parse_args(argv)\n    return run(options)\n", { name: "entry point" })
      for (const [i, name] of ["_parse_args_helper", "_parse_args_strict", "my_parse_args"].entries()) {
        yield* save(`def ${name}(argv):\n    return split(argv, ${i})\n`, { name: `helper ${i}` })
      }
      expect(idsOf(yield* find({ query: "_parse_args" }))[0]).toBe(whole)
    }))

  it.effect("among near-duplicate names, the closest full name comes first", () =>
    Effect.gen(function*() {
      const ids = []
      for (const name of ["parseHeaders", "parseHeaders2", "parseHeaders12", "parseHeadersStrict"]) {
        ids.push(yield* save(`export const ${name} = (text) => text.split("\\n")`, { name }))
      }
      expect(idsOf(yield* find({ query: "parseHeadrs2" }))[0]).toBe(ids[1])
      expect(idsOf(yield* find({ query: "parseHeadrs" }))[0]).toBe(ids[0])
    }))

  it.effect("a family of versions (`_vN`): a typo in the base name finds the version typed, not a newer one", () =>
    Effect.gen(function*() {
      const versions = Array.from({ length: 9 }, (_, i) => `parse_header_v${i + 2}`)
      const names = ["parse_header", ...versions, "isStart", "isStart_v9"]
      const ids = new Map<string, string>()
      // Saved oldest first, so every wrong answer here is newer than the right one.
      for (const [i, name] of names.entries()) {
        const code = `def ${name}(raw):\n    return raw.split(":", ${i})\n`
        ids.set(name, yield* save(code, { name }, new Date(Date.UTC(2026, 0, 1 + i))))
      }
      const typed: Array<[query: string, meant: string]> = [
        ["prase_header_v3", "parse_header_v3"], // a swap
        ["parse_haeder_v10", "parse_header_v10"],
        ["parse_heder_v2", "parse_header_v2"], // a deletion: every sibling holds it within two edits
        ["pase_header_v7", "parse_header_v7"],
        ["parse_hedaer", "parse_header"], // the unsuffixed one, not a version
        ["istSart", "isStart"],
        ["istSart_v9", "isStart_v9"]
      ]
      for (const [query, meant] of typed) {
        expect([query, idsOf(yield* find({ query }))[0]]).toEqual([query, ids.get(meant)])
      }
    }))

  it.effect("a typo'd name is found among more than a hundred newer names sharing as many of its trigrams", () =>
    Effect.gen(function*() {
      const day = (month: number, date: number) => new Date(Date.UTC(2026, month, date))
      const meant = yield* save("long toNanos(long d) { return d * 1000; }", { name: "toNanos" }, day(0, 1))
      for (let version = 2; version <= 10; version++) {
        const name = `toNanos_v${version}`
        yield* save(`long ${name}(long d) { return d; }`, { name }, day(0, version))
      }
      // Newer, and each sharing with `toNaons` the two trigrams `toNanos` keeps (`ton`, `ona`), in longer names.
      for (let i = 0; i < 150; i++) {
        yield* save(`const tonality${i} = ${i}`, { name: `tonality_helper_${i}` }, day(1, 1 + i))
      }
      expect(idsOf(yield* find({ query: "toNaons" }))[0]).toBe(meant)
    }))

  it.effect("the case typed breaks a tie between names that differ only in case", () =>
    Effect.gen(function*() {
      const hashSet = yield* save("class HashSet {}", { name: "HashSet_v9" }, new Date(Date.UTC(2026, 0, 1)))
      yield* save("const hashSet = new Set()", { name: "hashSet_v9" }, new Date(Date.UTC(2026, 0, 2)))
      expect(idsOf(yield* find({ query: "HshSet_v9" }))[0]).toBe(hashSet)
    }))

  it.effect("every term must match: no 'everything matches'", () =>
    Effect.gen(function*() {
      yield* save("select * from users where active", { name: "active users query" })
      expect(idsOf(yield* find({ query: "active users" }))).toHaveLength(1)
      expect(idsOf(yield* find({ query: "active zebras" }))).toEqual([])
    }))

  it.effect("a query under three characters matches names, tags and annotations containing it", () =>
    Effect.gen(function*() {
      const io = yield* save("export const x = 2", { name: "zq helper" })
      expect(idsOf(yield* find({ query: "zq" }))).toEqual([io])
    }))

  it.effect("casing: case-sensitive when asked", () =>
    Effect.gen(function*() {
      const upper = yield* save("const HttpClientFactory = 1", { name: "factory upper" })
      expect(idsOf(yield* find({ query: "httpclientfactory" }))).toContain(upper)
      expect(idsOf(yield* find({ query: "httpclientfactory", casing: true }))).not.toContain(upper)
      expect(idsOf(yield* find({ query: "HttpClientFactory", casing: true }))).toContain(upper)
    }))

  it.effect("pseudo assets only when asked; deleted assets never", () =>
    Effect.gen(function*() {
      const pseudo = yield* save("const pseudoOnlyIdentifier = 1", { pseudo: true })
      expect(idsOf(yield* find({ query: "pseudoOnlyIdentifier" }))).toEqual([])
      expect(idsOf(yield* find({ query: "pseudoOnlyIdentifier", pseudo: true }))).toEqual([pseudo])
      const gone = yield* save("const deletedIdentifier = 1")
      yield* (yield* AssetEditor).remove(AssetId.make(gone))
      expect(idsOf(yield* find({ query: "deletedIdentifier" }))).toEqual([])
    }))

  it.effect("tags: every tag, case-insensitively; with a query they intersect", () =>
    Effect.gen(function*() {
      const both = yield* save("const a = 'alpha'", { tags: ["Kafka", "Streams"] })
      const one = yield* save("const b = 'beta'", { tags: ["kafka"] })
      expect(new Set(idsOf(yield* find({ tags: ["kafka"] })))).toEqual(new Set([both, one]))
      expect(idsOf(yield* find({ tags: ["KAFKA", "streams"] }))).toEqual([both])
      expect(idsOf(yield* find({ tags: ["kafka"], query: "beta" }))).toEqual([one])
    }))

  it.effect("filters: language, phrase fields, websites, dates, OR and nested operations, space", () =>
    Effect.gen(function*() {
      const old = yield* save("SELECT 1", { ext: "sql", name: "old query", websites: ["https://sqlite.org/docs"] },
        new Date("2020-01-01T00:00:00Z"))
      const recent = yield* save("fn main() { println!(\"hi\") }", { ext: "rs", annotations: ["prints a greeting"] },
        new Date("2024-06-01T00:00:00Z"))
      const only = (filters: Array<object>, type?: "AND" | "OR") =>
        Effect.map(find({ filters: { iterable: filters, ...(type ? { type } : {}) }, space: [old, recent] }), idsOf)
      expect(yield* only([{ classification: "sql" }])).toEqual([old])
      expect(yield* only([{ phrase: { value: "greeting", annotation: true } }])).toEqual([recent])
      expect(yield* only([{ phrase: { value: "greeting", title: true } }])).toEqual([])
      expect(yield* only([{ phrase: { value: "println", content: true } }])).toEqual([recent])
      expect(yield* only([{ websites: ["sqlite.org"] }])).toEqual([old])
      expect(yield* only([{ persons: ["someone"] }])).toEqual([])
      expect(yield* only([{ created: { to: { value: "2021-01-01T00:00:00Z" } } }])).toEqual([old])
      expect(yield* only([{ created: { from: { value: "2021-01-01" } } }])).toEqual([recent])
      const range = { from: { value: "2019-01-01T00:00:00Z" }, to: { value: "2021-01-01T00:00:00Z" } }
      expect(yield* only([{ created: range }])).toEqual([old])
      expect(yield* only([{ created: { ...range, between: false } }])).toEqual([recent])
      expect(new Set(yield* only([{ classification: "sql" }, { classification: "rs" }], "OR"))).toEqual(
        new Set([old, recent])
      )
      expect(yield* only([{ classification: "sql" }, { classification: "rs" }])).toEqual([])
      expect(yield* only([{ operations: { iterable: [{ classification: "sql" }, { classification: "rs" }], type: "OR" } }, {
        classification: "rs"
      }])).toEqual([recent])
      expect(Result.isFailure(yield* Effect.result(only([{ updated: { from: { value: "yesterday" } } }])))).toBe(true)
    }))

  it.effect("results are capped while the counts cover every hit", () =>
    Effect.gen(function*() {
      for (let i = 0; i < RESULT_LIMIT + 20; i++) yield* save(`const capped${i} = "capmarker"`)
      const result = yield* find({ query: "capmarker" })
      expect(result.hits).toHaveLength(RESULT_LIMIT)
      expect(result.exact + result.suggested).toBe(RESULT_LIMIT + 20)
      const listed = yield* find({ filters: { iterable: [{ phrase: { value: "capmarker" } }] } })
      expect(listed.hits).toHaveLength(RESULT_LIMIT)
      expect(listed.exact).toBe(RESULT_LIMIT + 20)
    }))

  it.effect("counts every hit past the candidates the text index hands over, for one term and for a phrase", () =>
    Effect.gen(function*() {
      // More than the 300 candidates a text lookup contributes.
      for (let i = 0; i < 320; i++) yield* save(`const counted${i} = "overflowmarker twoterm"`)
      const one = yield* find({ query: "overflowmarker" })
      expect(one.exact + one.suggested).toBe(320)
      const phrase = yield* find({ query: "overflowmarker twoterm" })
      expect(phrase.exact).toBe(320)
      // Asked to count only what it ranks, it says there are more instead.
      const ranked = yield* find({ query: "overflowmarker twoterm", counted: "ranked" })
      expect(ranked.hits).toHaveLength(RESULT_LIMIT)
      expect(ranked.exact).toBeLessThan(320)
      expect(ranked.more).toBe(true)
      expect((yield* find({ query: "counted7", counted: "ranked" })).more).toBeUndefined()
    }))

  it.effect("a term too short for the text index narrows the hits and the counts past the candidates too", () =>
    Effect.gen(function*() {
      // The five holding both terms (not side by side) are older than the 300 candidates holding only the long one.
      const holding = []
      for (let i = 0; i < 5; i++) holding.push(yield* save(`const q${i} = 0x1F & mask("shortmarker")`))
      for (let i = 0; i < 310; i++) yield* save(`const r${i} = mask("shortmarker")`)
      for (const query of ["0x shortmarker", "0X shortmarker"]) {
        const result = yield* find({ query })
        expect(new Set(idsOf(result))).toEqual(new Set(holding))
        expect([result.exact, result.suggested]).toEqual([0, 5])
        expect(new Set(idsOf(yield* find({ query, counted: "ranked" })))).toEqual(new Set(holding))
      }
      expect(yield* find({ query: "zq shortmarker" })).toMatchObject({ hits: [], exact: 0, suggested: 0 })
      // A NUL, which no FTS5 query can hold, is checked like a short term: in the code of the matches of the others.
      const nul = yield* save(`const n = "0x\u0000ff" + mask("shortmarker")`)
      expect(idsOf(yield* find({ query: "X\u0000F shortmarker" }))).toEqual([nul])
      expect(idsOf(yield* find({ query: "x\u0000f shortmarker mask(\"" }))).toEqual([nul])
      // Three UTF-16 units but two characters: no trigram to look up, so a phrase filter reads the texts.
      const emoji = yield* save(`const smile = "😀x"`)
      expect(idsOf(yield* find({ filters: { iterable: [{ phrase: { value: "😀x" } }] } }))).toEqual([emoji])
    }), { timeout: 30_000 })

  it.effect("neural code search counts the assets holding every word past the answer, and those holding some", () =>
    Effect.gen(function*() {
      for (let i = 0; i < RESULT_LIMIT + 5; i++) yield* save(`const v${i} = alphaword(betaword)`)
      for (let i = 0; i < 3; i++) yield* save(`const w${i} = alphaword(gammaword)`)
      const byWords = (query: string) =>
        Effect.flatMap(AssetSearch, (search) => search.byWords(query, { pseudo: false }))
      const every = yield* byWords("alphaword betaword")
      expect(every.hits).toHaveLength(RESULT_LIMIT)
      expect(every.hits.every((hit) => hit.exact)).toBe(true)
      expect(every.exact).toBe(RESULT_LIMIT + 5)
      expect(every.suggested).toBe(3)
      const some = yield* byWords("betaword gammaword")
      expect(some.exact).toBe(0)
      expect(some.suggested).toBe(RESULT_LIMIT + 8)
      expect(some.hits).toHaveLength(RESULT_LIMIT)
      const few = yield* byWords("gammaword")
      expect([few.exact, few.suggested, few.hits.length]).toEqual([3, 0, 3])
    }), { timeout: 30_000 })
})
