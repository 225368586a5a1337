/**
 * End to end: start-up that cannot succeed says why and exits with a documented code; SIGTERM finishes the
 * request in flight, refuses new connections and closes the database; on SQLite, saves reach the database file while
 * the service runs (the write-ahead log checkpointed on a thread of its own); SIGKILL in the middle of concurrent
 * creates loses no acknowledged asset and leaves nothing half-written, round after round on the same file.
 */
import { afterAll, describe, expect, it } from "vitest"
import { DatabaseSync } from "node:sqlite"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { LAUNCH_FLAGS } from "../../src/runtime/RuntimeSettings.mjs"
import { application, call, codeSeed } from "./Http.ts"
import { writeMarker } from "./LibraryState.ts"
import {
  clusterUrl,
  engine,
  freePort,
  isRunning,
  runSql,
  runtime,
  runUntilExit,
  serviceUnder,
  startService,
  startWithNpm
} from "./ServiceProcess.ts"

const dir = mkdtempSync(join(tmpdir(), "assets-lifecycle-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A clear one-line reason and the exit code, not a stack trace. */
const expectStartupFailure = (finished: { code: number | null; output: string }, code: number, reason: RegExp) => {
  expect(finished.code, finished.output).toBe(code)
  expect(finished.output).toMatch(reason)
  expect(finished.output).not.toMatch(/^\s+at /m)
}

describe(`start-up failures (${runtime}, ${engine})`, () => {
  it.skipIf(engine !== "sqlite")("a DB_PATH that is a folder, or a file that is not a database: exit code 3 and the reason", async () => {
    const folder = join(dir, "folder.db")
    mkdirSync(folder)
    expectStartupFailure(await runUntilExit(folder), 3, /Cannot use the database .*folder\.db: the file cannot be opened/)
    const junk = join(dir, "junk.db")
    writeFileSync(junk, Buffer.from("This is a text file, not SQLite. ".repeat(200)))
    expectStartupFailure(await runUntilExit(junk), 3, /junk\.db: the file is not a SQLite database/)
    const underFile = join(dir, "junk.db", "assets.db")
    expectStartupFailure(await runUntilExit(underFile), 3, /Cannot create the folder of the database/)
  })

  it.skipIf(engine !== "sqlite")("a database another process holds a write lock on: exit code 3 after the lock wait", async () => {
    const path = join(dir, "locked.db")
    const holder = new DatabaseSync(path)
    holder.exec("PRAGMA journal_mode = WAL")
    holder.exec("CREATE TABLE held (x)")
    holder.exec("BEGIN IMMEDIATE")
    try {
      expectStartupFailure(await runUntilExit(path), 3, /locked\.db: it is locked by another process/)
    } finally {
      holder.exec("ROLLBACK")
      holder.close()
    }
  })

  it.skipIf(engine !== "sqlite")("a database another instance of the service is using: exit code 3; other programs may still read it", async () => {
    const path = join(dir, "shared.db")
    const first = await startService(path)
    try {
      await call(first.baseUrl, "POST", "/assets/create", codeSeed("export const shared = (n: number) => n + 1\n"))
      expectStartupFailure(await runUntilExit(path), 3, /Another instance of this service is using the database .*shared\.db/)
      const reader = new DatabaseSync(path, { readOnly: true })
      expect(reader.prepare("SELECT count(*) AS n FROM assets").get()).toEqual({ n: 1 })
      reader.close()
      expect((await call(first.baseUrl, "GET", "/.well-known/health")).status).toBe(200)
    } finally {
      await first.stop()
    }
  })

  it.skipIf(engine !== "pg")("a PostgreSQL server that does not answer, or a database that does not exist: exit code 3, host and database named, no password", async () => {
    const closedPort = await freePort()
    const unreachable = await runUntilExit(join(dir, "unreachable.db"), {
      DATABASE_URL: `postgres://librarian:s3cret-Pa55@127.0.0.1:${closedPort}/library`
    })
    expectStartupFailure(
      unreachable,
      3,
      new RegExp(`Cannot use the database postgres://librarian@127\\.0\\.0\\.1:${closedPort}/library: nothing answers at 127\\.0\\.0\\.1:${closedPort}`)
    )
    expect(unreachable.output).not.toContain("s3cret-Pa55")
    const missing = await runUntilExit(join(dir, "missing.db"), { DATABASE_URL: clusterUrl("no_such_library") })
    expectStartupFailure(missing, 3, /no_such_library: database "no_such_library" does not exist; create it, or name another/)
  })

  it("a database a newer version of the service migrated: exit code 3, saying so, nothing written", async () => {
    const path = join(dir, "newer.db")
    const first = await startService(path)
    await call(first.baseUrl, "POST", "/assets/create", codeSeed("export const older = (n: number) => n * 2\n"))
    await first.stop()
    const marker = await writeMarker(path)
    await runSql(path, "INSERT INTO effect_sql_migrations (migration_id, name) VALUES (999, 'from_the_future')")
    const before = await marker.read()
    expectStartupFailure(await runUntilExit(path), 3, /(newer\.db|library_\w+) was written by a newer version of this service .*999_from_the_future/)
    expect(await marker.read()).toBe(before)
    await marker.close()
  })

  it("invalid configuration exits with 2, a port in use with 4", async () => {
    expectStartupFailure(
      await runUntilExit(join(dir, "config.db"), { MAX_BODY_BYTES: "ten megabytes" }),
      2,
      /Invalid configuration: .*MAX_BODY_BYTES/
    )
    const running = await startService(join(dir, "port.db"))
    try {
      const port = new URL(running.baseUrl).port
      expectStartupFailure(await runUntilExit(join(dir, "port2.db"), { PORT: port }), 4, /port is in use/)
    } finally {
      await running.stop()
    }
  })
})

describe(`graceful shutdown (${runtime}, ${engine})`, () => {
  it("on SIGTERM refuses new connections, finishes the request in flight, closes the database and exits 0", async () => {
    const dbPath = join(dir, "graceful.db")
    const service = await startService(dbPath)
    const body = JSON.stringify(codeSeed("export const inFlight = (request: Request) => request.url.length * 2\n"))
    const half = Math.floor(body.length / 2)
    // A create whose body is half sent when the signal arrives, and finished once the service is shutting down.
    let finishBody = () => {}
    const answer = new Promise<{ status: number; json: any }>((resolve, reject) => {
      const req = request(`${service.baseUrl}/assets/create`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) }
      }, (res) => {
        let text = ""
        res.on("data", (chunk) => (text += chunk))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }))
      })
      req.on("error", reject)
      req.write(body.slice(0, half))
      finishBody = () => req.end(body.slice(half))
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    service.terminate()
    const deadline = Date.now() + 10_000
    while (!service.output().includes("Shutting down") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await expect(fetch(`${service.baseUrl}/.well-known/health`)).rejects.toThrow()
    finishBody()
    const created = await answer
    expect(created.status).toBe(200)
    expect(await service.exited).toBe(0)
    expect(service.output()).toContain("Shutting down")
    expect(service.output()).toContain("Database closed")
    // Closed cleanly: the write-ahead log was checkpointed into the database and removed.
    if (engine === "sqlite") expect(existsSync(`${dbPath}-wal`) ? statSync(`${dbPath}-wal`).size : 0).toBe(0)

    const again = await startService(dbPath)
    try {
      expect((await call(again.baseUrl, "GET", `/assets/${created.json.id}`)).status).toBe(200)
      // Searchable too: on SQLite the index read back was kept after the last commit of the stop was applied.
      const found = await call(again.baseUrl, "GET", "/assets/search?query=inFlight&transferables=false")
      expect(found.json.iterable.map((hit: any) => hit.identifier)).toContain(created.json.id)
    } finally {
      await again.stop()
    }
  })

  it.skipIf(runtime === "deno")("under npm start, a SIGTERM to npm alone stops the service too, which frees the library", async () => {
    const dbPath = join(dir, "launched.db")
    const launched = await startWithNpm(dbPath)
    const service = serviceUnder(launched.pid)
    try {
      // As a process manager stops what it started: npm ends, and its shell does not pass the signal on.
      process.kill(launched.pid, "SIGTERM")
      await expect.poll(() => isRunning(service), { timeout: 15_000, interval: 100 }).toBe(false)
      const again = await startService(dbPath)
      await again.stop()
    } finally {
      if (isRunning(service)) process.kill(service, "SIGKILL")
      await launched.kill()
    }
  })

  it.skipIf(runtime === "deno" || process.platform !== "linux" || !("execve" in process))(
    "under npm start on Linux, the service runs with its V8 launch flags, its command line as typed",
    async () => {
      const launched = await startWithNpm(join(dir, "flags.db"))
      // Found by its command line (`node … scripts/start.mjs`): the restart kept it as npm's shell typed it.
      const service = serviceUnder(launched.pid)
      try {
        const commandLine = readFileSync(`/proc/${service}/cmdline`, "utf8").split("\0")
        expect(commandLine).toEqual(expect.arrayContaining(Object.values(LAUNCH_FLAGS)))
      } finally {
        await launched.stop()
        await expect.poll(() => isRunning(service), { timeout: 15_000, interval: 100 }).toBe(false)
      }
    }
  )

  it("a signal repeated while it stops (npm start and deno task pass a terminal's Ctrl-C on) does not cut the stop short", async () => {
    const dbPath = join(dir, "twice.db")
    const service = await startService(dbPath)
    const body = JSON.stringify(codeSeed("export const signalledTwice = (n: number) => n * 2\n"))
    let finishBody = () => {}
    const answer = new Promise<number>((resolve, reject) => {
      const req = request(`${service.baseUrl}/assets/create`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) }
      }, (res) => {
        res.resume()
        res.on("end", () => resolve(res.statusCode ?? 0))
      })
      req.on("error", reject)
      req.write(body.slice(0, 10))
      finishBody = () => req.end(body.slice(10))
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    // The stop waits for the request in flight; a second signal arrives meanwhile.
    process.kill(service.pid, "SIGINT")
    const deadline = Date.now() + 10_000
    while (!service.output().includes("Shutting down") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    process.kill(service.pid, "SIGINT")
    await new Promise((resolve) => setTimeout(resolve, 200))
    finishBody()
    expect(await answer).toBe(200)
    expect(await service.exited).toBe(0)
    expect(service.output()).toContain("Database closed")
  })
})

