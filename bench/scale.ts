/**
 * `npm run bench:scale`: the library at 10,000 and 100,000 snippets (`BENCH_SIZES` to change), measured from
 * outside the service process, as a user meets it. For each size, on a fresh database: the service's memory when
 * empty; filling it over HTTP with 8 concurrent creates (`bench/scaleCorpus.ts`: real code, many tags, near-
 * duplicate names); then, one request at a time with `transferables=false`: fuzzy searches, names with one typo
 * (is the snippet in the top 5?), tag searches, filtered searches, suggestions, the identifier snapshot and the full
 * listing; the MCP tool `search_snippets` with the same queries and with tag and language filters (one session, a
 * POST per call); the process's memory, and again at rest (no request for two of `MemoryAtRest`'s looks); a restart
 * (SIGTERM, start, until a search answers); the same queries again; the database files on disk. Memory is the
 * listening process's resident set (`/proc/<pid>/status`: VmRSS, and VmHWM for its peak); the search index's bytes
 * per asset are the service's own count (`/.well-known/stats`). The service runs with `SERVER_TIMING=true`, so that
 * each query's time inside it is reported beside the client's.
 *
 * With `DATABASE_URL` (a PostgreSQL server the benchmark may create databases on), the same on PostgreSQL, a fresh
 * database per size, plus what only several instances show: the second half of the library is filled through two
 * instances at once (the same 8 clients, 4 on each), and a change made on one instance is timed until it reaches a
 * stream on the other.
 *
 * With `E2E_RUNTIME=deno`, the service runs on Deno, started as a Deno user starts it (`deno task start`), restarts
 * included; memory is then that of the Deno process running the service, not of `deno task`.
 */
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Duration } from "effect"
import { LOOK } from "../src/runtime/MemoryAtRest.ts"
import { openStream } from "../test/e2e/StreamClient.ts"
import {
  isRunning,
  type RunningService,
  serviceUnder,
  startService,
  startAsUser
} from "../test/e2e/ServiceProcess.ts"
import { withTypo, withTypoInBase } from "./codeMutations.ts"
import { startComparison } from "./comparisonServer.ts"
import { databaseServer, freshDatabase } from "./freshDatabase.ts"
import { type ScaleEntry, scaleCorpus, seeded, versionedCorpus } from "./scaleCorpus.ts"
import { percentile } from "./percentile.ts"

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map(Number)
/**
 * `versions` (`BENCH_CASE=versions`): the library as a user who keeps versions meets it. Every function in ten
 * versions (`module.name_v1` … `module.name_v10`), three tags each; each create on a new connection, and the same
 * items filled into the bare server (`bench/baseline-server.ts`) and into the framework's floor
 * (`bench/framework-floor-server.ts`, a constant answer) the same way in the same run; typos inside the base name;
 * filters of a language and one tag; the restart is `npm start` (`deno task start` on Deno), as a user starts it,
 * and is timed again after a crash (SIGKILL) that follows a hundredth of the library saved anew (on SQLite the
 * snapshot of the search index kept at the stop is read back, with the rows those saves changed).
 */
const VERSIONS = process.env.BENCH_CASE === "versions"
/** The bare server's and the framework's fills beside the service's (`BENCH_COMPARE=false` leaves them out). */
const COMPARE = VERSIONS && process.env.BENCH_COMPARE !== "false"
const WRITERS = 8
const MB = 1024 * 1024
/** How long the service is left without a request before its memory at rest is read: two looks and a second more. */
const AT_REST = Duration.sum(Duration.times(LOOK, 2), Duration.seconds(1))

/** The resident set of a process and its peak so far, in bytes. */
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024
  return { rss: field("VmRSS"), peak: field("VmHWM") }
}

/**
 * Stops what `npm start` (or `deno task start`) started: SIGTERM to its whole process group, as a terminal's Ctrl-C
 * reaches it; waits for the service to exit.
 */
