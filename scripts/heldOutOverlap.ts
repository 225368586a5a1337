/**
 * Whether the language model's tuning sources (`TuningSources`) hold any window of `bench/heldout/languages.json`:
 * a held-out window counts as found when its three longest code lines (comments aside, 25 characters or more) all
 * occur in one tuning file. Run after changing the sources: `npx tsx scripts/heldOutOverlap.ts ROOT`, ROOT as the
 * trainer's. On 2026-11-25 it found 96 (all 36 HTML windows, 29 C++, 24 C, 6 Ruby, 1 JSON) before the C sources
 * stopped reading `/usr/include` whole (Linux's and CPython's headers held out, and C++ headers of libstdc++, LLVM and
 * V8 read as C), the HTML sources stopped reading Node.js's documentation, and Ruby's skipped the Thor files Bundler
 * vendors; 3 after, each sharing boilerplate lines with another file.
 */
import { readFileSync } from "node:fs"
import { filesOfSource, tuningSources } from "./TuningSources.ts"

interface HeldOutWindow {
  readonly ext: string
  readonly code: string
  readonly origin: string
}

const heldOut: ReadonlyArray<HeldOutWindow> = JSON.parse(readFileSync("bench/heldout/languages.json", "utf8"))
const COMMENT = /^(?:\*|\/\/|#|\/\*|--|;|<!--)/
const probes = heldOut.map((window) =>
  window.code.split("\n").map((line) => line.trim()).filter((line) => line.length >= 25 && !COMMENT.test(line))
    .sort((a, b) => b.length - a.length).slice(0, 3)
)
/** The windows each probe line belongs to. */
const windowsOfLine = new Map<string, Array<number>>()
probes.forEach((lines, window) => {
  for (const line of lines) windowsOfLine.set(line, [...(windowsOfLine.get(line) ?? []), window])
})

const found = new Map<number, string>()
for (const [language, sources] of Object.entries(tuningSources(process.argv[2] ?? "/work/scratch/debs"))) {
  for (const file of sources.flatMap((source) => filesOfSource(source, 200, 20_000_000))) {
    const lines = new Set(readFileSync(file, "utf8").split("\n").map((line) => line.trim()))
    const held = new Map<number, number>()
    for (const line of lines) {
      for (const window of windowsOfLine.get(line) ?? []) held.set(window, (held.get(window) ?? 0) + 1)
    }
    for (const [window, count] of held) {
      if (count === probes[window].length && !found.has(window)) found.set(window, `${language} source ${file}`)
    }
  }
}
console.log(`${found.size} of ${heldOut.length} held-out windows found in the tuning sources`)
for (const [window, file] of found) console.log(`${heldOut[window].ext} ${heldOut[window].origin} <- ${file}`)