/** Every live asset has its search row, text rows and fingerprint: the transaction wrote all or nothing. */
const HALF_WRITTEN = {
  sqlite: {
    withoutSearchRow:
      "SELECT count(*) AS n FROM assets a WHERE deleted IS NULL AND NOT EXISTS (SELECT 1 FROM search_rows s WHERE s.asset_id = a.id)",
    withoutFingerprint: "SELECT count(*) AS n FROM assets a JOIN search_rows s ON s.asset_id = a.id WHERE a.deleted IS NULL " +
      "AND s.rowid NOT IN (SELECT rowid FROM similarity)",
    searchRowsWithoutAsset:
      "SELECT count(*) AS n FROM search_rows s WHERE NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = s.asset_id AND a.deleted IS NULL)",
    textRowsMismatch: "SELECT (SELECT count(*) FROM search_text) - (SELECT count(*) FROM search_rows) AS n",
    fingerprintsWithoutAsset: "SELECT count(*) AS n FROM similarity WHERE rowid NOT IN (SELECT rowid FROM search_rows)"
  },
  pg: {
    withoutSearchRow:
      "SELECT count(*)::int AS n FROM assets a WHERE deleted IS NULL AND NOT EXISTS (SELECT 1 FROM search_rows s WHERE s.asset_id = a.id)",
    withoutFingerprint: "SELECT count(*)::int AS n FROM assets a JOIN search_rows s ON s.asset_id = a.id WHERE a.deleted IS NULL " +
      "AND NOT EXISTS (SELECT 1 FROM similarity_keys k WHERE k.row = s.row)",
    searchRowsWithoutAsset:
      "SELECT count(*)::int AS n FROM search_rows s WHERE NOT EXISTS (SELECT 1 FROM assets a WHERE a.id = s.asset_id AND a.deleted IS NULL)",
    textRowsMismatch: "SELECT (abs((SELECT count(*) FROM search_text) - (SELECT count(*) FROM search_rows)) + " +
      "abs((SELECT count(*) FROM search_anywhere) - (SELECT count(*) FROM search_rows)) + " +
      "abs((SELECT count(*) FROM search_words) - (SELECT count(*) FROM search_rows)))::int AS n",
    fingerprintsWithoutAsset:
      "SELECT count(*)::int AS n FROM similarity_keys k WHERE NOT EXISTS (SELECT 1 FROM search_rows s WHERE s.row = k.row)"
  }
}

