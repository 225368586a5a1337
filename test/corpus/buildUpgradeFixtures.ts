/**
 * Builds `test/fixtures/upgrades/`: for each schema version the project's history shipped, a small library written
 * by the service of that time and what each of its assets answered then. The service is started from a worktree of
 * the commit (the last one before the next migration arrived) with that commit's own dependencies (`npm ci`), on the
 * Node of the PATH without this checkout's (those versions ran on Node 20), fed over HTTP with what that version
 * serves (tags, websites, annotations, scores, a deleted asset), read back, and stopped; its database is the fixture.
 * The last version on Effect 3 writes one library on each engine, and its service also stops (keeping the search
 * index's snapshot), starts again, writes more (recorded in the snapshot's journal) and is killed: the fixture is
 * the database with its snapshot and journal, and what its searches answered before the kill.
 * `test/e2e/upgrades.test.ts` opens each with today's service.
 * Run: `npx tsx test/corpus/buildUpgradeFixtures.ts [name …]` (names as in `SHIPPED`; all without; needs the git
 * history and, for PostgreSQL, its binaries; a minute or two a version).
 */
import { DatabaseSync } from "node:sqlite"
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { once } from "node:events"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { delimiter, join } from "node:path"
import { postgresBinaries, startPostgres } from "../ThrowawayPostgres.ts"

interface Shipped {
  /** The fixture's file name, without extension. */
  readonly name: string
  readonly schema: number
  readonly commit: string
  readonly engine: "sqlite" | "pg"
  /** Stops, starts again, writes and is killed, so that the library holds a search snapshot and its journal. */
  readonly restarts: boolean
}

/** Schema version → the commit that last had it (schema 4 arrived together with 5). */
const SHIPPED: ReadonlyArray<Shipped> = [
  ...([[1, "16d4734"], [2, "72d7b73"], [3, "0186ec0"], [5, "0d916f5"], [6, "b6ad1b1"], [7, "3487d33"], [8, "dd5e10f"], [
    9,
    "b5f35b7"
  ]] as const).map(([schema, commit]) => ({
    name: `schema-${schema}`,
    schema,
    commit,
    engine: "sqlite" as const,
    restarts: false
  })),
  // The last version on Effect 3.
  { name: "schema-13", schema: 13, commit: "d1dcba9", engine: "sqlite", restarts: true },
  { name: "pg-schema-3", schema: 3, commit: "d1dcba9", engine: "pg", restarts: true }
]

const root = new URL("../..", import.meta.url).pathname
const out = join(root, "test/fixtures/upgrades")
const application = { name: "VS_CODE", version: "1.0.0", platform: "LINUX" }

const seed = (raw: string, ext: string, metadata: Record<string, unknown>) => ({
  type: "SEEDED_ASSET",
  asset: { application, format: { fragment: { string: { raw }, metadata: { ext } } }, metadata }
})

const LIBRARY = [
  seed("def parse_header(line):\n    name, _, value = line.partition(\":\")\n    return name.strip(), value.strip()\n", "py", {
    name: "parse a header line",
    tags: [{ text: "http" }, { text: "parsing" }],
    websites: [{ url: "https://example.com/rfc9110", name: "RFC 9110" }],
    annotations: [{ type: "DESCRIPTION", text: "Splits a header line at its first colon" }]
  }),
  seed("export const clamp = (value: number, low: number, high: number) =>\n  Math.min(high, Math.max(low, value))\n", "ts", {
    name: "clamp",
    tags: [{ text: "math" }]
  }),
  seed("SELECT name, count(*) FROM users GROUP BY name HAVING count(*) > 1;\n", "sql", { name: "duplicate names" }),
  seed("#!/bin/sh\nfind . -name '*.log' -mtime +7 -delete\n", "sh", { name: "delete old logs", tags: [{ text: "ops" }] })
]

/** Written after the restart, so that only the snapshot's journal says it changed the search index. */
const LATER = seed("export const debounce = (run: () => void, millis: number) => {\n  let timer: ReturnType<typeof setTimeout> | undefined\n  return () => {\n    clearTimeout(timer)\n    timer = setTimeout(run, millis)\n  }\n}\n", "ts", { name: "debounce a callback", tags: [{ text: "timing" }, { text: "math" }] })

/** What a user of the restarted library searches for: a typo'd name, tags, a renamed and a deleted asset's names. */
const SEARCHES = [
  "query=debounse",
  "query=clamp",
  "query=header",
  "searchable_tags=math",
  "searchable_tags=shared",
  "query=bounded clamp",
  "query=duplicate"
]

/** The PATH without this checkout's `node_modules/.bin`, whose Node is newer than those versions build on. */
const olderPath = (process.env.PATH ?? "").split(delimiter).filter((entry) => !entry.startsWith(join(root, "node_modules")))
  .join(delimiter)

