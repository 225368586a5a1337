/**
 * `npm run bench:languages`: language detection on held-out code (`bench/heldout/languages.json`: 6,151 windows of
 * 10–40 lines in 18 languages, cut from sources nothing here was trained or tuned on), per language, by window
 * length, with the confusions and the cost per snippet, for three candidates side by side:
 * - ours (`detectLanguage`: rules, a linear model, the syntax that tells a family's members apart);
 * - `@vscode/vscode-languagedetection`, the guesslang model VS Code ships (TensorFlow.js, 54 languages);
 * - highlight.js's `highlightAuto` over the same languages, which this project used first.
 * Then through the built service: `POST /assets/create` of the same windows with and without `ext`, interleaved, one
 * at a time on a kept-alive connection, p50 and p95 of each. Also: TypeScript windows in which the TypeScript
 * compiler itself finds TypeScript-only syntax (what a TypeScript user would call TypeScript), and our figure on the
 * fixture the detector was tuned on.
 */
import vscodeDetection from "@vscode/vscode-languagedetection"
import hljs from "highlight.js"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startService } from "../test/e2e/ServiceProcess.ts"
import { compilerFindsTypeScript } from "./compilerFindsTypeScript.ts"
import { percentile } from "./percentile.ts"

interface Window {
  readonly ext: string
  readonly lines: number
  readonly code: string
  /** The group of windows drawn after the others (the fourth), by its name; earlier windows carry none. */
  readonly added?: string
}

const heldOut: ReadonlyArray<Window> = JSON.parse(readFileSync(new URL("heldout/languages.json", import.meta.url), "utf8"))
const tuning: ReadonlyArray<{ ext: string; code: string }> = JSON.parse(
  readFileSync(new URL("../test/fixtures/languages.json", import.meta.url), "utf8")
).cases

/** highlight.js names of the held-out languages, and the extension each answers as. */
const HLJS: Record<string, string> = {
  python: "py", javascript: "js", typescript: "ts", java: "java", c: "c", cpp: "cpp", go: "go", rust: "rs",
  ruby: "rb", php: "php", perl: "pl", sql: "sql", css: "css", markdown: "md", yaml: "yaml", bash: "sh", xml: "html",
  json: "json"
}
/** guesslang's ids where they differ from ours. */
const GUESSLANG: Record<string, string> = { batchfile: "bat", csharp: "cs" }

const measure = async (detect: (code: string) => string | Promise<string>) => {
  const answers: Array<string> = []
  const times: Array<number> = []
  for (const window of heldOut) {
    const started = performance.now()
    answers.push(await detect(window.code))
    times.push(performance.now() - started)
  }
  return { answers, p50: percentile(times, 50), p95: percentile(times, 95) }
}

/** Heap and array buffers in use after a full collection (the script runs with --expose-gc). */
const inUse = () => {
  ;(globalThis as { gc?: () => void }).gc?.()
  const usage = process.memoryUsage()
  return usage.heapUsed + usage.arrayBuffers
}

const oursBefore = inUse()
const started = performance.now()
const { detectLanguage } = await import("../src/domain/LanguageDetection.ts")
detectLanguage("const loaded = true;")
const ourLoad = { ms: performance.now() - started, mb: (inUse() - oursBefore) / 1e6 }
const ours = await measure(detectLanguage)

const theirsBefore = inUse()
const theirStart = performance.now()
const guesslang = new vscodeDetection.ModelOperations()
await guesslang.runModel("const loaded = true; function f() { return loaded }")
const theirLoad = { ms: performance.now() - theirStart, mb: (inUse() - theirsBefore) / 1e6 }
const confidences: Array<number> = []
const vscode = await measure(async (code) => {
  const [best] = await guesslang.runModel(code)
  confidences.push(best?.confidence ?? 0)
  return best === undefined ? "txt" : GUESSLANG[best.languageId] ?? best.languageId
})
const highlight = await measure((code) => HLJS[hljs.highlightAuto(code, Object.keys(HLJS)).language ?? ""] ?? "?")
/** The combination: guesslang's answer where it is sure (above 0.5, a round figure, not tuned), ours elsewhere. */
const combined = { answers: ours.answers.map((answer, i) => confidences[i] > 0.5 ? vscode.answers[i] : answer) }

const candidates = [["ours", ours], ["vscode-languagedetection", vscode], ["highlight.js", highlight], [
  "guesslang where sure, else ours",
  combined
]] as const

const pct = (right: number, of: number) => `${right}/${of} = ${(100 * right / of).toFixed(1)}%`
const rightAt = (answers: ReadonlyArray<string>, at: ReadonlyArray<number>) =>
  at.filter((i) => answers[i] === heldOut[i].ext).length
const row = (label: string, at: ReadonlyArray<number>, extra = "") =>
  `| ${label} | ${candidates.map(([, c]) => pct(rightAt(c.answers, at), at.length)).join(" | ")} | ${extra} |`

