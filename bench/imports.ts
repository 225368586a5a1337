/**
 * `npm run bench:imports`: importing a library of 100,000 snippets (`BENCH_IMPORT_SIZE` to change) from another
 * tool, as a user does: VS Code `.code-snippets` files (1,000 snippets each) made from the scale corpus (real code,
 * near-duplicate names, tags as prefixes), imported with `npm run import -- --from vscode DIR` into a service
 * started on a fresh database; then imported again (which must add nothing). Reports snippets per second from the
 * command's start to its end, and the peak resident memory of the service (VmHWM) and of the command.
 * `E2E_ENGINE=pg E2E_POSTGRES_URL=postgres://…` runs it on PostgreSQL (a new database on that server).
 */
import { execFile } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { startService } from "../test/e2e/ServiceProcess.ts"
import { scaleCorpus } from "./scaleCorpus.ts"

const SIZE = Number(process.env.BENCH_IMPORT_SIZE ?? 100_000)
const PER_FILE = 1000
const MB = 1024 * 1024
const run = promisify(execFile)
const root = new URL("..", import.meta.url).pathname

const peakOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  return Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) * 1024
}

const dir = mkdtempSync(join(tmpdir(), "bench-imports-"))
try {
  const source = join(dir, "snippets")
  mkdirSync(source)
  const corpus = scaleCorpus(SIZE)
  for (let file = 0; file * PER_FILE < SIZE; file++) {
    // Names are keys in a snippets file: a family's variants repeat names across the corpus, so each is numbered.
    const entries = Object.fromEntries(corpus.slice(file * PER_FILE, (file + 1) * PER_FILE).map((entry, i) => [`${entry.name} #${file * PER_FILE + i}`, {
      scope: entry.ext === "ts" ? "typescript" : entry.ext === "js" ? "javascript" : "c",
      prefix: entry.tags,
      body: entry.code.split("\n"),
      description: `${entry.name} (${entry.tags.join(", ")})`
    }]))
    writeFileSync(join(source, `library-${String(file).padStart(3, "0")}.code-snippets`), JSON.stringify(entries, null, "\t"))
  }
  const service = await startService(join(dir, "assets.db"))
  try {
    const importing = async () => {
      const started = performance.now()
      // GNU time's last line of stderr: the command's peak resident set in kilobytes.
      const { stderr, stdout } = await run(
        "/usr/bin/time",
        ["-f", "%M", "node", join(root, "scripts/backup.mjs"), "import", "--from", "vscode", source],
        { env: { ...process.env, SERVICE_URL: service.baseUrl }, maxBuffer: 64 * MB }
      )
      const seconds = (performance.now() - started) / 1000
      const commandPeak = Number(stderr.trim().split("\n").pop()) * 1024
      return { seconds, commandPeak, summary: JSON.parse(stdout.trim().split("\n").pop()!) }
    }
    const first = await importing()
    console.log(`import of ${SIZE.toLocaleString("en")} snippets: ${first.summary.imported} imported in ${first.seconds.toFixed(1)} s ` +
      `= ${Math.round(first.summary.imported / first.seconds)} snippets/s; problems ${first.summary.problems}; ` +
      `the command's peak RSS ${(first.commandPeak / MB).toFixed(0)} MB`)
    const second = await importing()
    console.log(`again: ${second.summary.imported} imported, ${second.summary.skipped} skipped in ${second.seconds.toFixed(1)} s`)
    console.log(`service peak RSS ${(peakOf(service.pid) / MB).toFixed(0)} MB`)
  } finally {
    await service.stop()
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
