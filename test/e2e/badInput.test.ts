/**
 * Generated bad input against the real process (fast-check through `@effect/vitest`'s `it.effect.prop`): every
 * operation receives bodies, query strings, path parameters and content types mutated from a valid request, with
 * bodies sent with a length or chunked.
 * Each answer must be a success or a 4xx JSON error with a `_tag` and a `message` (search without query or tags
 * is the spec's 500; what the service does not provide, 501), a refused request must leave the database unchanged
 * (`LibraryState`: a value read over a second connection that moves with every commit of the service), and the
 * service must keep answering. On SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { application, call, codeSeed, creation, rawRequest } from "./Http.ts"
import { writeMarker, type WriteMarker } from "./LibraryState.ts"
import { engine, runtime, startService, type RunningService } from "./ServiceProcess.ts"

const MERGE = "export function merge(a: number[], b: number[]) {\n  const out: number[] = []\n  while (a.length && b.length) out.push(a[0]! < b[0]! ? a.shift()! : b.shift()!)\n  return out.concat(a, b)\n}\n"
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 100)

interface Ids {
  readonly app: string
  readonly asset: string
  readonly format: string
  readonly document: any
  readonly tag: string
  readonly website: string
  readonly annotation: string
}

/** One operation as a valid request; the generators below mutate it. */
interface Operation {
  readonly name: string
  readonly method: "GET" | "POST"
  readonly path: (ids: Ids, param?: string) => string
  /** The path parameter the generators replace, if it takes one. */
  readonly param?: "asset" | "application" | "format" | "tag" | "website" | "annotation" | "model"
  readonly query?: Record<string, string>
  readonly body?: (ids: Ids) => unknown
  readonly headers?: (ids: Ids) => Record<string, string>
}

/** The one-asset, format and search operations the Pieces clients use. */
const assetOperations: ReadonlyArray<Operation> = [
  { name: "asset (singular)", method: "GET", param: "asset", path: (ids, p = ids.asset) => `/asset/${p}`, query: { transferables: "false" } },
  { name: "asset by POST", method: "POST", param: "asset", path: (ids, p = ids.asset) => `/asset/${p}`, body: () => ({ os: "local", share: "none" }) },
  { name: "asset formats", method: "GET", param: "asset", path: (ids, p = ids.asset) => `/asset/${p}/formats`, query: { transferables: "true" } },
  { name: "asset update", method: "POST", path: () => "/asset/update", query: { transferables: "false" }, body: (ids) => ({ ...ids.document, name: "merge sorted arrays" }) },
  { name: "asset reclassify", method: "POST", path: () => "/asset/reclassify", query: { transferables: "false" }, body: (ids) => ({ asset: ids.document, ext: "ts" }) },
  { name: "asset export", method: "GET", param: "asset", path: (ids, p = ids.asset) => `/asset/${p}/export`, query: { export_type: "MD" } },
  { name: "asset scores", method: "POST", param: "asset", path: (ids, p = ids.asset) => `/asset/${p}/scores/increment`, body: () => ({ asset: { reuse: true } }) },
  { name: "asset tag associate", method: "POST", param: "tag", path: (ids, p = ids.tag) => `/asset/${ids.asset}/tags/associate/${p}` },
  { name: "asset website associate", method: "POST", param: "website", path: (ids, p = ids.website) => `/asset/${ids.asset}/websites/associate/${p}` },
  { name: "asset annotation disassociate", method: "POST", param: "annotation", path: (ids, p = ids.annotation) => `/asset/${ids.asset}/annotations/disassociate/${p}` },
  { name: "format", method: "GET", param: "format", path: (ids, p = ids.format) => `/format/${p}`, query: { transferable: "true" } },
  {
    name: "format update value",
    method: "POST",
    path: () => "/format/update/value",
    query: { transferable: "false" },
    body: (ids) => ({ ...ids.document.formats.iterable[0], fragment: { string: { raw: MERGE.replace("merge", "mergeSorted") } } })
  },
  { name: "format reclassify", method: "POST", path: () => "/format/reclassify", body: (ids) => ({ format: { id: ids.format }, ext: "ts" }) },
  { name: "full text search", method: "GET", path: () => "/search/full_text", query: { query: "merge", pseudo: "false" } },
  { name: "neural code search", method: "GET", path: () => "/search/neural_code", query: { query: "merge sorted arrays" } },
  { name: "tag based search", method: "POST", path: () => "/search/tag_based", body: () => ({ iterable: [{ text: "sort" }] }) }
]

