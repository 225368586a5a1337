/**
 * `npm run bench:similarity`: how well and how fast `suggest` recognises saved code, over HTTP.
 *
 * Accuracy: 3,000 functions from installed packages are saved; 300 of them are then sent back as exact copies,
 * copies with other whitespace and comments, copies with renamed identifiers, copies with about one line in ten
 * changed, and fragments (the middle half of their lines); 300 functions that were never saved are sent too. A hit
 * is reuse suggested with the right asset first; for never-saved functions, reuse suggested at all is a false
 * positive.
 * Speed: p50/p95 of `suggest` at 10,000 and 100,000 saved snippets (`BENCH_SIZES`), and of `related` at the largest.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { RESERVED_WORDS } from "../src/domain/CodeFingerprint.ts"
import { realCodeFunctions } from "../test/corpus/RealCode.ts"
import { startService } from "../test/e2e/ServiceProcess.ts"
import type { CodeSnippet } from "../test/unit/TestAssets.ts"
import { loadCorpus } from "./corpusLoader.ts"
import { searchCorpus } from "./searchCorpus.ts"

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map(Number).filter((n) => n > 0)
const SAVED = 3000
const QUERIES = 300

const percentile = (values: ReadonlyArray<number>, p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

// The variants a developer's copy may be.
const relaid = (code: string) =>
  "// copied from another project\n" + code.split("\n").map((line) => line.replace(/^( +)/, (s) => "\t".repeat(Math.ceil(s.length / 2)))).join("\n")

/** Renames three identifiers that occur at least twice, everywhere they occur (as a careless search-and-replace). */
const renamed = (code: string) => {
  const counts = new Map<string, number>()
  for (const word of code.match(/\b[A-Za-z_][A-Za-z0-9_]{2,}\b/g) ?? []) {
    if (!RESERVED_WORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1)
  }
  const chosen = [...counts].filter(([, n]) => n >= 2).slice(0, 3).map(([word]) => word)
  return chosen.reduce((text, word, i) => text.replace(new RegExp(`\\b${word}\\b`, "g"), `renamed${i}Value`), code)
}

const oneInTen = (code: string) => {
  const lines = code.split("\n")
  const changed = lines.length < 10 ? [Math.floor(lines.length / 2)] : lines.map((_, i) => i).filter((i) => i % 10 === 4)
  for (const i of changed) lines[i] = `${lines[i].match(/^\s*/)?.[0] ?? ""}logChange("line ${i} was edited", ${i});`
  return lines.join("\n")
}

const fragment = (code: string) => {
  const lines = code.split("\n")
  const size = Math.max(4, Math.floor(lines.length / 2))
  const start = Math.floor((lines.length - size) / 2)
  return lines.slice(start, start + size).join("\n")
}

/** The id of an application connected to the service, for the connector paths. */
const connectApplication = async (baseUrl: string): Promise<string> =>
  (await (await fetch(`${baseUrl}/connect`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ application: { name: "VS_CODE", version: "1", platform: "LINUX" } })
  })).json()).application.id

const main = async () => {
  const functions = realCodeFunctions()
  const step = Math.floor(functions.length / SAVED)
  const saved: Array<CodeSnippet> = Array.from({ length: SAVED }, (_, i) => functions[i * step])
  const savedSet = new Set(saved)
  const neverSaved = functions.filter((fn) => !savedSet.has(fn)).filter((_, i) => i % 50 === 7).slice(0, QUERIES)
  const queried = Array.from({ length: QUERIES }, (_, i) => i * Math.floor(SAVED / QUERIES))
    .filter((i) => saved[i].code.split("\n").length >= 6)

  const dir = mkdtempSync(join(tmpdir(), "bench-similarity-"))
  const lines: Array<string> = []
  try {
    // Accuracy on 3,000 saved functions.
    const ids = await loadCorpus(saved, join(dir, "accuracy.db"))
    const service = await startService(join(dir, "accuracy.db"))
    try {
      const app = await connectApplication(service.baseUrl)
      const suggest = async (code: string) =>
        (await fetch(`${service.baseUrl}/${app}/suggestion`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ asset: { format: { fragment: { string: { raw: code } } } } })
        })).json()
      const variants: Array<[string, (code: string) => string]> = [
        ["exact copy", (code) => code],
        ["whitespace and comments changed", relaid],
        ["identifiers renamed", renamed],
        ["about one line in ten changed", oneInTen],
        ["fragment (middle half of the lines)", fragment]
      ]
      lines.push("| query | right asset first | of | rate |", "|---|---|---|---|")
      for (const [label, variant] of variants) {
        let right = 0
        for (const i of queried) {
          const answer = await suggest(variant(saved[i].code))
          if (answer.reuse.suggested && answer.reuse.assets.iterable[0]?.id === ids[i]) right++
        }
        lines.push(`| ${label} | ${right} | ${queried.length} | ${(100 * right / queried.length).toFixed(1)}% |`)
      }
      let wrong = 0
      for (const fn of neverSaved) if ((await suggest(fn.code)).reuse.suggested) wrong++
      lines.push(`| never saved: reuse wrongly suggested | ${wrong} | ${neverSaved.length} | ${(100 * wrong / neverSaved.length).toFixed(1)}% |`)
    } finally {
      await service.stop()
    }
    console.log(lines.join("\n"))

    // Latency at 10k and 100k.
    const timing: Array<string> = ["| saved | operation | requests | p50 ms | p95 ms |", "|---|---|---|---|---|"]
    for (const size of SIZES) {
      const corpus = searchCorpus(size)
      const dbPath = join(dir, `latency-${size}.db`)
      const started = performance.now()
      const corpusIds = await loadCorpus(corpus, dbPath)
      console.log(`${size}: loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
      const service = await startService(dbPath)
      try {
        const app = await connectApplication(service.baseUrl)
        const time = async (path: string, body: unknown) => {
          const t = performance.now()
          const response = await fetch(`${service.baseUrl}${path}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body)
          })
          await response.text()
          if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
          return performance.now() - t
        }
        const suggestTimes: Array<number> = []
        for (let i = 0; i < 200; i++) {
          const code = i % 2 === 0 ? oneInTen(corpus[(i * 4099) % size].code) : neverSaved[i % neverSaved.length].code
          suggestTimes.push(await time(`/${app}/suggestion`, { asset: { format: { fragment: { string: { raw: code } } } } }))
        }
        timing.push(`| ${size} | suggest | ${suggestTimes.length} | ${percentile(suggestTimes, 50).toFixed(1)} | ${percentile(suggestTimes, 95).toFixed(1)} |`)
        const relatedTimes: Array<number> = []
        for (let i = 0; i < 100; i++) {
          const id = corpusIds[(i * 7919) % size]
          const asset = await (await fetch(`${service.baseUrl}/assets/${id}`)).json()
          relatedTimes.push(await time("/assets/related", { iterable: [asset] }))
        }
        timing.push(`| ${size} | related | ${relatedTimes.length} | ${percentile(relatedTimes, 50).toFixed(1)} | ${percentile(relatedTimes, 95).toFixed(1)} |`)
      } finally {
        await service.stop()
        rmSync(dbPath, { force: true })
      }
      console.log(timing.join("\n"))
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