const stopGroup = async (group: number, servicePid: number) => {
  process.kill(-group, "SIGTERM")
  for (let waited = 0; waited < 15_000 && isRunning(servicePid); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  if (isRunning(servicePid)) process.kill(-group, "SIGKILL")
}

/** The library's files (`assets.db` and its log), not the bare server's beside them. */
const filesSize = (dir: string) =>
  readdirSync(dir).filter((file) => file.startsWith("assets.db")).reduce((sum, file) => sum + statSync(join(dir, file)).size, 0)

/** Where one size's library lives: a fresh SQLite file, or a fresh PostgreSQL database. */
interface Library {
  readonly env: Record<string, string>
  readonly bytes: () => Promise<number>
  readonly drop: () => Promise<void>
}

const libraryFor = async (size: number, dir: string): Promise<Library> => {
  if (databaseServer === undefined) {
    return { env: { DATABASE_URL: "" }, bytes: async () => filesSize(dir), drop: async () => {} }
  }
  const database = await freshDatabase(databaseServer, `bench_scale_${size}`)
  return { env: { DATABASE_URL: database.url }, bytes: database.bytes, drop: database.drop }
}

const application = { name: "VS_CODE", version: "1.95.0", platform: "LINUX" }

const seedOf = (entry: ScaleEntry) => ({
  type: "SEEDED_ASSET",
  asset: {
    application,
    format: { fragment: { string: { raw: entry.code }, metadata: { ext: entry.ext } } },
    metadata: {
      name: entry.name,
      tags: entry.tags.map((text) => ({ text })),
      ...(entry.website === undefined ? {} : { websites: [{ url: entry.website, name: entry.name }] })
    }
  }
})

interface Answer {
  readonly status: number
  readonly text: string
  readonly ms: number
}

const send = async (
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<Answer & { readonly headers: Headers }> => {
  const started = performance.now()
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } })
  })
  const text = await response.text()
  return { status: response.status, text, ms: performance.now() - started, headers: response.headers }
}

/** A request on a connection of its own, closed after the answer: a client that opens one per request. */
const sendOnNewConnection = (baseUrl: string, method: string, path: string, body: unknown): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    const payload = JSON.stringify(body)
    const outgoing = httpRequest(`${baseUrl}${path}`, {
      method,
      agent: false,
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), connection: "close" }
    }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString("utf8"),
          ms: performance.now() - started
        })
      )
      response.on("error", reject)
    })
    outgoing.on("error", reject)
    outgoing.end(payload)
  })

/** An MCP session over Streamable HTTP, as an assistant holds one: each tool call a POST. */
const mcpSession = async (baseUrl: string) => {
  const accept = { accept: "application/json, text/event-stream" }
  const init = await send(baseUrl, "POST", "/mcp", {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } }
  }, accept)
  const session = { ...accept, "mcp-session-id": init.headers.get("mcp-session-id") ?? "" }
  let id = 1
  return async (name: string, args: Record<string, unknown>) => {
    const answer = await send(baseUrl, "POST", "/mcp", {
      jsonrpc: "2.0",
      id: id++,
      method: "tools/call",
      params: { name, arguments: args }
    }, session)
    const result = JSON.parse(answer.text).result
    if (answer.status !== 200 || result === undefined || result.isError === true) {
      throw new Error(`${name}: ${answer.status} ${answer.text.slice(0, 300)}`)
    }
    return answer
  }
}

/** A GET whose answer is read as it streams and counted, not kept: a client that stores or parses as it goes. */
const received = async (baseUrl: string, path: string) => {
  const started = performance.now()
  const response = await fetch(`${baseUrl}${path}`)
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
  let bytes = 0
  const reader = response.body!.getReader()
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength
  return { bytes, ms: performance.now() - started }
}

interface Queries {
  readonly fuzzy: ReadonlyArray<string>
  readonly typos: ReadonlyArray<{ readonly query: string; readonly index: number }>
  readonly tags: ReadonlyArray<string>
  readonly filters: ReadonlyArray<unknown>
  readonly suggestions: ReadonlyArray<string>
  /** A word of the code under three letters beside a longer one, as people type `i index` or `os path`. */
  readonly shortWords: ReadonlyArray<string>
}

