/**
 * A team library: several service processes over one PostgreSQL database (suites with `E2E_ENGINE=pg`). A write
 * through one is read, searched, suggested and related on every other; every stream of every instance gets every
 * change in commit order, none lost, none twice, also when an instance's notification connection is terminated;
 * two members editing one asset lose no update; an instance killed mid-write loses no acknowledged write and the
 * others go on; and when the database itself goes away, requests answer 503, streams close with 1011, and the
 * service comes back by itself once the database is back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startPostgres } from "../ThrowawayPostgres.ts"
import { application, call, codeSeed, creation } from "./Http.ts"
import { engine, runSql, runtime, startService, type RunningService } from "./ServiceProcess.ts"
import { openStream, type StreamClient } from "./StreamClient.ts"

const idsOf = (frames: ReadonlyArray<any>) =>
  frames.flatMap((frame) => frame.iterable.map((item: any) => `${item.deleted === true ? "-" : "+"}${item.asset.id}`))

const searchIds = async (service: RunningService, query: string): Promise<Array<string>> =>
  (await call(service.baseUrl, "GET", `/assets/search?query=${encodeURIComponent(query)}&transferables=false`))
    .json.iterable.map((hit: any) => hit.identifier)

/** Polls until `check` holds (another instance follows within moments), or fails after 10 s. */
const eventually = async <A>(read: () => Promise<A>, check: (value: A) => boolean): Promise<A> => {
  const deadline = Date.now() + 10_000
  for (;;) {
    const value = await read()
    if (check(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const CODE = (name: string) =>
  `export function ${name}(headers: Map<string, string>, line: string): void {\n` +
  `  const at = line.indexOf(":")\n  if (at < 0) throw new Error("not a header: " + line)\n` +
  `  headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim())\n}\n`

describe.skipIf(engine !== "pg")(`several instances over one PostgreSQL database (${runtime})`, () => {
  const dir = mkdtempSync(join(tmpdir(), "instances-"))
  const dbPath = join(dir, "team.db")
  let a: RunningService
  let b: RunningService
  const streams: Array<StreamClient> = []
  const open = async (service: RunningService, path: string) => {
    const stream = await openStream(service.baseUrl, path)
    streams.push(stream)
    return stream
  }
  const create = async (service: RunningService, raw: string) => {
    const answer = await call(service.baseUrl, "POST", "/assets/create", codeSeed(raw))
    expect(answer.status, answer.text).toBe(200)
    return answer.json.id as string
  }
  beforeAll(async () => {
    // Started together on an empty database: both migrate, under the lock, once.
    ;[a, b] = await Promise.all([startService(dbPath), startService(dbPath)])
  })
  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()))
    await Promise.all([a?.stop(), b?.stop()])
    rmSync(dir, { recursive: true, force: true })
  })

  it("instances starting together on a new database run its migrations once", async () => {
    expect(await runSql(dbPath, "SELECT migration_id, name FROM effect_sql_migrations")).toEqual([
      { migration_id: 1, name: "library" },
      { migration_id: 2, name: "search_index_snapshot" },
      { migration_id: 3, name: "narrow_search_tables" },
      { migration_id: 4, name: "history" }
    ])
  })

  it("a write through one instance is read at once there, and read, searched, suggested and related on the other", async () => {
    const id = await create(a, CODE("parseHeaderLineIntoMap"))
    expect((await call(a.baseUrl, "GET", `/assets/${id}`)).status).toBe(200)
    expect(await searchIds(a, "parseHeaderLineIntoMap")).toEqual([id])
    expect((await call(b.baseUrl, "GET", `/assets/${id}`)).status).toBe(200)
    expect(await eventually(() => searchIds(b, "parseHeaderLineIntoMap"), (ids) => ids.includes(id))).toEqual([id])
    expect(await eventually(() => searchIds(b, "parseHeaderLinIntoMap"), (ids) => ids.includes(id))).toContain(id)

    const app = (await call(b.baseUrl, "POST", "/connect", { application })).json.application.id
    const suggestion = await call(b.baseUrl, "POST", `/${app}/suggestion`, creation(CODE("parseOneHeader")))
    expect(suggestion.json.reuse.suggested).toBe(true)
    expect(suggestion.json.reuse.assets.iterable.map((asset: any) => asset.id)).toContain(id)
    const other = await create(b, CODE("parseHeaderLineInto"))
    const input = (await call(a.baseUrl, "GET", `/assets/${other}`)).json
    const related = await call(a.baseUrl, "POST", "/assets/related", { iterable: [input] })
    expect(related.json.iterable.map((asset: any) => asset.id)).toContain(id)

    const renamed = await call(b.baseUrl, "POST", "/asset/update", { id, name: "renamed through b" })
    expect(renamed.status).toBe(200)
    expect(await eventually(() => searchIds(a, "renamed through b"), (ids) => ids.includes(id))).toContain(id)
    expect((await call(a.baseUrl, "POST", `/assets/${id}/delete`)).status).toBe(200)
    expect((await call(b.baseUrl, "GET", `/assets/${id}`)).status).toBe(410)
    expect(await eventually(() => searchIds(b, "renamed through b"), (ids) => !ids.includes(id))).not.toContain(id)
  })

  it("every stream of every instance gets every change in commit order, none lost, none twice", async () => {
    const onA = await open(a, "/assets/stream/identifiers")
    const onB = await open(b, "/assets/stream/identifiers")
    await Promise.all([onA.waitFor((frames) => frames.length >= 1), onB.waitFor((frames) => frames.length >= 1)])
    const written = await Promise.all(Array.from({ length: 40 }, async (_, i) => {
      const through = i % 2 === 0 ? a : b
      const id = await create(through, `export const streamed${i} = (value: number) => value * ${i} + ${i % 7}\n`)
      if (i % 5 === 0) expect((await call((i % 4 === 0 ? b : a).baseUrl, "POST", `/assets/${id}/delete`)).status).toBe(200)
      return id
    }))
    const expected = written.length + written.filter((_, i) => i % 5 === 0).length
    // An instance still applying commits from before its stream opened may send them too: only this test's count.
    const ours = (frames: ReadonlyArray<any>) => idsOf(frames.slice(1)).filter((entry) => written.includes(entry.slice(1)))
    const [seenA, seenB] = await Promise.all([onA, onB].map((stream) =>
      stream.waitFor((frames) => ours(frames).length >= expected).then(ours)
    ))
    expect(seenA).toEqual(seenB)
    expect(new Set(seenA).size).toBe(seenA.length)
    for (const [i, id] of written.entries()) {
      expect(seenA).toContain(`+${id}`)
      if (i % 5 === 0) expect(seenA.indexOf(`-${id}`)).toBeGreaterThan(seenA.indexOf(`+${id}`))
    }
  })

  it("two members editing one asset at once through two instances: no update is lost, both end on one state", async () => {
    const id = await create(a, CODE("sharedByTwoMembers"))
    const tag = (await call(a.baseUrl, "POST", "/tags/create", { text: "team" })).json.id
    const onA = await open(a, "/assets/stream")
    const onB = await open(b, "/assets/stream")
    await Promise.all([onA.waitFor((frames) => frames.length >= 1), onB.waitFor((frames) => frames.length >= 1)])
    const [tagged, renamed] = await Promise.all([
      call(a.baseUrl, "POST", `/asset/${id}/tags/associate/${tag}`),
      call(b.baseUrl, "POST", "/asset/update", { id, name: "edited by two" })
    ])
    expect([tagged.status, renamed.status]).toEqual([204, 200])
    for (const service of [a, b]) {
      const asset = (await call(service.baseUrl, "GET", `/assets/${id}`)).json
      expect(asset.name).toBe("edited by two")
      expect(asset.tags.iterable.map((t: any) => t.text)).toEqual(["team"])
    }
    const lastState = (frames: ReadonlyArray<any>) =>
      frames.slice(1).flatMap((frame) => frame.iterable).filter((asset: any) => asset.id === id).at(-1)
    const ended = (frames: ReadonlyArray<any>) =>
      lastState(frames)?.name === "edited by two" && lastState(frames)?.tags?.iterable?.length === 1
    const [stateA, stateB] = await Promise.all([onA, onB].map((stream) => stream.waitFor(ended).then(lastState)))
    expect(stateA).toEqual(stateB)
  })

  it("concurrent edits of one snippet through two instances: revisions numbered once each, in commit order, none lost", async () => {
    const id = await create(a, CODE("editedConcurrently"))
    const EDITS = 20
    const answers = await Promise.all(Array.from({ length: EDITS }, (_, i) =>
      call((i % 2 === 0 ? a : b).baseUrl, "POST", "/asset/update", { id, name: `edit ${i}` })))
    expect(answers.map((answer) => answer.status)).toEqual(Array(EDITS).fill(200))
    for (const service of [a, b]) {
      const history = (await call(service.baseUrl, "GET", `/asset/${id}/revisions?limit=100`)).json.iterable
      // Gap-free, each once: the create, then every edit.
      expect(history.map((entry: any) => entry.number)).toEqual(Array.from({ length: EDITS + 1 }, (_, i) => EDITS + 1 - i))
      const names = history.slice(0, EDITS).map((entry: any) => entry.changed)
      expect(names.every((changed: Array<string>) => changed.join() === "name")).toBe(true)
      // In commit order: their times do not go back, and the snippet is as its newest revision left it.
      const times = history.map((entry: any) => Date.parse(entry.created)).reverse()
      expect(times).toEqual([...times].sort((x, y) => x - y))
      const newest = (await call(service.baseUrl, "GET", `/asset/${id}/revisions/${EDITS + 1}`)).json.snippet
      expect((await call(service.baseUrl, "GET", `/assets/${id}`)).json.name).toBe(newest.name)
      const every = await Promise.all(history.map(async (entry: any) =>
        (await call(service.baseUrl, "GET", `/asset/${id}/revisions/${entry.number}`)).json.snippet.name))
      expect(new Set(every.slice(0, EDITS))).toEqual(new Set(Array.from({ length: EDITS }, (_, i) => `edit ${i}`)))
    }
  })

  it("a terminated notification connection: the stream catches up from the change log, nothing lost or twice", async () => {
    const onB = await open(b, "/assets/stream/identifiers")
    await onB.waitFor((frames) => frames.length >= 1)
    const terminated = await runSql(dbPath, `
      SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
      WHERE application_name = 'asset-connector-service changes' AND datname = current_database()`)
    expect(terminated.length).toBeGreaterThanOrEqual(2)
    const ids: Array<string> = []
    for (let i = 0; i < 15; i++) ids.push(await create(a, `export const afterTheDrop${i} = (n: number) => n - ${i} * 3\n`))
    const seen = idsOf((await onB.waitFor((frames) => idsOf(frames.slice(1)).length >= ids.length)).slice(1))
    expect(seen).toEqual(ids.map((id) => `+${id}`))
    // And notifications work again once the listener reconnected: a change arrives without waiting for a poll.
    const reconnected = await eventually(
      () => runSql(dbPath, "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'asset-connector-service changes'"),
      (rows) => rows[0].n === 2
    )
    expect(reconnected[0].n).toBe(2)
  })

  it("an instance started again reads its search index back, with what the others wrote while it was stopped", async () => {
    const c = await startService(dbPath)
    const before = await create(c, "export const beforeTheStop = (n: number) => n * 5\n")
    await c.stop()
    // Kept at the stop (or since by a, b in a quiet moment: any instance's stands for all).
    expect(await runSql(dbPath, "SELECT seq FROM search_index_snapshot")).toHaveLength(1)
    const meanwhile = await create(a, "export const whileStopped = (n: number) => n * 6\n")
    expect((await call(b.baseUrl, "POST", `/assets/${before}/delete`)).status).toBe(200)
    const again = await startService(dbPath)
    try {
      expect(await searchIds(again, "whileStopped")).toEqual([meanwhile])
      expect(await searchIds(again, "whileStoped")).toContain(meanwhile)
      expect(await searchIds(again, "beforeTheStop")).toEqual([])
    } finally {
      await again.stop()
    }
  })

  it("an instance killed with SIGKILL in the middle of writes: every acknowledged write is there, the others go on", async () => {
    const c = await startService(dbPath)
    const acknowledged: Array<string> = []
    let killed = false
    const workers = Array.from({ length: 4 }, async (_, w) => {
      for (let n = 0; !killed; n++) {
        try {
          const answer = await call(c.baseUrl, "POST", "/assets/create", codeSeed(`export const killed${w}x${n} = ${n} * ${w}\n`))
          if (answer.status === 200) acknowledged.push(answer.json.id)
        } catch {
          return
        }
      }
    })
    // Killed once writes are flowing (the first one loads the language grammars), with more in flight.
    await eventually(async () => acknowledged.length, (count) => count >= 8)
    killed = true
    await c.kill()
    await Promise.all(workers)
    expect(acknowledged.length).toBeGreaterThan(4)
    for (const id of acknowledged) expect((await call(a.baseUrl, "GET", `/assets/${id}`)).status, id).toBe(200)
    const after = await create(b, "export const afterTheKill = (n: number) => n + 1\n")
    expect(await eventually(() => searchIds(a, "afterTheKill"), (ids) => ids.includes(after))).toEqual([after])
  })
})

