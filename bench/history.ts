/**
 * `npm run bench:history`: what keeping every change costs, against the last build without history, in one run.
 *
 * The build without history (`BENCH_BASE`, by default the commit before the one that added `HistoryStore`) is
 * checked out into a temporary worktree beside this one, sharing its `node_modules`, and built. Both builds are
 * started as users start them (`npm start`'s script), each on a fresh library (a SQLite file, or with
 * `DATABASE_URL` a fresh PostgreSQL database), and given the same work, alternating between them in slices so that
 * the machine's drift touches both alike:
 * - `BENCH_ASSETS` snippets (100,000) created over HTTP by 8 concurrent clients (`bench/scaleCorpus.ts`);
 * - three rounds of one-line code edits of every snippet (`POST /format/update/value`), by the same clients.
 * Then each is stopped and its database measured on disk (SQLite: the file and its log once the service has closed
 * them; PostgreSQL: `pg_database_size`). Last, on the build with history: one snippet renamed 1,000 times, and pages
 * of 50 of its history (`GET /asset/{asset}/revisions`, a cursor at random) read one at a time, timed from outside
 * and inside (`Server-Timing`).
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { type RunningService, startProcess } from "../test/e2e/ServiceProcess.ts"
import { databaseServer, freshDatabase } from "./freshDatabase.ts"
import { percentile } from "./percentile.ts"
import { type ScaleEntry, scaleCorpus, seeded } from "./scaleCorpus.ts"

const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000)
const EDIT_ROUNDS = 3
const WRITERS = 8
/** Writes given to one build before the other takes its turn. */
const SLICE = 5_000
const HISTORY_LENGTH = 1_000
const PAGES_READ = 300
const MB = 1024 * 1024

const git = (...args: Array<string>) => execFileSync("git", args, { encoding: "utf8" }).trim()

/** The last commit without history: the parent of the one that added its storage port. */
const baseCommit = () => {
  if (process.env.BENCH_BASE !== undefined) return process.env.BENCH_BASE
  const added = git("log", "--format=%H", "--diff-filter=A", "--", "src/storage/HistoryStore.ts").split("\n").at(-1)
  return added === undefined || added === "" ? git("rev-parse", "HEAD") : git("rev-parse", `${added}^`)
}

/** The build without history, in a worktree of its own sharing this checkout's `node_modules`. */
const checkOutBase = (dir: string) => {
  const commit = baseCommit()
  const path = join(dir, "base")
  git("worktree", "add", "--detach", path, commit)
  symlinkSync(resolve("node_modules"), join(path, "node_modules"), "dir")
  execFileSync(process.execPath, [join(path, "scripts/build.mjs")], { cwd: path, stdio: "ignore" })
  return { commit, path }
}

interface Build {
  readonly label: string
  readonly service: RunningService
  readonly bytes: () => Promise<number>
  readonly drop: () => Promise<void>
  readonly seconds: { create: number; edit: number }
}

/** The database files of the SQLite library at `dbPath` (the file and its log). */
const filesSize = (dbPath: string) => {
  const dir = join(dbPath, "..")
  return readdirSync(dir).filter((file) => file.startsWith("assets.db")).reduce((sum, file) => sum + statSync(join(dir, file)).size, 0)
}

const startBuild = async (label: string, checkout: string, dir: string): Promise<Build> => {
  const dbPath = join(dir, label, "assets.db")
  execFileSync("mkdir", ["-p", join(dir, label)])
  const database = databaseServer === undefined ? undefined : await freshDatabase(databaseServer, `bench_history_${label}`)
  const service = await startProcess(process.execPath, [join(checkout, "scripts/start.mjs")], dbPath, {
    DATABASE_URL: database?.url ?? "",
    SERVER_TIMING: "true"
  })
  return {
    label,
    service,
    bytes: async () => database === undefined ? filesSize(dbPath) : database.bytes(),
    drop: async () => database?.drop(),
    seconds: { create: 0, edit: 0 }
  }
}

