/**
 * End to end against the real server process (Node, or Deno with E2E_RUNTIME=deno): every implemented
 * operation over HTTP, answers validated against the Pieces OS OpenAPI schemas, bad input, and a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Answer, application, call, codeSeed } from "./Http.ts"
import { schemaErrors } from "./OpenApiValidator.ts"
import { databaseFor, engine, runtime, startService, type RunningService } from "./ServiceProcess.ts"

const PYTHON = "def fibonacci(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n"
const TYPESCRIPT = "export function debounce<T extends (...args: Array<unknown>) => void>(fn: T, ms: number) {\n  let timer: ReturnType<typeof setTimeout> | undefined\n  return (...args: Parameters<T>) => {\n    clearTimeout(timer)\n    timer = setTimeout(() => fn(...args), ms)\n  }\n}\n"

const expectSchema = (name: string, answer: Answer) => {
  expect(answer.contentType).toContain("application/json")
  expect(schemaErrors(name, answer.json)).toEqual([])
}

/** A 4xx JSON error with a tag and a message. */
const expectClientError = (answer: Answer, status: number) => {
  expect(answer.status).toBe(status)
  expect(answer.contentType).toContain("application/json")
  expect(typeof answer.json._tag).toBe("string")
  expect(typeof answer.json.message).toBe("string")
}

