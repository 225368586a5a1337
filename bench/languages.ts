/**
 * `npm run bench:languages`: language detection on held-out code (`bench/heldout/languages.json`: 540 windows of
 * 10–40 lines in 15 languages, cut from sources nothing here was tuned on), per language and by window length,
 * with the time per snippet; beside it, highlight.js's own `highlightAuto` over the same languages, and our figure on
 * the fixture the detector was tuned on (`test/fixtures/languages.json`).
 */
import hljs from "highlight.js"
import { readFileSync } from "node:fs"
import { detectLanguage } from "../src/domain/LanguageDetection.ts"

interface Window {
  readonly ext: string
  readonly lines: number
  readonly code: string
}

const heldOut: ReadonlyArray<Window> = JSON.parse(readFileSync(new URL("heldout/languages.json", import.meta.url), "utf8"))
const tuning: ReadonlyArray<{ ext: string; code: string }> = JSON.parse(
  readFileSync(new URL("../test/fixtures/languages.json", import.meta.url), "utf8")
).cases

/** highlight.js names of the held-out languages, and the extension each answers as. */
const HLJS: Record<string, string> = {
  python: "py", javascript: "js", typescript: "ts", java: "java", c: "c", cpp: "cpp", go: "go", rust: "rs",
  ruby: "rb", php: "php", perl: "pl", sql: "sql", css: "css", markdown: "md", yaml: "yaml"
}

const bucket = (lines: number) => lines < 20 ? "10–19" : lines < 30 ? "20–29" : "30–40"
const pct = (right: number, of: number) => `${right}/${of} = ${(100 * right / of).toFixed(1)}%`

const measure = (detect: (code: string) => string) => {
  const started = performance.now()
  const answers = heldOut.map((window) => detect(window.code))
  return { answers, msEach: (performance.now() - started) / heldOut.length }
}

detectLanguage("warm up the grammars")
const ours = measure(detectLanguage)
const theirs = measure((code) => HLJS[hljs.highlightAuto(code, Object.keys(HLJS)).language ?? ""] ?? "?")

const rows = ["| language | ours | highlight.js `highlightAuto` | ours, most common miss |", "|---|---|---|---|"]
for (const ext of [...new Set(heldOut.map((window) => window.ext))]) {
  const at = heldOut.flatMap((window, i) => window.ext === ext ? [i] : [])
  const right = (answers: ReadonlyArray<string>) => at.filter((i) => answers[i] === ext).length
  const misses = new Map<string, number>()
  for (const i of at) if (ours.answers[i] !== ext) misses.set(ours.answers[i], (misses.get(ours.answers[i]) ?? 0) + 1)
  const worst = [...misses].sort((a, b) => b[1] - a[1])[0]
  rows.push(`| ${ext} | ${pct(right(ours.answers), at.length)} | ${pct(right(theirs.answers), at.length)} | ${worst === undefined ? "" : `${worst[0]} (${worst[1]})`} |`)
}
for (const length of ["10–19", "20–29", "30–40"]) {
  const at = heldOut.flatMap((window, i) => bucket(window.lines) === length ? [i] : [])
  const right = (answers: ReadonlyArray<string>) => at.filter((i) => answers[i] === heldOut[i].ext).length
  rows.push(`| **${length} lines** | ${pct(right(ours.answers), at.length)} | ${pct(right(theirs.answers), at.length)} | |`)
}
const all = (answers: ReadonlyArray<string>) => heldOut.filter((window, i) => answers[i] === window.ext).length
rows.push(`| **all held-out windows** | **${pct(all(ours.answers), heldOut.length)}** | ${pct(all(theirs.answers), heldOut.length)} | |`)
rows.push(`| time per snippet | ${ours.msEach.toFixed(1)} ms | ${theirs.msEach.toFixed(1)} ms | |`)
const tuned = tuning.filter((snippet) => detectLanguage(snippet.code) === snippet.ext).length
console.log(rows.join("\n"))
console.log(`\nOn the fixture it was tuned on (test/fixtures/languages.json): ${pct(tuned, tuning.length)}`)