/** The same queries at every size, drawn from the part of the corpus every size holds. */
const queriesFor = (corpus: ReadonlyArray<ScaleEntry>): Queries => {
  const random = seeded(7)
  const pick = () => Math.floor(random() * Math.min(corpus.length, 10_000))
  const fuzzy: Array<string> = []
  while (fuzzy.length < 60) {
    const entry = corpus[pick()]
    const words = entry.code.match(/[A-Za-z_][A-Za-z0-9_]{5,}/g) ?? []
    if (words.length < 2) continue
    fuzzy.push(fuzzy.length % 2 === 0 ? words[words.length - 1] : `${words[0]} ${words[words.length - 1]}`)
  }
  const typos: Array<{ query: string; index: number }> = []
  while (typos.length < 200) {
    // Names from the whole library: at 100,000 most are near-duplicate variants.
    const index = Math.floor(random() * corpus.length)
    const { name, base } = corpus[index]
    if (name.length < 6) continue
    const query = base === undefined
      ? withTypo(name, random)
      : withTypoInBase(name, name.indexOf(`.${base}_v`) + 1, base.length, random)
    typos.push({ query, index })
  }
  const tags = ["parsing", "c", "effect", "io,ts", "typescript", "streams,vitest", "error", "value,type", "sqlite3", "ui"]
  const filters = VERSIONS ? languageAndTag : [
    { filters: { iterable: [{ classification: "c" }, { tags: ["io"] }] } },
    { filters: { iterable: [{ classification: "ts" }, { classification: "c" }], type: "OR" } },
    { filters: { iterable: [{ phrase: { value: "sqlite3_mutex_enter", content: true } }] } },
    { filters: { iterable: [{ phrase: { value: "Initializer", title: true } }] } },
    { filters: { iterable: [{ tags: ["testing"] }, { classification: "js" }] } },
    { filters: { iterable: [{ websites: ["docs.example.com/effect"] }] } },
    {
      filters: {
        iterable: [{ operations: { iterable: [{ tags: ["streams"] }, { tags: ["storage"] }], type: "OR" } }, {
          classification: "js"
        }]
      }
    }
  ]
  const suggestions: Array<string> = []
  while (suggestions.length < 40) {
    const entry = corpus[pick()]
    if (entry.code.split("\n").length < 6) continue
    // A copy with one line changed, as code is pasted back and adapted.
    suggestions.push(entry.code.replace(/\n([^\n]*)\n/, "\n$1 // adapted\n"))
  }
  // Drawn last, so that the queries above stay those of earlier runs.
  const shortWords: Array<string> = []
  while (shortWords.length < 40) {
    const code = corpus[pick()].code
    const short = code.match(/\b[A-Za-z]{1,2}\b/g) ?? []
    const long = code.match(/[A-Za-z_][A-Za-z0-9_]{5,}/g) ?? []
    if (short.length === 0 || long.length === 0) continue
    shortWords.push(`${short[Math.floor(random() * short.length)]} ${long[Math.floor(random() * long.length)]}`)
  }
  return { fuzzy, typos, tags, filters, suggestions, shortWords }
}

interface Round {
  readonly fuzzy: Array<number>
  readonly shortWords: Array<number>
  readonly typoTop5: number
  readonly tags: Array<number>
  readonly filters: Array<number>
  /** The size of each filter search's answer, in bytes. */
  readonly filterBytes: Array<number>
  readonly suggestions: Array<number>
  /** `search_snippets` over MCP: the fuzzy queries, then tag and language filters. */
  readonly mcpSearches: Array<number>
  /** The same requests' time inside the service, as each answer's `Server-Timing` says. */
  readonly inService: InService
  /** The service's peak memory after each kind of query, in the order of `QUERY_KINDS` (bytes). */
  readonly peaks: ReadonlyArray<number>
}

/** The kinds of query a round sends, in the order it sends them. */
const QUERY_KINDS = ["fuzzy", "typos", "tags", "filters", "suggestions", "MCP", "short words"] as const

type InService = Record<"fuzzy" | "shortWords" | "tags" | "filters" | "suggestions" | "mcpSearches", Array<number>>

