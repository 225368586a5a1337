/**
 * Search quality on real code: 600 functions from installed packages, and queries whose right answers follow from
 * the corpus (test/fixtures/search-queries.json): typos in names, identifiers found only inside one function's code,
 * two words only one function has together, and words that match nothing.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { AssetCreator } from "../../src/services/AssetCreator.ts"
import { AssetSearch } from "../../src/services/AssetSearch.ts"
import { codeAsset } from "./TestAssets.ts"
import { servicesOn, testEngines, withIds } from "./TestLayers.ts"

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8"))
const corpus: Array<{ name: string; ext: string; code: string }> = fixture("search-corpus.json").entries
const queries: Array<{ kind: string; query: string; first?: number; none?: true }> = fixture("search-queries.json").queries

describe.each(testEngines)("search quality on real code (%s)", (engine) => {
  it.live("returns the right function first for every fixture query, and nothing for made-up words", () =>
    Effect.gen(function*() {
      const creator = yield* AssetCreator
      const search = yield* AssetSearch
      const ids: Array<string> = []
      for (const entry of corpus) {
        const asset = codeAsset(entry)
        yield* creator.store(asset)
        ids.push(asset.id)
      }
      const failures: Array<string> = []
      const passed = new Map<string, [number, number]>()
      for (const q of queries) {
        const result = yield* withIds(yield* search.search({ query: q.query, pseudo: false }))
        const ok = q.none === true ? result.hits.length === 0 : result.hits[0]?.id === ids[q.first!]
        const [good, all] = passed.get(q.kind) ?? [0, 0]
        passed.set(q.kind, [good + (ok ? 1 : 0), all + 1])
        if (!ok) {
          const got = result.hits.slice(0, 3).map((hit) => corpus[ids.indexOf(hit.id)]?.name)
          failures.push(`${q.kind} "${q.query}": expected ${q.none ? "nothing" : corpus[q.first!].name}, got ${got}`)
        }
      }
      console.log([...passed].map(([kind, [good, all]]) => `${kind}: ${good}/${all}`).join(", "))
      expect(failures).toEqual([])
    }).pipe(Effect.provide(servicesOn(engine))), 120_000)
})