const halfWritten = async (dbPath: string) => {
  const found: Record<string, unknown> = {}
  for (const [name, query] of Object.entries(HALF_WRITTEN[engine])) found[name] = (await runSql(dbPath, query))[0]
  if (engine === "sqlite") {
    const db = new DatabaseSync(dbPath)
    found.integrity = db.prepare("PRAGMA integrity_check").get()?.integrity_check
    db.close()
  } else {
    found.integrity = "ok"
  }
  return found
}

describe(`the write-ahead log (${runtime}, ${engine})`, () => {
  it.skipIf(engine !== "sqlite")("saves reach the database file while the service runs, checkpointed on a thread of their own", async () => {
    const dbPath = join(dir, "checkpointed.db")
    const service = await startService(dbPath)
    try {
      const before = statSync(dbPath).size
      for (let i = 0; i < 10; i++) {
        const code = `export const checkpointed${i} = (values: number[]) => values.map((v) => v * ${i}).join(",")\n`
        expect((await call(service.baseUrl, "POST", "/assets/create", codeSeed(code))).status).toBe(200)
      }
      // Far fewer pages than SQLite's own checkpoint waits for (1,000): only the service's thread copies them now.
      expect(statSync(`${dbPath}-wal`).size).toBeLessThan(1000 * 4096)
      const deadline = Date.now() + 5000
      while (statSync(dbPath).size <= before && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(statSync(dbPath).size).toBeGreaterThan(before)
    } finally {
      await service.stop()
    }
  })
})

describe(`the search index across restarts (${runtime}, ${engine})`, () => {
  it("answers the same after a stop (read back from the snapshot kept then) and after a crash", async () => {
    const dbPath = join(dir, "restarts.db")
    const snapshot = `${dbPath}.search-index`
    /** SQLite's snapshot is a file beside the database; PostgreSQL's is in the database. */
    const snapshotStands = async () =>
      engine === "sqlite"
        ? existsSync(snapshot)
        : (await runSql(dbPath, "SELECT seq FROM search_index_snapshot")).length === 1
    const seed = (raw: string, name: string, tags: Array<string>) => ({
      type: "SEEDED_ASSET",
      asset: {
        application,
        format: { fragment: { string: { raw }, metadata: { ext: "ts" } } },
        metadata: { name, tags: tags.map((text) => ({ text })) }
      }
    })
    const ids = (answer: { json: any }) => answer.json.iterable.map((found: any) => found.identifier)
    const search = (service: { baseUrl: string }, query: string) =>
      call(service.baseUrl, "GET", `/assets/search?${query}&transferables=false`)
    /** What a user finds: a typo'd name, a tag, a deleted asset's name, a renamed one's, a language and a tag. */
    const answers = async (service: { baseUrl: string }) => ({
      typo: ids(await search(service, "query=restartWigdet")),
      tagged: new Set(ids(await search(service, "searchable_tags=kept-across"))),
      deleted: ids(await search(service, "query=goneAcrossRestarts")),
      renamed: ids(await search(service, "query=renamedAcrossRestarts")),
      filtered: new Set((await call(service.baseUrl, "POST", "/assets/search?transferables=false", {
        filters: { iterable: [{ classification: "ts" }, { tags: ["kept-across"] }], type: "AND" }
      })).json.results.iterable.map((found: any) => found.identifier))
    })

    const first = await startService(dbPath)
    const kept = (await call(first.baseUrl, "POST", "/assets/create", seed(
      "export const restartWidget = (size: number): number => size * 2\n",
      "restartWidget",
      ["kept-across"]
    ))).json.id
    const gone = (await call(first.baseUrl, "POST", "/assets/create", seed(
      "export const goneAcrossRestarts = 1\n",
      "goneAcrossRestarts",
      ["kept-across"]
    ))).json.id
    const edited = (await call(first.baseUrl, "POST", "/assets/create", seed(
      "export const editedAcrossRestarts = 2\n",
      "editedAcrossRestarts",
      ["kept-across"]
    ))).json.id
    expect((await call(first.baseUrl, "POST", `/assets/${gone}/delete`)).status).toBe(200)
    const before = await answers(first)
    expect(before).toEqual({
      typo: [kept],
      tagged: new Set([kept, edited]),
      deleted: [],
      renamed: [],
      filtered: new Set([kept, edited])
    })
    await first.stop()
    expect(await snapshotStands(), "kept at the stop").toBe(true)

    const second = await startService(dbPath)
    expect(await answers(second)).toEqual(before)
    // Written after the snapshot was read back: a create, an edit and a delete, found as they are, then a crash.
    const later = (await call(second.baseUrl, "POST", "/assets/create", seed(
      "export const restartWidgetLater = (size: number): number => size * 3\n",
      "restartWidgetLater",
      ["kept-across"]
    ))).json.id
    expect((await call(second.baseUrl, "POST", "/asset/update", { id: edited, name: "renamedAcrossRestarts" })).status)
      .toBe(200)
    expect((await call(second.baseUrl, "POST", `/assets/${kept}/delete`)).status).toBe(200)
    const written = await answers(second)
    expect(written.tagged).toEqual(new Set([later, edited]))
    expect(written.renamed).toEqual([edited])
    await second.kill()
    // The snapshot stands past the crash: the next start reads it back and the rows written since again.
    expect(await snapshotStands()).toBe(true)

    const third = await startService(dbPath)
    try {
      const after = await answers(third)
      expect(after.tagged).toEqual(new Set([later, edited]))
      expect(after.filtered).toEqual(new Set([later, edited]))
      expect(after.typo).toContain(later)
      expect(after.typo).not.toContain(kept)
      expect(after.deleted).toEqual([])
      expect(after.renamed).toEqual([edited])
    } finally {
      await third.stop()
    }
  })
})

describe(`crash safety (${runtime}, ${engine})`, () => {
  it("SIGKILL during concurrent creates loses no acknowledged asset, five rounds on one file", async () => {
    const dbPath = join(dir, "crash.db")
    const acknowledged = new Map<string, string>()
    let cutOff = 0
    const ROUNDS = 5
    for (let round = 0; round < ROUNDS; round++) {
      const service = await startService(dbPath)
      // Everything acknowledged in earlier rounds is there, with its content.
      const ids = new Set((await call(service.baseUrl, "GET", "/assets/identifiers")).json.iterable.map((r: any) => r.id))
      for (const id of acknowledged.keys()) expect(ids.has(id), `round ${round}: ${id}`).toBe(true)

      let killed = false
      const worker = async (w: number) => {
        for (let n = 0; !killed; n++) {
          const raw = `export function round${round}Worker${w}Step${n}(value: number) {\n  return value * ${n + 1} + ${w}\n}\n`
          try {
            const answer = await call(service.baseUrl, "POST", "/assets/create?transferables=false", codeSeed(raw))
            if (answer.status === 200) acknowledged.set(answer.json.id, raw)
          } catch {
            cutOff++ // in flight when the process died
            return
          }
        }
      }
      const before = acknowledged.size
      const workers = Array.from({ length: 6 }, (_, w) => worker(w))
      // Kill at a different moment each round, while creates are in flight: once they flow (a new process loads
      // the language grammars on its first create), after a pause that grows each round.
      while (acknowledged.size < before + 7) await new Promise((resolve) => setTimeout(resolve, 10))
      await new Promise((resolve) => setTimeout(resolve, round * 150))
      killed = true
      await service.kill()
      await Promise.all(workers)

      expect(await halfWritten(dbPath)).toEqual({
        integrity: "ok",
        withoutSearchRow: { n: 0 },
        withoutFingerprint: { n: 0 },
        searchRowsWithoutAsset: { n: 0 },
        textRowsMismatch: { n: 0 },
        fingerprintsWithoutAsset: { n: 0 }
      })
    }

    const service = await startService(dbPath)
    try {
      expect(acknowledged.size).toBeGreaterThan(ROUNDS * 6)
      expect(cutOff, "requests in flight at the kills").toBeGreaterThan(0)
      for (const [id, raw] of acknowledged) {
        const answer = await call(service.baseUrl, "GET", `/assets/${id}`)
        expect(answer.status, id).toBe(200)
        expect(answer.json.formats.iterable[0].fragment.string.raw).toBe(raw)
      }
      // Searchable after the crashes, not only readable.
      const [someId, someRaw] = [...acknowledged][0]!
      const name = /function (\w+)/.exec(someRaw)![1]!
      const search = await call(service.baseUrl, "GET", `/assets/search?query=${name}&transferables=false`)
      expect(search.json.iterable.map((r: any) => r.identifier)).toContain(someId)
    } finally {
      await service.stop()
    }
  })
})