describe.skipIf(engine !== "pg")(`the database lost while the service runs (${runtime})`, () => {
  it("requests answer 503 JSON, streams close with 1011; once it is back the service is too, nothing acknowledged lost", async () => {
    // Durable: an outage must not cost what was acknowledged (the suites' own cluster trades that for speed).
    const cluster = await startPostgres({ durable: true })
    const dir = mkdtempSync(join(tmpdir(), "outage-"))
    const service = await startService(join(dir, "outage.db"), { DATABASE_URL: cluster.createDatabase("outage") })
    try {
      const before = await call(service.baseUrl, "POST", "/assets/create", codeSeed(CODE("savedBeforeTheOutage")))
      expect(before.status).toBe(200)
      const stream = await openStream(service.baseUrl, "/assets/stream/identifiers")
      await stream.waitFor((frames) => frames.length >= 1)

      cluster.halt()
      const during = await call(service.baseUrl, "POST", "/assets/create", codeSeed(CODE("savedDuringTheOutage")))
      expect(during.status).toBe(503)
      expect(during.json._tag).toBe("StorageUnavailable")
      expect((await call(service.baseUrl, "GET", `/assets/${before.json.id}`)).status).toBe(503)
      expect((await stream.closed).code).toBe(1011)

      cluster.resume()
      const back = await eventually(
        () => call(service.baseUrl, "GET", `/assets/${before.json.id}`).catch(() => ({ status: 0 })),
        (answer) => answer.status === 200
      )
      expect(back.status).toBe(200)
      const again = await openStream(service.baseUrl, "/assets/stream/identifiers")
      await again.waitFor((frames) => frames.length >= 1)
      const after = await call(service.baseUrl, "POST", "/assets/create", codeSeed(CODE("savedAfterTheOutage")))
      expect(after.status).toBe(200)
      await again.waitFor((frames) => idsOf(frames.slice(1)).includes(`+${after.json.id}`))
      expect(await eventually(() => searchIds(service, "savedAfterTheOutage"), (ids) => ids.length > 0)).toEqual([
        after.json.id
      ])
      await again.close()
    } finally {
      await service.stop()
      cluster.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
