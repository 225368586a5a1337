/**
 * `npm run bench:search`: search latency over HTTP at 10,000 and 100,000 snippets of real code
 * (`BENCH_SIZES` to change), with `transferables=false`, one request at a time. A fixed mix of fuzzy queries (typos
 * in names, identifiers from the code, two words, two-letter queries), tag searches and filtered searches; p50 and
 * p95 per kind. In the same run, a plain fuse.js scan over the same corpus (name and code, as a simple
 * implementation would search) for comparison, and the time the search index adds to a create.
 *
 * Quality, in two parts from different sources: the library holds the held-out functions
 * (`bench/heldout/functions.json`: other npm packages, Java, Go, Rust, Python, Ruby) and the project's own corpus
 * (the tuning part). Per part: 200 identifiers that occur as a whole token in one snippet's code only (they may
 * occur inside longer identifiers elsewhere): is that snippet first? And 200 names unique in the library with one
 * typo: is their snippet in the top 5?
 */
import { Effect, Layer } from "effect"
import Fuse from "fuse.js"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { facetsOf, searchableText } from "../src/domain/SearchableText.ts"
import { LibraryServices } from "../src/services/LibraryServices.ts"
import { SearchIndex } from "../src/services/SearchIndex.ts"
import { AssetStore } from "../src/storage/AssetStore.ts"
import { TextSearch } from "../src/storage/TextSearch.ts"
import { WriterLock } from "../src/storage/WriterLock.ts"
import { sqliteEngineOrDie } from "../src/storage/sqlite/SqliteEngine.ts"
import { startService } from "../test/e2e/ServiceProcess.ts"
import { codeAsset } from "../test/unit/TestAssets.ts"
import { withTypo } from "./codeMutations.ts"
import { loadCorpus } from "./corpusLoader.ts"
import { seeded } from "./scaleCorpus.ts"
import { type CorpusEntry, searchCorpus } from "./searchCorpus.ts"
import { percentile } from "./percentile.ts"

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map(Number)
const REPEAT = 3

/** What the search index adds to a create: its rows in a transaction, and the in-memory title and facet indexes. */
const indexingCost = (corpus: ReadonlyArray<CorpusEntry>, dbPath: string) =>
  Effect.gen(function*() {
    const lock = yield* WriterLock
    const assets = yield* AssetStore
    const textSearch = yield* TextSearch
    const search = yield* SearchIndex
    const times: Array<number> = []
    for (let i = 0; i < 500; i++) {
      const asset = codeAsset(corpus[(i * 37) % corpus.length])
      const text = searchableText(asset)
      const started = performance.now()
      const row = yield* lock.transaction(
        Effect.tap(assets.insertSearchRow(asset, text), (row) => textSearch.index(row, text))
      )
      search.remember(row, text, facetsOf(asset, text, row))
      times.push(performance.now() - started)
    }
    return times
  }).pipe(Effect.provide(LibraryServices.pipe(Layer.provideMerge(sqliteEngineOrDie(dbPath)))), Effect.runPromise)

interface BenchQuery {
  readonly kind: string
  readonly method: "GET" | "POST"
  readonly path: string
  readonly body?: unknown
}