/** Tags, websites and annotations, from both sides. */
const organisingOperations: ReadonlyArray<Operation> = [
  { name: "tags", method: "GET", path: () => "/tags", query: { transferables: "true" } },
  { name: "tag create", method: "POST", path: () => "/tags/create", body: (ids) => ({ text: "arrays", asset: ids.asset }) },
  { name: "tag exists", method: "POST", path: () => "/tags/exists", body: () => ({ value: "sort" }) },
  { name: "tag", method: "GET", param: "tag", path: (ids, p = ids.tag) => `/tag/${p}` },
  { name: "tag update", method: "POST", path: () => "/tag/update", body: (ids) => ({ id: ids.tag, text: "sorting", category: "UNKNOWN" }) },
  { name: "tag asset associate", method: "POST", param: "asset", path: (ids, p = ids.asset) => `/tag/${ids.tag}/assets/associate/${p}` },
  { name: "websites", method: "GET", path: () => "/websites" },
  { name: "website create", method: "POST", path: () => "/websites/create", body: (ids) => ({ url: "https://example.com/merge", name: "merge", asset: ids.asset }) },
  { name: "website exists", method: "POST", path: () => "/websites/exists", body: () => ({ value: "https://example.com/sort" }) },
  { name: "website update", method: "POST", path: () => "/website/update", body: (ids) => ({ id: ids.website, url: "https://example.com/sort", name: "sort docs" }) },
  { name: "website asset disassociate", method: "POST", param: "asset", path: (ids, p = ids.asset) => `/website/${ids.website}/assets/disassociate/${p}` },
  { name: "annotations", method: "GET", path: () => "/annotations" },
  { name: "annotation create", method: "POST", path: () => "/annotations/create", body: (ids) => ({ type: "COMMENT", text: "stable", asset: ids.asset }) },
  { name: "annotation", method: "GET", param: "annotation", path: (ids, p = ids.annotation) => `/annotation/${p}` },
  { name: "annotation update", method: "POST", path: () => "/annotation/update", body: (ids) => ({ id: ids.annotation, type: "DESCRIPTION", text: "merges two sorted arrays" }) },
  { name: "annotation asset associate", method: "POST", param: "asset", path: (ids, p = ids.asset) => `/annotation/${ids.annotation}/assets/associate/${p}` },
  { name: "tag delete", method: "POST", param: "tag", path: (ids, p = ids.tag) => `/tags/${p}/delete` }
]

/** The trash and backups (this service's own): a live asset is not in the trash; a backup is NDJSON, not JSON. */
const trashAndBackupOperations: ReadonlyArray<Operation> = [
  { name: "trash", method: "GET", path: () => "/trash", query: { transferables: "false" } },
  { name: "trash restore", method: "POST", param: "asset", path: (ids, p = ids.asset) => `/trash/${p}/restore` },
  { name: "trash purge one", method: "POST", param: "asset", path: (ids, p = ids.asset) => `/trash/${p}/purge` },
  { name: "database export", method: "GET", path: () => "/database/export" },
  { name: "database import", method: "POST", path: () => "/database/import", body: () => ({ backup: "asset-connector-service", version: 1 }) }
]

/** What clients read about the installation at start-up, and the streams besides the asset streams. */
const installationOperations: ReadonlyArray<Operation> = [
  { name: "version", method: "GET", path: () => "/.well-known/version" },
  { name: "user", method: "GET", path: () => "/user" },
  { name: "models", method: "GET", path: () => "/models" },
  { name: "model", method: "GET", param: "model", path: (_ids, p = "5b2d3a8c-6f1e-4c2a-9d4b-0a1e2f3c4d54") => `/model/${p}` },
  { name: "applications", method: "GET", path: () => "/applications" },
  { name: "application", method: "GET", param: "application", path: (ids, p = ids.app) => `/applications/${p}` },
  { name: "application register", method: "POST", path: () => "/applications/register", body: () => application },
  { name: "user stream", method: "GET", path: () => "/user/stream" },
  { name: "tag stream", method: "GET", path: () => "/tags/stream/identifiers" },
  { name: "health stream", method: "GET", path: () => "/.well-known/stream/health" },
  { name: "copilot (not provided)", method: "POST", path: () => "/qgpt/question", body: () => ({ query: "what does merge do?" }) }
]