describe(`assets and connector end to end (${runtime}, ${engine})`, () => {
  const dir = mkdtempSync(join(tmpdir(), "assets-e2e-"))
  const dbPath = join(dir, "nested", "assets.db")
  let service: RunningService
  const http = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call(service.baseUrl, method, path, body, headers)
  const identifiers = async () =>
    (await http("GET", "/assets/identifiers?pseudo=true")).json.iterable.map((r: { id: string }) => r.id)

  beforeAll(async () => {
    service = await startService(dbPath)
  })
  afterAll(async () => {
    await service?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("answers the probes as text: health starts with ok, version is a version", async () => {
    const health = await http("GET", "/.well-known/health")
    expect(health.status).toBe(200)
    expect(health.text.startsWith("ok")).toBe(true)
    const version = await http("GET", "/.well-known/version")
    expect(version.text).toMatch(/^\d+\.\d+\.\d+/)
  })

  it("says nothing of its own timing unless SERVER_TIMING asks it to", async () => {
    const response = await fetch(`${service.baseUrl}/.well-known/health`)
    await response.text()
    expect(response.headers.get("server-timing")).toBeNull()
  })

  it("logs one line saying where it listens and which database it opened", async () => {
    const database = engine === "sqlite" ? dbPath : await databaseFor(dbPath)
    expect(service.output()).toContain(`Listening on ${service.baseUrl}, database ${database}`)
  })

  it("connect answers a Context; the same application reconnects to the same id and os", async () => {
    const first = await http("POST", "/connect", { application })
    expect(first.status).toBe(200)
    expectSchema("Context", first)
    const again = await http("POST", "/connect", { application: { ...application, privacy: "CLOSED" } })
    expect(again.json.application.id).toBe(first.json.application.id)
    expect(again.json.os).toBe(first.json.os)
    const other = await http("POST", "/connect", { application: { ...application, version: "2.0.0" } })
    expect(other.json.application.id).not.toBe(first.json.application.id)
  })

  it("create answers a full Asset: detected language, derived name, tags, one BOTH format", async () => {
    const created = await http("POST", "/assets/create", codeSeed(PYTHON, { metadata: { tags: [{ text: "math" }] } }))
    expect(created.status).toBe(200)
    expectSchema("Asset", created)
    const asset = created.json
    expect(asset.name).toBe("fibonacci")
    expect(asset.mechanism).toBe("MANUAL")
    expect(asset.tags.iterable.map((t: { text: string }) => t.text)).toEqual(["math"])
    const [format] = asset.formats.iterable
    expect(format).toMatchObject({ role: "BOTH", classification: { generic: "CODE", specific: "py" } })
    expect(format.fragment.string.raw).toBe(PYTHON)
    expect(format.bytes.value).toBe(Buffer.byteLength(PYTHON))
    expect(asset.preview.base.id).toBe(format.id)

    const read = await http("GET", `/assets/${asset.id}`)
    expectSchema("Asset", read)
    expect(read.json).toEqual(asset)
  })

  it("detects TypeScript by syntax only TypeScript has, parsed, and JavaScript without it", async () => {
    // An enum and an abstract class: syntax the parser finds and the fragment patterns do not look for.
    const typescript = "enum Level { Debug, Info, Warn }\n\nexport abstract class Logger {\n  log(level, message) {\n    if (level >= this.threshold) console.log(message)\n  }\n}\n"
    const javascript = "const Level = Object.freeze({ Debug: 0, Info: 1, Warn: 2 })\n\nexport class Logger {\n  log(level, message) {\n    if (level >= this.threshold) console.log(message)\n  }\n}\n"
    for (const [code, specific] of [[typescript, "ts"], [javascript, "js"]]) {
      const created = await http("POST", "/assets/create", codeSeed(code))
      expect(created.status).toBe(200)
      expect(created.json.formats.iterable[0].classification.specific, code).toBe(specific)
    }
  })

  it("the client's ext wins over detection, and transferables=false strips only content", async () => {
    const seed = codeSeed("x = 1\n", { metadata: { name: "tiny" } })
    seed.asset.format.fragment = { ...seed.asset.format.fragment, metadata: { ext: "rb" } } as never
    const created = await http("POST", "/assets/create?transferables=false", seed)
    expectSchema("Asset", created)
    expect(created.json.name).toBe("tiny")
    expect(created.json.formats.iterable[0].classification.specific).toBe("rb")
    expect(JSON.stringify(created.json)).not.toContain("x = 1")
    const full = await http("GET", `/assets/${created.json.id}?transferables=true`)
    expect(full.json.formats.iterable[0].fragment.string.raw).toBe("x = 1\n")
    const lean = await http("GET", `/assets/${created.json.id}?transferables=false`)
    expect(lean.json.formats.iterable[0].fragment).toBeUndefined()
    expect(lean.json.original.reference.fragment).toBeUndefined()
    expect(lean.json.preview.base.reference.classification.specific).toBe("rb")
  })

  it("an image file is stored as given and classified IMAGE; its draft is the seed unchanged", async () => {
    const png = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13]
    const seed = {
      type: "SEEDED_ASSET",
      asset: { application, format: { file: { bytes: { raw: png }, metadata: { name: "dot.png" } } } }
    }
    const created = await http("POST", "/assets/create", seed)
    expectSchema("Asset", created)
    expect(created.json.name).toBe("dot.png")
    expect(created.json.formats.iterable[0]).toMatchObject({
      classification: { generic: "IMAGE", specific: "png" },
      bytes: { value: png.length },
      file: { bytes: { raw: png } }
    })
    const drafted = await http("POST", "/assets/draft", seed)
    expect(drafted.json).toEqual(seed)
  })

  it("formats snapshot answers Formats, with or without content", async () => {
    const created = await http("POST", "/assets/create", codeSeed(TYPESCRIPT))
    const formats = await http("GET", `/assets/${created.json.id}/formats`)
    expectSchema("Formats", formats)
    expect(formats.json.iterable[0].fragment.string.raw).toBe(TYPESCRIPT)
    const lean = await http("GET", `/assets/${created.json.id}/formats?transferables=false`)
    expectSchema("Formats", lean)
    expect(lean.json.iterable[0].fragment).toBeUndefined()
  })

  it("draft answers the completed Seed and persists nothing", async () => {
    const before = await identifiers()
    const drafted = await http("POST", "/assets/draft", codeSeed(TYPESCRIPT))
    expect(drafted.status).toBe(200)
    expectSchema("Seed", drafted)
    expect(drafted.json.asset.format.classification).toMatchObject({ generic: "CODE", specific: "ts" })
    expect(drafted.json.asset.metadata.name).toBe("debounce")
    expect(await identifiers()).toEqual(before)
  })

  it("listings: snapshot, identifiers and pseudo keep pseudo assets apart", async () => {
    const normal = (await http("POST", "/assets/create", codeSeed("SELECT id, name FROM users ORDER BY name;\n"))).json
    const pseudo = (await http("POST", "/assets/create", codeSeed("SELECT 1;\n", { pseudo: true }))).json
    const snapshot = await http("GET", "/assets")
    expectSchema("Assets", snapshot)
    const snapshotIds = snapshot.json.iterable.map((a: { id: string }) => a.id)
    expect(snapshotIds).toContain(normal.id)
    expect(snapshotIds).not.toContain(pseudo.id)
    const lean = await http("GET", "/assets?transferables=false")
    expectSchema("Assets", lean)
    expect(lean.json.iterable.every((a: { formats: { iterable: Array<object> } }) =>
      a.formats.iterable.every((f) => !("fragment" in f)))).toBe(true)

    const ids = await http("GET", "/assets/identifiers")
    expectSchema("FlattenedAssets", ids)
    expect(ids.json.iterable).toContainEqual({ id: normal.id })
    expect(ids.json.iterable).not.toContainEqual({ id: pseudo.id })
    expect(await identifiers()).toContain(pseudo.id)

    const pseudoSnapshot = await http("GET", "/assets/pseudo")
    expectSchema("PseudoAssets", pseudoSnapshot)
    expect(pseudoSnapshot.json.identifiers.iterable).toEqual([{ id: pseudo.id }])

    const suggested = await http("GET", "/assets?suggested=true")
    expectSchema("Assets", suggested)
    expect(suggested.json.iterable).toEqual([])
  })

  it("delete answers the id as text; then the asset is 410, an unknown one 404", async () => {
    const created = (await http("POST", "/assets/create", codeSeed(PYTHON))).json
    const deleted = await http("POST", `/assets/${created.id}/delete`)
    expect(deleted.status).toBe(200)
    expect(deleted.contentType).toContain("text/plain")
    expect(deleted.text).toBe(created.id)
    expectClientError(await http("GET", `/assets/${created.id}`), 410)
    expectClientError(await http("GET", `/assets/${created.id}/formats`), 410)
    expectClientError(await http("POST", `/assets/${created.id}/delete`), 410)
    expect(await identifiers()).not.toContain(created.id)
    const unknown = "0b7e2f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b"
    expectClientError(await http("GET", `/assets/${unknown}`), 404)
    expectClientError(await http("POST", `/assets/${unknown}/delete`), 404)
  })

  it("bad input gets a 4xx JSON error naming the problem and writes nothing", async () => {
    const before = await identifiers()
    const cases: Array<[string, string, unknown, number]> = [
      ["POST", "/assets/create", "{not json", 400],
      ["POST", "/assets/create", [], 400],
      ["POST", "/assets/create", {}, 400],
      ["POST", "/assets/create", { asset: { application, format: {} } }, 400],
      ["POST", "/assets/create", { asset: { application, format: { fragment: {}, file: {} } } }, 400],
      ["POST", "/assets/create", codeSeed("   "), 400],
      ["POST", "/assets/create", { asset: { application: { ...application, name: "NOPE" }, format: { fragment: { string: { raw: "x" } } } } }, 400],
      ["POST", "/assets/create", { asset: { application, format: { fragment: { string: { raw: 42 } } } } }, 400],
      ["POST", "/assets/create?transferables=maybe", codeSeed(PYTHON), 400],
      ["POST", "/assets/draft", "{", 400],
      ["POST", "/assets/draft", { asset: { application: {}, format: {} } }, 400],
      ["POST", "/connect", "nonsense", 400],
      ["POST", "/connect", {}, 400],
      ["POST", "/connect", { application: { name: "VS_CODE" } }, 400],
      ["GET", "/assets/not-a-uuid", undefined, 400],
      ["GET", "/assets/not-a-uuid/formats", undefined, 400],
      ["POST", "/assets/not-a-uuid/delete", undefined, 400],
      ["GET", "/assets?pseudo=yes", undefined, 400],
      ["GET", "/assets/identifiers?pseudo=2", undefined, 400],
      ["POST", "/not-a-uuid/suggestion", {}, 400],
      ["POST", "/assets/search", "{", 400],
      ["POST", "/assets/search", { query: 7 }, 400],
      ["POST", "/assets/related", { iterable: "none" }, 400],
      ["POST", "/onboarded", "yes", 400],
      ["GET", "/no/such/route", undefined, 404]
    ]
    for (const [method, path, body, status] of cases) {
      const answer = await http(method, path, body)
      expect({ method, path, status: answer.status }).toEqual({ method, path, status })
      expectClientError(answer, status)
    }
    const decode = await http("POST", "/assets/create", { asset: { application: { ...application, version: 1 }, format: {} } })
    expect(decode.json.issues[0].path).toEqual(["asset", "application", "version"])
    const twoWrong = await http("POST", "/assets/create", {
      asset: { application: { ...application, name: "NOPE", version: 1 }, format: {} }
    })
    expect(twoWrong.json.issues.map((i: { path: Array<string> }) => i.path.join("."))).toEqual(
      expect.arrayContaining(["asset.application.name", "asset.application.version"])
    )
    expect(await identifiers()).toEqual(before)
    expect((await http("GET", "/.well-known/health")).status).toBe(200)
  })

  it("serves its OpenAPI document and interactive docs", async () => {
    const openapi = await http("GET", "/openapi.json")
    expect(openapi.status).toBe(200)
    expect(Object.keys(openapi.json.paths)).toEqual(expect.arrayContaining(["/assets/create", "/connect", "/assets/{asset}"]))
    const docs = await http("GET", "/docs")
    expect(docs.status).toBe(200)
    expect(docs.contentType).toContain("text/html")
  })

  it("accepts the application id headers clients send, and requests without them", async () => {
    const headers = { "X-Application-ID": "0b7e2f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b", application: "anything" }
    expect((await http("GET", "/assets/identifiers", undefined, headers)).status).toBe(200)
    expect((await http("POST", "/assets/draft", codeSeed(PYTHON), headers)).status).toBe(200)
  })

  it("keeps every acknowledged asset and application across a restart, concurrent creates included", async () => {
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => http("POST", "/assets/create", codeSeed(`SELECT ${i} AS n;\n`)))
    )
    expect(burst.map((a) => a.status)).toEqual(burst.map(() => 200))
    const created = (await http("POST", "/assets/create", codeSeed(TYPESCRIPT))).json
    expect((await http("POST", "/tags/create", { text: "Kept-Tag", asset: created.id })).status).toBe(200)
    const website = { url: "https://example.com/Kept", name: "kept", asset: created.id }
    expect((await http("POST", "/websites/create", website)).status).toBe(200)
    const tagged = (await http("GET", `/assets/${created.id}`)).json
    const context = (await http("POST", "/connect", { application })).json
    const before = await http("GET", "/assets")
    await service.stop()
    service = await startService(dbPath)
    const after = await http("GET", "/assets")
    expect(after.json).toEqual(before.json)
    expect((await http("GET", `/assets/${created.id}`)).json).toEqual(tagged)
    for (const answer of burst) expect((await http("GET", `/assets/${answer.json.id}`)).json).toEqual(answer.json)
    // The typo index is loaded from the database at start-up: a name typed with a swap still finds its snippet.
    const typo = await http("GET", "/assets/search?query=debuonce&transferables=false")
    expect(typo.json.iterable.map((hit: { identifier: string }) => hit.identifier)).toContain(created.id)
    // So are the facets every filter reads: a tag, a website and a language, each found alone and together.
    const filtered = async (filter: object) => {
      const answer = await http("POST", "/assets/search?transferables=false", { filters: { iterable: [filter] } })
      expect(answer.status).toBe(200)
      return answer.json.results.iterable.map((hit: { identifier: string }) => hit.identifier)
    }
    expect(await filtered({ tags: ["kept-tag"] })).toEqual([created.id])
    expect(await filtered({ websites: ["example.com/kept"] })).toEqual([created.id])
    expect(await filtered({ classification: "ts" })).toContain(created.id)
    expect(await filtered({ tags: ["kept-tag"], websites: ["example.com/kept"], classification: "ts" })).toEqual([
      created.id
    ])
    expect(await filtered({ tags: ["kept-tag"], classification: "py" })).toEqual([])
    const reconnected = (await http("POST", "/connect", { application })).json
    expect(reconnected.application.id).toBe(context.application.id)
    expect(reconnected.os).toBe(context.os)
  })
})