/** A fixed mix drawn from the corpus (the same positions at every size). */
const queryMix = (corpus: ReadonlyArray<CorpusEntry>): Array<BenchQuery> => {
  const at = (i: number) => corpus[(i * 7919) % Math.min(corpus.length, 10_000)]
  const get = (kind: string, query: string): BenchQuery => ({
    kind,
    method: "GET",
    path: `/assets/search?transferables=false&query=${encodeURIComponent(query)}`
  })
  const typo = (word: string) => {
    const middle = Math.floor(word.length / 2)
    return word.slice(0, middle) + (word[middle] === "x" ? "q" : "x") + word.slice(middle + 1)
  }
  const mix: Array<BenchQuery> = []
  for (let i = 0; mix.length < 20; i++) if (at(i).name.length >= 6) mix.push(get("fuzzy: typo in a name", typo(at(i).name)))
  for (let i = 0; mix.length < 40; i++) {
    const identifier = at(i + 100).code.match(/[A-Za-z_][A-Za-z0-9_]{7,}/g)?.at(-1)
    if (identifier !== undefined) mix.push(get("fuzzy: identifier", identifier))
  }
  for (let i = 0; mix.length < 50; i++) {
    const words = at(i + 200).code.match(/[A-Za-z_][A-Za-z0-9_]{4,}/g) ?? []
    if (words.length >= 2) mix.push(get("fuzzy: two words", `${words[0]} ${words[words.length - 1]}`))
  }
  for (const short of ["db", "io", "ts", "re", "id"]) mix.push(get("fuzzy: two letters", short))
  for (const tags of ["parsing", "io,c", "typescript", "effect,types", "errors", "sqlite", "js,compiler", "storage"]) {
    mix.push({ kind: "tags", method: "GET", path: `/assets/search?transferables=false&searchable_tags=${tags}` })
  }
  const filtered = (iterable: Array<object>, type?: "OR"): BenchQuery => ({
    kind: "filters",
    method: "POST",
    path: "/assets/search?transferables=false",
    body: { filters: { iterable, ...(type ? { type } : {}) } }
  })
  mix.push(
    filtered([{ classification: "c" }, { tags: ["io"] }]),
    filtered([{ classification: "ts" }, { classification: "c" }], "OR"),
    filtered([{ phrase: { value: "sqlite3_mutex_enter", content: true } }]),
    filtered([{ phrase: { value: "Initializer", title: true } }]),
    filtered([{ created: { from: { value: "2024-01-02T00:00:00Z" }, to: { value: "2024-01-03T00:00:00Z" } } }]),
    filtered([{ tags: ["testing"] }, { created: { to: { value: "2024-01-05T00:00:00Z" } } }]),
    filtered([{ operations: { iterable: [{ tags: ["streams"] }, { tags: ["storage"] }], type: "OR" } }, {
      classification: "js"
    }]),
    filtered([{ websites: ["example.com"] }])
  )
  return mix
}

/** The held-out functions as corpus entries, tagged like the rest. */
const heldOutEntries = (): Array<CorpusEntry> =>
  (JSON.parse(readFileSync(new URL("heldout/functions.json", import.meta.url), "utf8")) as Array<CorpusEntry>)
    .map((fn, i) => ({ name: fn.name, ext: fn.ext, code: fn.code, tags: [fn.ext, "held-out", `group${i % 8}`] }))

interface QualityQuery {
  readonly part: "tuning" | "held-out"
  readonly kind: "identifier first" | "typo in a unique name: top 5"
  readonly query: string
  /** The corpus entry that is right. */
  readonly index: number
}

/** The quality queries of both parts: entries below `heldOut` are held-out, the rest tuning. */
const qualityQueries = (corpus: ReadonlyArray<CorpusEntry>, heldOut: number): Array<QualityQuery> => {
  const partOf = (index: number) => index < heldOut ? "held-out" as const : "tuning" as const
  const holders = new Map<string, Set<number>>()
  const names = new Map<string, number>()
  for (const [index, entry] of corpus.entries()) {
    for (const word of entry.code.match(/[A-Za-z_$][\w$]*/g) ?? []) {
      let set = holders.get(word)
      if (set === undefined) holders.set(word, set = new Set())
      set.add(index)
    }
    names.set(entry.name.toLowerCase(), (names.get(entry.name.toLowerCase()) ?? 0) + 1)
  }
  const queries: Array<QualityQuery> = []
  const random = seeded(11)
  for (const part of ["held-out", "tuning"] as const) {
    const identifiers = [...holders].filter(([word, set]) =>
      set.size === 1 && word.length >= 6 && partOf([...set][0]) === part && !names.has(word.toLowerCase()))
    for (const [word, set] of identifiers.filter((_, i) => i % Math.max(1, Math.floor(identifiers.length / 200)) === 0).slice(0, 200)) {
      queries.push({ part, kind: "identifier first", query: word, index: [...set][0] })
    }
    const unique = corpus.flatMap((entry, index) =>
      partOf(index) === part && entry.name.length >= 6 && names.get(entry.name.toLowerCase()) === 1 ? [index] : [])
    for (const index of unique.filter((_, i) => i % Math.max(1, Math.floor(unique.length / 200)) === 0).slice(0, 200)) {
      queries.push({ part, kind: "typo in a unique name: top 5", query: withTypo(corpus[index].name, random), index })
    }
  }
  return queries
}