/** The service's own time for an answer (`SERVER_TIMING=true`): from the request's head to the answer's. */
const serviceMs = (answer: { readonly headers: Headers }) => {
  const millis = Number(/app;dur=([\d.]+)/.exec(answer.headers.get("server-timing") ?? "")?.[1])
  if (Number.isNaN(millis)) throw new Error("an answer without Server-Timing")
  return millis
}

const runQueries = async (
  baseUrl: string,
  app: string,
  queries: Queries,
  ids: ReadonlyArray<string>,
  peakNow: () => number
): Promise<Round> => {
  const peaks: Array<number> = []
  const inService: InService = { fuzzy: [], shortWords: [], tags: [], filters: [], suggestions: [], mcpSearches: [] }
  const ok = <A extends Answer & { readonly headers: Headers }>(answer: A, what: string, kind: keyof InService) => {
    if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`)
    inService[kind].push(serviceMs(answer))
    return answer
  }
  /** A fuzzy search for `query`, its time inside the service kept under `kind`. */
  const search = async (query: string, kind: "fuzzy" | "shortWords") =>
    ok(await send(baseUrl, "GET", `/assets/search?transferables=false&query=${encodeURIComponent(query)}`), query, kind)
  const fuzzy: Array<number> = []
  for (const query of queries.fuzzy) fuzzy.push((await search(query, "fuzzy")).ms)
  peaks.push(peakNow())
  let found = 0
  for (const { query, index } of queries.typos) {
    const answer = await search(query, "fuzzy")
    fuzzy.push(answer.ms)
    const top = (JSON.parse(answer.text).iterable as Array<{ identifier: string }>).slice(0, 5).map((hit) => hit.identifier)
    if (top.includes(ids[index])) found++
  }
  peaks.push(peakNow())
  const tags: Array<number> = []
  for (let round = 0; round < 3; round++) {
    for (const tag of queries.tags) {
      tags.push(ok(await send(baseUrl, "GET", `/assets/search?transferables=false&searchable_tags=${tag}`), tag, "tags").ms)
    }
  }
  peaks.push(peakNow())
  const filters: Array<number> = []
  const filterBytes: Array<number> = []
  for (let round = 0; round < 3; round++) {
    for (const body of queries.filters) {
      const answer = ok(await send(baseUrl, "POST", "/assets/search?transferables=false", body), JSON.stringify(body), "filters")
      filters.push(answer.ms)
      filterBytes.push(Buffer.byteLength(answer.text))
    }
  }
  peaks.push(peakNow())
  const suggestions: Array<number> = []
  for (const raw of queries.suggestions) {
    const body = { asset: { format: { fragment: { string: { raw } } } } }
    suggestions.push(ok(await send(baseUrl, "POST", `/${app}/suggestion`, body), "suggestion", "suggestions").ms)
  }
  peaks.push(peakNow())
  const callTool = await mcpSession(baseUrl)
  const mcpSearches: Array<number> = []
  const toolCall = async (args: Record<string, unknown>) => {
    const answer = await callTool("search_snippets", args)
    inService.mcpSearches.push(serviceMs(answer))
    return answer.ms
  }
  for (const query of queries.fuzzy) mcpSearches.push(await toolCall({ query, limit: 10 }))
  for (const tag of queries.tags) mcpSearches.push(await toolCall({ tags: tag.split(","), language: "typescript", limit: 10 }))
  peaks.push(peakNow())
  // Last, so that every query above runs as in earlier runs.
  const shortWords: Array<number> = []
  for (const query of queries.shortWords) shortWords.push((await search(query, "shortWords")).ms)
  peaks.push(peakNow())
  return {
    fuzzy,
    shortWords,
    typoTop5: found / queries.typos.length,
    tags,
    filters,
    filterBytes,
    suggestions,
    mcpSearches,
    inService,
    peaks
  }
}

/** The versions case's filters: a language and one tag (a topic or a package). */
const languageAndTag = [["ts", "parsing"], ["js", "io"], ["c", "storage"], ["ts", "effect"], ["js", "errors"], [
  "ts",
  "streams"
], ["c", "network"]].map(([language, tag]) => ({
  filters: { iterable: [{ classification: language }, { tags: [tag] }] }
}))

/** Until the service answers a search: the time a user waits after starting it. */
const untilFirstAnswer = async (started: number, service: RunningService) => {
  while (true) {
    const answer = await send(service.baseUrl, "GET", "/assets/search?transferables=false&query=parse")
    if (answer.status === 200) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Creates `corpus[from, to)` through these services, `clients` at a time spread over them, each request on a new
 * connection in the versions case; answers assets/s.
 */
const fill = async (
  services: ReadonlyArray<Pick<RunningService, "baseUrl">>,
  corpus: ReadonlyArray<ScaleEntry>,
  ids: Array<string>,
  from: number,
  to: number
) => {
  let next = from
  const started = performance.now()
  const post = VERSIONS ? sendOnNewConnection : send
  await Promise.all(Array.from({ length: WRITERS }, async (_, client) => {
    const service = services[client % services.length]
    while (next < to) {
      const index = next++
      const answer = await post(service.baseUrl, "POST", "/assets/create?transferables=false", seedOf(corpus[index]))
      if (answer.status !== 200) throw new Error(`create ${index}: ${answer.status} ${answer.text.slice(0, 200)}`)
      ids[index] = JSON.parse(answer.text).id
    }
  }))
  return (to - from) / ((performance.now() - started) / 1000)
}

/** `corpus` filled into a comparison server from `bench/` as into the service; answers assets/s. */
const fillComparison = async (script: string, dbPath: string, corpus: ReadonlyArray<ScaleEntry>) => {
  const target = await startComparison(script, dbPath)
  try {
    return await fill([target], corpus, new Array(corpus.length), 0, corpus.length)
  } finally {
    await target.stop()
  }
}

/**
 * What answers of these sizes cost a client when nothing is looked up: the bare server (`GET /bytes/N`) sending one
 * answer of each size listed, one request at a time, with the queries' client. On a small machine, sending a hundred
 * documents is a floor no search answering them goes under.
 */
const floorOf = async (sizes: ReadonlyArray<number>, dir: string) => {
  const bare = await startComparison("bench/baseline-server.ts", join(dir, "floor.db"))
  try {
    for (const size of sizes.slice(0, 3)) await send(bare.baseUrl, "GET", `/bytes/${size}`)
    const times: Array<number> = []
    for (const size of sizes) times.push((await send(bare.baseUrl, "GET", `/bytes/${size}`)).ms)
    return times
  } finally {
    await bare.stop()
  }
}

/** From a create answered on `writer` until its frame arrives on `reader`'s identifiers stream, one at a time. */
const propagation = async (writer: RunningService, reader: RunningService, count: number) => {
  const stream = await openStream(reader.baseUrl, "/assets/stream/identifiers")
  await stream.waitFor((frames) => frames.length >= 1, 60_000)
  const delays: Array<number> = []
  for (let i = 0; i < count; i++) {
    const raw = `export const propagated${i}_${Date.now()} = (value: number) => value * ${i} + 1\n`
    const answer = await send(writer.baseUrl, "POST", "/assets/create?transferables=false", {
      type: "SEEDED_ASSET",
      asset: { application, format: { fragment: { string: { raw }, metadata: { ext: "ts" } } } }
    })
    const answered = performance.now()
    const id = JSON.parse(answer.text).id
    await stream.waitFor((frames) => frames.slice(1).some((frame) => frame.iterable.some((item: any) => item.asset.id === id)))
    delays.push(Math.max(0, performance.now() - answered))
  }
  await stream.close()
  return delays
}

const measure = async (size: number) => {
  const dir = mkdtempSync(join(tmpdir(), "bench-scale-"))
  const dbPath = join(dir, "assets.db")
  const library = await libraryFor(size, dir)
  const corpus = VERSIONS ? versionedCorpus(size) : scaleCorpus(size)
  const queries = queriesFor(corpus)
  const figures = new Map<string, string>()
  const fmt = (ms: number) => ms.toFixed(ms < 10 ? 1 : 0)
  // Each answer says how long the service took (`Server-Timing`), reported beside what the client waited.
  const env = { NODE_ENV: "production", SERVER_TIMING: "true", ...library.env }
  try {
    let service = await startService(dbPath, env)
    /** The service's own process (on Deno, `deno task` started it). */
    let servicePid = serviceUnder(service.pid)
    await send(service.baseUrl, "GET", "/assets/identifiers")
    await send(service.baseUrl, "GET", "/assets/search?query=warm&transferables=false")
    const empty = memoryOf(servicePid)
    const app = JSON.parse((await send(service.baseUrl, "POST", "/connect", { application })).text).application.id

    // The bare server fills the same items the same way first, the machine otherwise idle; then the framework's
    // floor, which reads each create and answers a constant: what the stack alone lets a fill reach.
    const bareRate = COMPARE ? await fillComparison("bench/baseline-server.ts", join(dir, "bare.db"), corpus) : undefined
    const floorRate = COMPARE ? await fillComparison("bench/framework-floor-server.ts", ":memory:", corpus) : undefined

    const ids: Array<string> = new Array(size)
    let fillRate: number
    let second: RunningService | undefined
    if (databaseServer === undefined) {
      fillRate = await fill([service], corpus, ids, 0, size)
    } else {
      // Half through one instance, half through two: the same 8 clients, spread over the instances.
      const oneInstance = await fill([service], corpus, ids, 0, size / 2)
      second = await startService(dbPath, env)
      const twoInstances = await fill([service, second], corpus, ids, size / 2, size)
      fillRate = size / (size / 2 / oneInstance + size / 2 / twoInstances)
      figures.set(
        "filling through one instance / two instances (assets/s; ratio)",
        `${oneInstance.toFixed(0)} / ${twoInstances.toFixed(0)}; ${(twoInstances / oneInstance).toFixed(2)}×`
      )
      const delays = await propagation(service, second, 200)
      figures.set(
        "a create on one instance until the other's stream has it: p50 / p99 (ms)",
        `${fmt(percentile(delays, 50))} / ${fmt(percentile(delays, 99))}`
      )
      await second.stop()
    }
    const filled = memoryOf(servicePid)

    const before = await runQueries(service.baseUrl, app, queries, ids, () => memoryOf(servicePid).peak)
    const identifiers: Array<number> = []
    for (let i = 0; i < 5; i++) identifiers.push((await send(service.baseUrl, "GET", "/assets/identifiers")).ms)
    const afterQueries = memoryOf(servicePid)

    // The full listing, with the process's memory sampled while it answers.
    let listingPeak = memoryOf(servicePid).rss
    const sampler = setInterval(() => (listingPeak = Math.max(listingPeak, memoryOf(servicePid).rss)), 25)
    const listing = await received(service.baseUrl, "/assets?transferables=false")
    clearInterval(sampler)
    // Then nothing for a while: what the service holds at rest.
    await new Promise((resolve) => setTimeout(resolve, Duration.toMillis(AT_REST)))
    const atRest = memoryOf(servicePid)
    const firstPeak = atRest.peak

    await service.stop()
    const restartStarted = performance.now()
    service = VERSIONS ? await startAsUser(dbPath, env) : await startService(dbPath, env)
    const restart = await untilFirstAnswer(restartStarted, service)
    servicePid = serviceUnder(service.pid)
    const after = await runQueries(service.baseUrl, app, queries, ids, () => memoryOf(servicePid).peak)
    const secondPeak = memoryOf(servicePid).peak
    const index = JSON.parse((await send(service.baseUrl, "GET", "/.well-known/stats")).text).searchIndex
    // A hundredth of the library saved anew, then a crash; the start after it must find them.
    let crashRestart: { seconds: number; peak: number } | undefined
    if (VERSIONS) {
      const saved = corpus.slice(0, size / 100).map((entry) => ({ ...entry, name: `${entry.name}_saved_before_crash` }))
      const savedIds: Array<string> = new Array(saved.length)
      await fill([service], saved, savedIds, 0, saved.length)
      await service.kill()
      const crashStarted = performance.now()
      service = await startAsUser(dbPath, env)
      const seconds = (await untilFirstAnswer(crashStarted, service)) / 1000
      const found = await send(service.baseUrl, "GET", `/assets/search?transferables=false&query=${saved[0].name}`)
      const top = (JSON.parse(found.text).iterable as Array<{ identifier: string }>).slice(0, 5)
      if (!top.some((hit) => hit.identifier === savedIds[0])) {
        throw new Error("an asset saved before the crash is not found after it")
      }
      const pid = serviceUnder(service.pid)
      crashRestart = { seconds, peak: memoryOf(pid).peak }
      await stopGroup(service.pid, pid)
    } else {
      await service.stop()
    }
    const disk = await library.bytes()
    // Once the service stopped, the machine otherwise idle: as many answers as the filter searches of both rounds.
    const floor = COMPARE ? await floorOf([...before.filterBytes, ...after.filterBytes], dir) : undefined

    const both = (pick: (round: Round) => Array<number>) => [...pick(before), ...pick(after)]
    figures.set("fuzzy search p50 / p95 (ms)", `${fmt(percentile(both((r) => r.fuzzy), 50))} / ${fmt(percentile(both((r) => r.fuzzy), 95))}`)
    figures.set("  after the restart: p50 / p95", `${fmt(percentile(after.fuzzy, 50))} / ${fmt(percentile(after.fuzzy, 95))}`)
    figures.set(
      "a word under three letters beside a longer one: p50 / p95 (ms); inside the service",
      `${fmt(percentile(both((r) => r.shortWords), 50))} / ${fmt(percentile(both((r) => r.shortWords), 95))}; ${
        fmt(percentile(both((r) => r.inService.shortWords), 50))
      } / ${fmt(percentile(both((r) => r.inService.shortWords), 95))}`
    )
    figures.set("a name with one typo: its snippet in the top 5", `${(before.typoTop5 * 100).toFixed(0)}%`)
    figures.set("tag search p95 / filter search p95 (ms)", `${fmt(percentile(both((r) => r.tags), 95))} / ${fmt(percentile(both((r) => r.filters), 95))}`)
    if (floor !== undefined) {
      figures.set(
        "  the bare server sending as many bytes as the filter searches' answers: p50 / p95 (ms)",
        `${fmt(percentile(floor, 50))} / ${fmt(percentile(floor, 95))}`
      )
    }
    figures.set("suggestion p95 (ms)", fmt(percentile(both((r) => r.suggestions), 95)))
    figures.set(
      "MCP search_snippets tool call p50 / p95 (ms)",
      `${fmt(percentile(both((r) => r.mcpSearches), 50))} / ${fmt(percentile(both((r) => r.mcpSearches), 95))}`
    )
    // The same requests as the service timed them: what is left of each figure above is the client's and the
    // machine's (reading the answer, cores shared with the client).
    const inside = (kind: keyof InService, at: number) => fmt(percentile(both((r) => r.inService[kind]), at))
    figures.set(
      "inside the service (Server-Timing): fuzzy p50 / p95; tag p95 / filter p95; suggestion p95; MCP p50 / p95 (ms)",
      `${inside("fuzzy", 50)} / ${inside("fuzzy", 95)}; ${inside("tags", 95)} / ${inside("filters", 95)}; ${
        inside("suggestions", 95)
      }; ${inside("mcpSearches", 50)} / ${inside("mcpSearches", 95)}`
    )
    // A process that has not answered a query of a kind yet runs its code cold (V8 has not compiled it): what the
    // first of each kind costs, beside the percentiles above, which count it.
    const firsts = (round: Round) =>
      [round.fuzzy[0], round.tags[0], round.filters[0], round.suggestions[0]].map(fmt).join(" / ")
    figures.set(
      "the first query of each kind, after the fill; after the restart: fuzzy / tag / filter / suggestion (ms)",
      `${firsts(before)}; ${firsts(after)}`
    )
    figures.set("GET /assets/identifiers (ms, median of 5)", fmt(percentile(identifiers, 50)))
    figures.set(
      "GET /assets?transferables=false: time; size; RSS peak while answering",
      `${(listing.ms / 1000).toFixed(1)} s; ${(listing.bytes / MB).toFixed(0)} MB; ${(listingPeak / MB).toFixed(0)} MB`
    )
    const peak = Math.max(firstPeak, secondPeak, crashRestart?.peak ?? 0)
    figures.set("RSS after the queries / peak over the whole test (MB)", `${(afterQueries.rss / MB).toFixed(0)} / ${(peak / MB).toFixed(0)}`)
    figures.set(
      "  peak of each process: filled, queried, listed and at rest / restarted and queried / started after the crash (MB)",
      [firstPeak, secondPeak, crashRestart?.peak]
        .map((bytes) => bytes === undefined ? "-" : (bytes / MB).toFixed(0))
        .join(" / ")
    )
    figures.set(
      "RSS filled, before queries / the first process's peak by then (MB)",
      `${(filled.rss / MB).toFixed(0)} / ${(filled.peak / MB).toFixed(0)}`
    )
    figures.set("  peak after the queries, before the listing (MB)", (afterQueries.peak / MB).toFixed(0))
    figures.set(
      `RSS at rest: ${Duration.toSeconds(AT_REST).toFixed(0)} s after the listing, no request since (MB)`,
      (atRest.rss / MB).toFixed(0)
    )
    figures.set(
      `  the first process's peak after each kind of query: ${QUERY_KINDS.join(" / ")} (MB)`,
      before.peaks.map((bytes) => (bytes / MB).toFixed(0)).join(" / ")
    )
    figures.set(
      "in-memory search index, bytes per asset: typo index / facets",
      `${(index.titleBytes / index.assets).toFixed(0)} / ${(index.facetBytes / index.assets).toFixed(0)}`
    )
    figures.set("RSS of the service with an empty library (MB)", (empty.rss / MB).toFixed(0))
    figures.set("restart until the first answer (s)", (restart / 1000).toFixed(1))
    if (crashRestart !== undefined) {
      figures.set("  after a hundredth saved anew and a crash (SIGKILL) (s)", crashRestart.seconds.toFixed(1))
    }
    figures.set("database files (MB)", (disk / MB).toFixed(0))
    figures.set("filling, 8 concurrent creates (assets/s)", fillRate.toFixed(0))
    if (bareRate !== undefined) {
      figures.set(
        "filling, a new connection per create: service / bare server (assets/s; ratio)",
        `${fillRate.toFixed(0)} / ${bareRate.toFixed(0)}; ${(fillRate / bareRate).toFixed(2)}×`
      )
    }
    if (bareRate !== undefined && floorRate !== undefined) {
      figures.set(
        "  the framework's floor answering each create with a constant / bare server (assets/s; ratio)",
        `${floorRate.toFixed(0)} / ${bareRate.toFixed(0)}; ${(floorRate / bareRate).toFixed(2)}×`
      )
    }
    console.log(`${size}: done`, Object.fromEntries(figures))
    return figures
  } finally {
    // `BENCH_KEEP=DIR` keeps the last SQLite library there, to study it after the run (a start-up profile, say).
    if (process.env.BENCH_KEEP !== undefined && databaseServer === undefined) {
      rmSync(process.env.BENCH_KEEP, { recursive: true, force: true })
      renameSync(dir, process.env.BENCH_KEEP)
    }
    rmSync(dir, { recursive: true, force: true })
    await library.drop()
  }
}

const main = async () => {
  const columns: Array<Map<string, string>> = []
  for (const size of SIZES) columns.push(await measure(size))
  const header = `| figure | ${SIZES.map((size) => size.toLocaleString("en")).join(" | ")} |`
  const rule = `|---|${SIZES.map(() => "---").join("|")}|`
  const rows = [...columns[0].keys()].map((key) => `| ${key} | ${columns.map((column) => column.get(key)).join(" | ")} |`)
  console.log([header, rule, ...rows].join("\n"))
}

await main()
