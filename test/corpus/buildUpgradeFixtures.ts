/**
 * Builds `test/fixtures/upgrades/`: for each schema version the project's history shipped, a small library written
 * by the service of that time and what each of its assets answered then. The service is started from a worktree of
 * the commit (the last one before the next migration arrived) with this checkout's `node_modules`, fed over HTTP
 * with what that version serves (tags, websites, annotations, scores, a deleted asset), read back, and stopped; its
 * database file is the fixture. `test/e2e/upgrades.test.ts` opens each with today's service.
 * Run: `npx tsx test/corpus/buildUpgradeFixtures.ts` (needs the git history; takes a minute).
 */
import { DatabaseSync } from "node:sqlite"
import { execFileSync, spawn } from "node:child_process"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** Schema version → the commit that last had it (schema 4 arrived together with 5). */
const SHIPPED: ReadonlyArray<readonly [number, string]> = [
  [1, "16d4734"],
  [2, "72d7b73"],
  [3, "0186ec0"],
  [5, "0d916f5"],
  [6, "b6ad1b1"],
  [7, "3487d33"],
  [8, "dd5e10f"],
  [9, "b5f35b7"]
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

const waitFor = async (url: string) => {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no answer from ${url}`)
}

const build = async (schema: number, commit: string) => {
  const work = mkdtempSync(join(tmpdir(), `upgrade-${schema}-`))
  const tree = join(work, "tree")
  execFileSync("git", ["-C", root, "worktree", "add", "--detach", tree, commit], { stdio: "ignore" })
  symlinkSync(join(root, "node_modules"), join(tree, "node_modules"))
  const dbPath = join(work, "assets.db")
  const port = 39700 + schema
  const base = `http://127.0.0.1:${port}`
  const child = spawn(join(root, "node_modules/.bin/tsx"), ["src/main.ts"], {
    cwd: tree,
    env: { ...process.env, PORT: String(port), DB_PATH: dbPath, TRASH_DAYS: "36500" },
    stdio: "ignore"
  })
  try {
    await waitFor(`${base}/.well-known/health`)
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } })
      })
      const text = await response.text()
      return { status: response.status, json: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text }
    }
    await call("POST", "/connect", { application })
    const ids: Array<string> = []
    for (const item of LIBRARY) {
      const created = await call("POST", "/assets/create", item)
      if (created.status !== 200) throw new Error(`schema ${schema}: create answered ${created.status}`)
      ids.push(created.json.id)
    }
    // What the version serves beyond creating: each tried, kept when it answers 200.
    const done: Array<string> = []
    const tried = async (what: string, method: string, path: string, body?: unknown) => {
      if ((await call(method, path, body)).status === 200) done.push(what)
    }
    await tried("a tag put on an asset", "POST", "/tags/create", { text: "shared", asset: ids[1] })
    await tried("a score", "POST", `/asset/${ids[0]}/scores/increment`, { asset: { reuse: true } })
    await tried("a rename", "POST", "/asset/update", { ...(await call("GET", `/assets/${ids[2]}`)).json, name: "names seen twice" })
    await tried("a deleted asset", "POST", `/assets/${ids[3]}/delete`)
    const answers: Record<string, { status: number; json: unknown }> = {}
    for (const id of ids) answers[id] = await call("GET", `/assets/${id}`)
    child.kill("SIGTERM")
    await new Promise((resolve) => child.once("exit", resolve))
    // The last connection to close folds the write-ahead log into the file: the fixture is that one file.
    new DatabaseSync(dbPath).close()
    copyFileSync(dbPath, join(out, `schema-${schema}.db`))
    writeFileSync(join(out, `schema-${schema}.json`), `${JSON.stringify({ schema, commit, done, answers }, null, 1)}\n`)
    console.log(`schema ${schema} (${commit}): ${ids.length} assets; ${done.join(", ") || "creates only"}`)
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL")
    execFileSync("git", ["-C", root, "worktree", "remove", "--force", tree], { stdio: "ignore" })
    rmSync(work, { recursive: true, force: true })
  }
}

if (!existsSync(out)) mkdirSync(out, { recursive: true })
for (const [schema, commit] of SHIPPED) await build(schema, commit)