const main = async () => {
  const rows: Array<string> = []
  const quality: Array<string> = []
  for (const size of SIZES) {
    const dir = mkdtempSync(join(tmpdir(), "bench-search-"))
    const dbPath = join(dir, "assets.db")
    try {
      const heldOut = heldOutEntries()
      const corpus = [...heldOut, ...searchCorpus(size - heldOut.length)]
      let started = performance.now()
      const ids = await loadCorpus(corpus, dbPath)
      console.log(`${size}: loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`)

      const service = await startService(dbPath)
      const latencies = new Map<string, Array<number>>()
      const mix = queryMix(corpus)
      try {
        for (let round = 0; round < REPEAT; round++) {
          for (const q of mix) {
            started = performance.now()
            const response = await fetch(`${service.baseUrl}${q.path}`, {
              method: q.method,
              ...(q.body === undefined
                ? {}
                : { body: JSON.stringify(q.body), headers: { "content-type": "application/json" } })
            })
            await response.text()
            if (response.status !== 200) throw new Error(`${q.path} answered ${response.status}`)
            const list = latencies.get(q.kind) ?? []
            list.push(performance.now() - started)
            latencies.set(q.kind, list)
          }
        }
        // Quality: one request per query, outside the latency mix.
        const hits = new Map<string, { right: number; of: number }>()
        for (const q of qualityQueries(corpus, heldOut.length)) {
          const response = await fetch(`${service.baseUrl}/assets/search?transferables=false&query=${encodeURIComponent(q.query)}`)
          const found = ((await response.json()).iterable as Array<{ identifier: string }>).map((hit) => hit.identifier)
          const right = q.kind === "identifier first" ? found[0] === ids[q.index] : found.slice(0, 5).includes(ids[q.index])
          const key = `${q.kind} (${q.part})`
          const tally = hits.get(key) ?? { right: 0, of: 0 }
          hits.set(key, { right: tally.right + Number(right), of: tally.of + 1 })
        }
        for (const [key, { right, of }] of hits) quality.push(`| ${size} | ${key} | ${right}/${of} = ${(100 * right / of).toFixed(1)}% |`)
        console.log(quality.join("\n"))
      } finally {
        await service.stop()
      }
      const fuzzyAll = [...latencies].filter(([kind]) => kind.startsWith("fuzzy")).flatMap(([, list]) => list)
      latencies.set("fuzzy: all", fuzzyAll)

      // The comparison: fuse.js scanning the whole corpus, name and code.
      const fuse = new Fuse(corpus, { keys: ["name", "code"], ignoreLocation: true, threshold: 0.4 })
      const fuseTimes: Array<number> = []
      for (const q of mix.filter((q) => q.kind.startsWith("fuzzy")).slice(0, 40).filter((_, i) => i % 8 === 0)) {
        const query = decodeURIComponent(q.path.split("query=")[1])
        started = performance.now()
        fuse.search(query, { limit: 100 })
        fuseTimes.push(performance.now() - started)
      }

      const indexing = await indexingCost(corpus, dbPath)
      for (const [kind, list] of latencies) {
        rows.push(`| ${size} | ${kind} | ${list.length} | ${percentile(list, 50).toFixed(1)} | ${percentile(list, 95).toFixed(1)} |`)
      }
      const fuseP50 = percentile(fuseTimes, 50)
      rows.push(`| ${size} | fuse.js linear scan (name + code), same fuzzy queries | ${fuseTimes.length} | ${fuseP50.toFixed(1)} | ${percentile(fuseTimes, 95).toFixed(1)} |`)
      rows.push(`| ${size} | search index work per create (SQL rows in a transaction + title index) | ${indexing.length} | ${percentile(indexing, 50).toFixed(2)} | ${percentile(indexing, 95).toFixed(2)} |`)
      console.log(`${size}: fuzzy p50 ${percentile(fuzzyAll, 50).toFixed(1)} ms vs fuse.js scan p50 ${fuseP50.toFixed(1)} ms: ${(fuseP50 / percentile(fuzzyAll, 50)).toFixed(0)}x`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  console.log("| assets | kind | requests | p50 ms | p95 ms |\n|---|---|---|---|---|\n" + rows.join("\n"))
  console.log("\n| assets | query | right |\n|---|---|---|\n" + quality.join("\n"))
}

await main()