const post = async (baseUrl: string, path: string, body: unknown) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`)
  return JSON.parse(text)
}

const seedOf = (entry: ScaleEntry) => ({
  type: "SEEDED_ASSET",
  asset: {
    application: { name: "VS_CODE", version: "1.95.0", platform: "LINUX" },
    format: { fragment: { string: { raw: entry.code }, metadata: { ext: entry.ext } } },
    metadata: { name: entry.name, tags: entry.tags.map((text) => ({ text })) }
  }
})

/** Runs `work` for each of `items` with `WRITERS` at once; answers the seconds it took. */
const timed = async <A>(items: ReadonlyArray<A>, work: (item: A) => Promise<void>) => {
  const started = performance.now()
  let next = 0
  await Promise.all(Array.from({ length: WRITERS }, async () => {
    while (next < items.length) await work(items[next++])
  }))
  return (performance.now() - started) / 1000
}

/** A snippet as saved: its id, its format's id, its code now. */
interface Saved {
  readonly asset: string
  readonly format: string
  code: string
}

/** The code with one line changed: the `round`th line from the top that holds anything, with a mark appended. */
const oneLineEdited = (code: string, round: number) => {
  const lines = code.split("\n")
  const filled = lines.map((line, at) => [line, at] as const).filter(([line]) => line.trim() !== "")
  const [, at] = filled[round % filled.length]
  lines[at] = `${lines[at]} // edit ${round + 1}`
  return lines.join("\n")
}

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), "bench-history-"))
  const base = checkOutBase(dir)
  const builds: Array<Build> = []
  try {
    builds.push(await startBuild("without", base.path, dir), await startBuild("with", resolve("."), dir))
    console.log(`history against ${base.commit.slice(0, 7)} (without), ${ASSETS.toLocaleString("en")} snippets, ` +
      `${databaseServer === undefined ? "SQLite" : "PostgreSQL"}`)
    const corpus = scaleCorpus(ASSETS)
    const saved = new Map<Build, Array<Saved>>(builds.map((build) => [build, []]))

    for (let from = 0; from < ASSETS; from += SLICE) {
      const slice = corpus.slice(from, from + SLICE)
      for (const build of builds) {
        build.seconds.create += await timed(slice, async (entry) => {
          const asset = await post(build.service.baseUrl, "/assets/create", seedOf(entry))
          saved.get(build)!.push({ asset: asset.id, format: asset.formats.iterable[0].id, code: entry.code })
        })
      }
    }
    const writes = (build: Build, kind: "create" | "edit", done: number) => done / build.seconds[kind]
    const [without, withIt] = builds
    const rates = (kind: "create" | "edit", done: number) =>
      `without ${writes(without, kind, done).toFixed(0)}, with ${writes(withIt, kind, done).toFixed(0)} ` +
      `(${(writes(withIt, kind, done) / writes(without, kind, done)).toFixed(2)}×)`
    console.log(`creates per second: ${rates("create", ASSETS)}`)
    for (let round = 0; round < EDIT_ROUNDS; round++) {
      for (let from = 0; from < ASSETS; from += SLICE) {
        for (const build of builds) {
          build.seconds.edit += await timed(saved.get(build)!.slice(from, from + SLICE), async (snippet) => {
            snippet.code = oneLineEdited(snippet.code, round)
            await post(build.service.baseUrl, "/format/update/value", {
              id: snippet.format,
              asset: { id: snippet.asset },
              fragment: { string: { raw: snippet.code } }
            })
          })
        }
      }
      console.log(`one-line edits per second, ${round + 1} per snippet: ${rates("edit", ASSETS * (round + 1))}`)
    }

    // One snippet with a long history, and its pages read one at a time.
    const withHistory = builds[1]
    const [long] = saved.get(withHistory)!
    const random = seeded(7)
    for (let i = 0; i < HISTORY_LENGTH; i++) {
      await post(withHistory.service.baseUrl, "/asset/update", { id: long.asset, name: `renamed ${i}` })
    }
    const outside: Array<number> = []
    const inside: Array<number> = []
    for (let i = 0; i < PAGES_READ; i++) {
      const cursor = Math.floor(random() * (HISTORY_LENGTH + EDIT_ROUNDS)) + 2
      const started = performance.now()
      const response = await fetch(`${withHistory.service.baseUrl}/asset/${long.asset}/revisions?limit=50&cursor=${cursor}`)
      const page = await response.json()
      outside.push(performance.now() - started)
      if (response.status !== 200 || page.iterable.length === 0) throw new Error(`history page: ${response.status}`)
      const total = /app;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")
      if (total !== null) inside.push(Number(total[1]))
    }

    for (const build of builds) await build.service.stop()
    const sizes = await Promise.all(builds.map((build) => build.bytes()))
    console.log(`database: without ${(sizes[0] / MB).toFixed(0)} MB, with ${(sizes[1] / MB).toFixed(0)} MB ` +
      `(+${((sizes[1] / sizes[0] - 1) * 100).toFixed(1)}%)`)
    console.log(`a page of 50 of ${HISTORY_LENGTH.toLocaleString("en")} revisions: p50 ${percentile(outside, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(outside, 95).toFixed(1)} ms (inside: p95 ${inside.length === 0 ? "–" : percentile(inside, 95).toFixed(1)} ms)`)
  } finally {
    for (const build of builds) {
      await build.service.stop()
      await build.drop()
    }
    if (existsSync(base.path)) git("worktree", "remove", "--force", base.path)
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