const operations: ReadonlyArray<Operation> = [
  { name: "connect", method: "POST", path: () => "/connect", body: () => ({ application }) },
  { name: "onboarded", method: "POST", param: "application", path: (ids, p = ids.app) => `/${p}/onboarded`, body: () => true },
  {
    name: "onboarded by header",
    method: "POST",
    path: () => "/onboarded",
    body: () => true,
    headers: (ids) => ({ "x-application-id": ids.app })
  },
  { name: "intention", method: "POST", param: "application", path: (ids, p = ids.app) => `/${p}/intention`, body: () => creation(MERGE).asset },
  { name: "suggestion", method: "POST", param: "application", path: (ids, p = ids.app) => `/${p}/suggestion`, body: () => creation(MERGE) },
  {
    name: "reaction",
    method: "POST",
    param: "application",
    path: (ids, p = ids.app) => `/${p}/reaction`,
    body: (ids) => ({ save: false, seed: creation(MERGE), reuse: { asset: ids.asset } })
  },
  {
    name: "track",
    method: "POST",
    param: "application",
    path: (ids, p = ids.app) => `/${p}/track`,
    body: (ids) => ({ format: { format: { id: ids.format }, identifier_description_pair: { format_copied: "copied" } } })
  },
  { name: "create", method: "POST", path: () => "/assets/create", query: { transferables: "false" }, body: () => codeSeed(MERGE) },
  { name: "draft", method: "POST", path: () => "/assets/draft", query: { transferables: "true" }, body: () => codeSeed(MERGE) },
  ...assetOperations,
  ...organisingOperations,
  ...installationOperations,
  ...trashAndBackupOperations,
  { name: "delete", method: "POST", param: "asset", path: (ids, p = ids.asset) => `/assets/${p}/delete` },
  { name: "asset", method: "GET", param: "asset", path: (ids, p = ids.asset) => `/assets/${p}`, query: { transferables: "false" } },
  { name: "formats", method: "GET", param: "asset", path: (ids, p = ids.asset) => `/assets/${p}/formats`, query: { transferables: "true" } },
  { name: "snapshot", method: "GET", path: () => "/assets", query: { transferables: "false", pseudo: "true", suggested: "false" } },
  { name: "identifiers", method: "GET", path: () => "/assets/identifiers", query: { pseudo: "false" } },
  { name: "pseudo", method: "GET", path: () => "/assets/pseudo" },
  { name: "search", method: "GET", path: () => "/assets/search", query: { query: "merge", searchable_tags: "sort", transferables: "false", pseudo: "false" } },
  {
    name: "search with filters",
    method: "POST",
    path: () => "/assets/search",
    query: { transferables: "false" },
    body: () => ({ query: "merge", filters: { iterable: [{ classification: "ts" }, { tags: ["sort"] }], type: "OR" }, casing: false })
  },
  { name: "related", method: "POST", path: () => "/assets/related", body: (ids) => ({ iterable: [ids.document] }) },
  {
    name: "recommended",
    method: "POST",
    path: () => "/assets/recommended",
    body: (ids) => ({
      assets: { iterable: [ids.document] },
      interactions: { iterable: [{ asset: ids.asset, interactions: { viewed: "PT2M", touched: true } }] }
    })
  },
  { name: "related (GET with a body)", method: "GET", path: () => "/assets/related", body: (ids) => ({ iterable: [ids.document] }) },
  { name: "stream", method: "GET", path: () => "/assets/stream", query: { transferables: "false" } }
]

/** Every path inside a JSON value, for replacing or deleting what is there. */
const pathsOf = (value: unknown, prefix: ReadonlyArray<string | number> = []): Array<ReadonlyArray<string | number>> => {
  if (value === null || typeof value !== "object") return [prefix]
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value)
  return [prefix, ...entries.flatMap(([key, v]) => pathsOf(v, [...prefix, key]))]
}