const all = heldOut.map((_, i) => i)
/** Our misses, counted once: per held-out language, how many windows went to each wrong answer, most first. */
const confusions = new Map<string, Map<string, number>>()
heldOut.forEach((window, i) => {
  if (ours.answers[i] === window.ext) return
  const to = confusions.get(window.ext) ?? new Map<string, number>()
  to.set(ours.answers[i], (to.get(ours.answers[i]) ?? 0) + 1)
  confusions.set(window.ext, to)
})
/** The held-out languages, in the order of the file. */
const heldOutLanguages = [...new Set(heldOut.map((window) => window.ext))]
const missedAs = (ext: string) => [...confusions.get(ext) ?? []].sort((a, b) => b[1] - a[1])
const rows = [
  `| language | ${candidates.map(([name]) => name).join(" | ")} | ours, missed as |`,
  `|---|${candidates.map(() => "---|").join("")}---|`
]
for (const ext of heldOutLanguages) {
  const at = all.filter((i) => heldOut[i].ext === ext)
  rows.push(row(ext, at, missedAs(ext).map(([to, n]) => `${to} ${n}`).join(", ")))
}
/** TypeScript windows that hold nothing JavaScript lacks: valid JavaScript, which no detector can tell from it. */
const plainTypeScript = new Set(all.filter((i) => heldOut[i].ext === "ts" && !compilerFindsTypeScript(heldOut[i].code)))
rows.push(row("ts, TypeScript-only syntax (by tsc)", all.filter((i) => heldOut[i].ext === "ts" && !plainTypeScript.has(i))))
for (const [low, high] of [[10, 19], [20, 29], [30, 40]]) {
  rows.push(row(`**${low}–${high} lines**`, all.filter((i) => heldOut[i].lines >= low && heldOut[i].lines <= high)))
}
rows.push(row("**all held-out windows**", all))
// Each group drawn later is a fresh measure: no choice was made with its windows in view.
for (const group of [...new Set(heldOut.map((window) => window.added))]) {
  const at = all.filter((i) => heldOut[i].added === group)
  rows.push(row(group === undefined ? "the first three groups" : `group ${group}`, at))
}
// TypeScript is counted as the windows that hold TypeScript-only syntax; the same total, so counted.
rows.push(row("all but TypeScript without TypeScript-only syntax", all.filter((i) => !plainTypeScript.has(i))))
const worstLanguage = (answers: ReadonlyArray<string>) => {
  const rates = heldOutLanguages.map((ext) => {
    const at = all.filter((i) => heldOut[i].ext === ext)
    return { ext, rate: rightAt(answers, at) / at.length }
  })
  const worst = rates.sort((a, b) => a.rate - b.rate)[0]
  return `${worst.ext} ${(100 * worst.rate).toFixed(1)}%`
}
rows.push(`| lowest language | ${candidates.map(([, c]) => worstLanguage(c.answers)).join(" | ")} | |`)
rows.push(`| time per snippet, p50 / p95 | ${[ours, vscode, highlight].map((c) => `${c.p50.toFixed(2)} / ${c.p95.toFixed(2)} ms`).join(" | ")} | both | |`)
console.log(rows.join("\n"))

// The freshest measure per language: ours on the group drawn last.
const lastGroup = heldOut[heldOut.length - 1].added
if (lastGroup !== undefined) {
  const byLanguage = heldOutLanguages.flatMap((ext) => {
    const at = all.filter((i) => heldOut[i].added === lastGroup && heldOut[i].ext === ext)
    return at.length === 0 ? [] : [`${ext} ${rightAt(ours.answers, at)}/${at.length}`]
  })
  console.log(`\nOurs on group ${lastGroup}, per language: ${byLanguage.join(", ")}`)
}

const pairs = [...confusions.keys()].flatMap((ext) => missedAs(ext).map(([to, n]) => [`${ext} → ${to}`, n] as const))
console.log(`\nOurs, confusions (held-out): ${pairs.sort((a, b) => b[1] - a[1]).map(([pair, n]) => `${pair} ${n}`).join(", ")}`)
console.log(`Loading and the first detection: ours ${ourLoad.ms.toFixed(0)} ms and ${ourLoad.mb.toFixed(1)} MB (heap and buffers, after a collection; tsx's compiled module included); vscode-languagedetection ${theirLoad.ms.toFixed(0)} ms and ${theirLoad.mb.toFixed(1)} MB`)
const tuned = tuning.filter((snippet) => detectLanguage(snippet.code) === snippet.ext).length
console.log(`On the fixture it was tuned on (test/fixtures/languages.json): ${pct(tuned, tuning.length)}`)

/** Creates of the held-out windows, with `ext` and without it (detected) in turn: what detection adds to a create. */
const dir = mkdtempSync(join(tmpdir(), "assets-languages-"))
const service = await startService(join(dir, "service.db"))
try {
  const times = { named: [] as Array<number>, detected: [] as Array<number> }
  const create = async (window: Window, named: boolean) => {
    const started = performance.now()
    const response = await fetch(`${service.baseUrl}/assets/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        type: "SEEDED_ASSET",
        asset: {
          application: { name: "VS_CODE", version: "1.0.0", platform: "LINUX" },
          format: { fragment: { string: { raw: window.code }, ...(named ? { metadata: { ext: window.ext } } : {}) } }
        }
      })
    })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`create answered ${response.status}`)
    times[named ? "named" : "detected"].push(performance.now() - started)
  }
  for (const [i, window] of heldOut.entries()) {
    // Alternating which goes first, so that neither side always meets a warmer process.
    await create(window, i % 2 === 0)
    await create(window, i % 2 !== 0)
  }
  const figures = (values: ReadonlyArray<number>) =>
    `p50 ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms`
  console.log(`\nPOST /assets/create through the service, ${heldOut.length} of each: with ext ${figures(times.named)}; without (detected) ${figures(times.detected)}; p95 difference ${(percentile(times.detected, 95) - percentile(times.named, 95)).toFixed(2)} ms`)
} finally {
  await service.stop()
  rmSync(dir, { recursive: true, force: true })
}
