/**
 * `npm run bench:tuning`: each runtime setting (`docs/tuning.md`) against the build without it, in one run. The
 * library of versions (`BENCH_CASE=versions`, `bench/scale.ts`) at `BENCH_SIZES` (100,000 unless set), without the
 * bare server's fills, once with every setting, once with each turned off (`RUNTIME_SETTINGS_OFF`), once with all of
 * them off (settings can stand in for each other, so that one alone off may show nothing), and once more with every
 * setting, so that the machine's drift shows; then a table of the figures that decide: peak memory, filling, the
 * searches, the listing, memory at rest and restarts.
 */
import { spawnSync } from "node:child_process"

const SETTINGS = ["semi-space", "heap-growth", "no-maglev", "memory-at-rest"]
const VARIANTS = ["", ...SETTINGS, SETTINGS.join(","), ""]
/** The rows of `bench/scale.ts`'s table that decide whether a setting stays. */
const ROWS = [
  "RSS after the queries / peak over the whole test (MB)",
  "filling, 8 concurrent creates (assets/s)",
  "fuzzy search p50 / p95 (ms)",
  "tag search p95 / filter search p95 (ms)",
  "suggestion p95 (ms)",
  "GET /assets?transferables=false: time; size; RSS peak while answering",
  "RSS at rest: 11 s after the listing, no request since (MB)",
  "restart until the first answer (s)",
  "  after a hundredth saved anew and a crash (SIGKILL) (s)"
]

/** The first column of `bench/scale.ts`'s table by figure, its name as printed (indent kept). */
const tableOf = (output: string) =>
  new Map(output.split("\n").filter((line) => line.startsWith("| ")).map((line) => {
    const cells = line.split("|")
    return [cells[1].slice(1, -1), cells[2].trim()] as const
  }))

const results: Array<{ off: string; figures: Map<string, string> }> = []
for (const off of VARIANTS) {
  const env = {
    ...process.env,
    RUNTIME_SETTINGS_OFF: off,
    BENCH_CASE: "versions",
    BENCH_COMPARE: "false",
    BENCH_SIZES: process.env.BENCH_SIZES ?? "100000"
  }
  console.log(`\n# ${off === "" ? "every setting" : `without ${off}`}`)
  const run = spawnSync(process.execPath, ["--import", "tsx", "bench/scale.ts"], { env, encoding: "utf8", maxBuffer: 1 << 26 })
  process.stdout.write(run.stdout)
  process.stderr.write(run.stderr)
  if (run.status !== 0) throw new Error(`bench/scale.ts failed without ${off || "nothing"}`)
  results.push({ off, figures: tableOf(run.stdout) })
}

console.log(`\n| figure | ${results.map(({ off }) => off === "" ? "every setting" : `without ${off}`).join(" | ")} |`)
console.log(`|---|${results.map(() => "---").join("|")}|`)
for (const row of ROWS) console.log(`| ${row.trim()} | ${results.map(({ figures }) => figures.get(row) ?? "-").join(" | ")} |`)