const waitFor = async (url: string, child: ChildProcess) => {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no answer from ${url}`)
}

const build = async (shipped: Shipped) => {
  const { name, schema, commit, engine, restarts } = shipped
  const work = mkdtempSync(join(tmpdir(), `upgrade-${name}-`))
  const tree = join(work, "tree")
  const env = { ...process.env, PATH: olderPath }
  execFileSync("git", ["-C", root, "worktree", "add", "--detach", tree, commit], { stdio: "ignore" })
  const cluster = engine === "pg" ? await startPostgres() : undefined
  let child: ChildProcess | undefined
  try {
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: tree, env, stdio: "inherit" })
    const dbPath = join(work, "assets.db")
    /** What the service said, shown when the build fails. */
    const log = openSync(join(work, "service.log"), "a")
    const databaseUrl = cluster === undefined ? "" : await cluster.createDatabase("library")
    const port = 39700 + schema
    const base = `http://127.0.0.1:${port}`
    const start = async () => {
      // Node itself with tsx's loader, not tsx's command, which runs the service in a child a SIGKILL would miss.
      child = spawn("node", ["--import", "tsx", "src/main.ts"], {
        cwd: tree,
        env: { ...env, PORT: String(port), DB_PATH: dbPath, DATABASE_URL: databaseUrl, TRASH_DAYS: "36500" },
        stdio: ["ignore", log, log]
      })
      await waitFor(`${base}/.well-known/health`, child)
    }
    const stop = async (signal: NodeJS.Signals) => {
      const exited = once(child!, "exit")
      child!.kill(signal)
      await exited
    }
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } })
      })
      const text = await response.text()
      return { status: response.status, json: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text }
    }
    const create = async (item: unknown) => {
      const created = await call("POST", "/assets/create", item)
      if (created.status !== 200) throw new Error(`${name}: create answered ${created.status}`)
      return created.json.id as string
    }

    /** The fixture: the database as the service left it, with the search index's snapshot if one stands. */
    const save = () => {
      if (engine === "pg") {
        const dump = join(out, `${name}.sql`)
        execFileSync(join(postgresBinaries()!, "pg_dump"), ["--no-owner", "--no-privileges", "-f", dump, databaseUrl])
        return
      }
      // The write-ahead log folded into the file (a crash left it beside): the fixture is that one file.
      const db = new DatabaseSync(dbPath)
      db.exec("PRAGMA wal_checkpoint(TRUNCATE)")
      db.close()
      copyFileSync(dbPath, join(out, `${name}.db`))
      if (existsSync(`${dbPath}.search-index`)) copyFileSync(`${dbPath}.search-index`, join(out, `${name}.db.search-index`))
    }

    await start()
    await call("POST", "/connect", { application })
    const ids: Array<string> = []
    for (const item of LIBRARY) ids.push(await create(item))
    // What the version serves beyond creating: each tried, kept when it answers 200.
    const done: Array<string> = []
    const tried = async (what: string, method: string, path: string, body?: unknown) => {
      if ((await call(method, path, body)).status === 200) done.push(what)
    }
    await tried("a tag put on an asset", "POST", "/tags/create", { text: "shared", asset: ids[1] })
    await tried("a score", "POST", `/asset/${ids[0]}/scores/increment`, { asset: { reuse: true } })
    await tried("a rename", "POST", "/asset/update", { ...(await call("GET", `/assets/${ids[2]}`)).json, name: "names seen twice" })
    await tried("a deleted asset", "POST", `/assets/${ids[3]}/delete`)
    const searches: Record<string, ReadonlyArray<string>> = {}
    if (restarts) {
      // A stop keeps the snapshot; the writes after the next start are in its journal, until a quiet moment keeps
      // another: killed before one comes, the library is saved as the crash left it, then read by the same version.
      await stop("SIGTERM")
      await start()
      ids.push(await create(LATER))
      await tried("after a restart, a create, a rename and a delete", "POST", "/asset/update", { id: ids[1], name: "bounded clamp" })
      if ((await call("POST", `/assets/${ids[2]}/delete`)).status !== 200) throw new Error(`${name}: delete refused`)
      await stop("SIGKILL")
      save()
      if (engine === "sqlite") copyFileSync(join(out, `${name}.db`), dbPath)
      await start()
      for (const query of SEARCHES) {
        const found = await call("GET", `/assets/search?${query}&transferables=false`)
        searches[query] = found.json.iterable.map((result: { identifier: string }) => result.identifier)
      }
    }
    const answers: Record<string, { status: number; json: unknown }> = {}
    for (const id of ids) answers[id] = await call("GET", `/assets/${id}`)
    await stop("SIGTERM")
    if (!restarts) save()
    const record = { schema, commit, engine, done, answers, ...(restarts ? { searches } : {}) }
    writeFileSync(join(out, `${name}.json`), `${JSON.stringify(record, null, 1)}\n`)
    console.log(`${name} (${commit}): ${ids.length} assets; ${done.join(", ") || "creates only"}`)
  } catch (error) {
    if (existsSync(join(work, "service.log"))) console.error(readFileSync(join(work, "service.log"), "utf8"))
    throw error
  } finally {
    if (child !== undefined && child.exitCode === null) child.kill("SIGKILL")
    cluster?.stop()
    execFileSync("git", ["-C", root, "worktree", "remove", "--force", tree], { stdio: "ignore" })
    rmSync(work, { recursive: true, force: true })
  }
}

const wanted = process.argv.slice(2)
if (!existsSync(out)) mkdirSync(out, { recursive: true })
for (const shipped of SHIPPED) if (wanted.length === 0 || wanted.includes(shipped.name)) await build(shipped)