const edit = (value: unknown, path: ReadonlyArray<string | number>, replacement: unknown | typeof REMOVE): unknown => {
  if (path.length === 0) return replacement === REMOVE ? undefined : replacement
  const [head, ...rest] = path
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) }
  const next = edit(copy[head!], rest, replacement)
  if (next === undefined && rest.length === 0) {
    if (Array.isArray(copy)) copy.splice(head as number, 1)
    else delete copy[head!]
  } else copy[head!] = next
  return copy
}
const REMOVE = Symbol("remove")

const oddValues = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, "", -1, 0, 1e308, -0.5, true, [], {}, "x".repeat(70_000), "💥\u0000\uFFFF", "2026-13-45T25:61:00Z"),
  fc.uuid(),
  fc.string({ unit: "grapheme", maxLength: 40 })
)

const oddParam = fc.oneof(
  fc.uuid().map(encodeURIComponent),
  fc.string({ maxLength: 60 }).map(encodeURIComponent),
  fc.constantFrom("%ZZ", "%00", "..%2F..%2Fetc%2Fpasswd", "a".repeat(3000), "null", "00000000-0000-0000-0000-000000000000")
)

interface Attempt {
  readonly path: string
  readonly body?: string | Buffer
  readonly headers: Record<string, string>
  /** Sent without a length, in chunks: the body takes the service's other reading path. */
  readonly chunked?: boolean
}

const queryString = (query: Record<string, string>) => {
  const text = Object.entries(query).map(([k, v]) => `${k}=${v}`).join("&")
  return text === "" ? "" : `?${text}`
}

/** Valid requests, and requests with one thing mutated: a body value, the whole body, a parameter, the query. */
const attempts = (op: Operation, ids: Ids): fc.Arbitrary<Attempt> => {
  const headers = { ...op.headers?.(ids) }
  const validQuery = Object.fromEntries(Object.entries(op.query ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]))
  const validBody = op.body?.(ids)
  const valid: Attempt = {
    path: op.path(ids) + queryString(validQuery),
    headers,
    ...(validBody === undefined ? {} : { body: JSON.stringify(validBody) })
  }
  const withBody = (body: string | Buffer, extra: Record<string, string> = {}) =>
    ({ ...valid, body, headers: { ...headers, ...extra } }) as Attempt
  const choices: Array<fc.Arbitrary<Attempt>> = [fc.constant(valid)]
  const validText = JSON.stringify(validBody ?? {})
  choices.push(
    fc.tuple(fc.constantFrom(...pathsOf(validBody ?? {})), fc.oneof(oddValues, fc.constant(REMOVE))).map(([path, value]) =>
      withBody(JSON.stringify(edit(validBody ?? {}, path, value) ?? null))
    ),
    oddValues.map((value) => withBody(JSON.stringify(value))),
    fc.nat().map((n) => withBody(validText.slice(0, n % Math.max(1, validText.length)))),
    fc.string({ maxLength: 200 }).map((text) => withBody(text)),
    fc.uint8Array({ minLength: 1, maxLength: 200 }).map((bytes) => withBody(Buffer.from(bytes))),
    fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml")
      .map((type) => withBody(validText, { "content-type": type }))
  )
  const queryKeys = Object.keys(op.query ?? {})
  choices.push(
    fc.tuple(fc.constantFrom(...queryKeys, "unknown_param"), oddParam).map(([key, value]) => ({
      ...valid,
      path: op.path(ids) + queryString({ ...validQuery, [key]: value })
    }))
  )
  if (op.param !== undefined) {
    choices.push(oddParam.map((param) => ({ ...valid, path: op.path(ids, param) + queryString(validQuery) })))
  }
  if (op.headers !== undefined) {
    choices.push(oddParam.map((value) => ({ ...valid, headers: { "x-application-id": value } })))
  }
  return fc.tuple(fc.oneof(...choices), fc.boolean()).map(([attempt, chunked]) =>
    attempt.body === undefined ? attempt : { ...attempt, chunked }
  )
}

describe(`generated bad input (${runtime}, ${engine})`, () => {
  const dir = mkdtempSync(join(tmpdir(), "assets-bad-input-"))
  const dbPath = join(dir, "assets.db")
  let service: RunningService
  let marker: WriteMarker
  let ids: Ids
  let tried = 0
  let refused = 0

  beforeAll(async () => {
    service = await startService(dbPath)
    const app = (await call(service.baseUrl, "POST", "/connect", { application })).json.application.id
    const created = await call(service.baseUrl, "POST", "/assets/create", codeSeed(MERGE, { metadata: { tags: [{ text: "sort" }] } }))
    const asset = created.json.id
    const website = await call(service.baseUrl, "POST", "/websites/create", { url: "https://example.com/sort", name: "sort", asset })
    const annotation = await call(service.baseUrl, "POST", "/annotations/create", { type: "DESCRIPTION", text: "merges", asset })
    ids = {
      app,
      asset,
      format: created.json.formats.iterable[0].id,
      document: created.json,
      tag: created.json.tags.iterable[0].id,
      website: website.json.id,
      annotation: annotation.json.id
    }
    marker = await writeMarker(dbPath)
  }, 120_000)
  afterAll(async () => {
    await marker?.close()
    await service?.stop()
    rmSync(dir, { recursive: true, force: true })
    console.log(`generated bad input (${runtime}): ${tried} requests tried, ${refused} refused with a 4xx`)
  })

  /** Moves whenever the service commits (`LibraryState`). */
  const dataVersion = () => marker.read()

  it("sees the service's commits from its second connection (the check below is not blind)", async () => {
    const before = await dataVersion()
    expect((await call(service.baseUrl, "POST", "/assets/create", codeSeed(`${MERGE}// another\n`))).status).toBe(200)
    expect(await dataVersion()).not.toBe(before)
  })

  /** Sends the attempt: a success or a JSON 4xx naming the problem, nothing written when refused, still serving. */
  const expectHandled = async (op: Operation, attempt: Attempt) => {
    const before = await dataVersion()
    const answer = await rawRequest(service.baseUrl, op.method, attempt.path, {
      headers: attempt.headers,
      chunked: attempt.chunked === true,
      ...(attempt.body === undefined ? {} : { body: attempt.body })
    })
    tried++
    const context = `${op.method} ${attempt.path} ${String(attempt.body).slice(0, 300)} → ${answer.status} ${answer.text.slice(0, 300)}`
    const specs500 = answer.status === 500 && answer.json?._tag === "SearchCriteriaMissing" && op.name === "search"
    const notProvided = answer.status === 501 && answer.json?._tag === "NotProvided" && op.name.endsWith("(not provided)")
    expect(answer.status < 500 || specs500 || notProvided, context).toBe(true)
    expect(answer.status, context).toBeGreaterThan(0)
    if (answer.status >= 400) {
      refused++
      expect(String(answer.headers["content-type"]), context).toContain("application/json")
      expect(typeof answer.json?._tag, context).toBe("string")
      expect(typeof answer.json?.message, context).toBe("string")
      expect(await dataVersion(), `a refused request wrote: ${context}`).toBe(before)
    }
    expect((await call(service.baseUrl, "GET", "/.well-known/health")).status).toBe(200)
  }

  for (const op of operations) {
    it(`${op.name}: a success or a JSON 4xx, nothing written when refused, still serving`, () =>
      fc.assert(
        fc.asyncProperty(fc.constant(op).chain((op) => attempts(op, ids)), (attempt) => expectHandled(op, attempt)),
        { numRuns: RUNS }
      ))
  }

  // PostgreSQL's text refuses NUL, which any text a client sends may carry: every one is tried, not a sample.
  for (const op of operations.filter((op) => op.body !== undefined)) {
    it(`${op.name}: a NUL character in any text of the body is kept or refused, never a failure`, async () => {
      const body = op.body!(ids)
      const query = queryString(Object.fromEntries(Object.entries(op.query ?? {}).map(([k, v]) => [k, encodeURIComponent(v)])))
      for (const path of pathsOf(body)) {
        const text = path.reduce((value: any, key) => value?.[key], body)
        if (typeof text !== "string") continue
        const attempt = { path: op.path(ids) + query, headers: { ...op.headers?.(ids) } }
        await expectHandled(op, { ...attempt, body: JSON.stringify(edit(body, path, `${text}\u0000`)) })
      }
    })
  }
})
