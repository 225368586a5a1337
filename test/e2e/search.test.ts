/**
 * Search end to end against the real process (Node, or Deno with E2E_RUNTIME=deno): fuzzy, tag and filtered
 * search over HTTP, answers validated against the Pieces OS schemas, the spec's 500, and bad filters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { application, call, getWithBody } from "./Http.ts"
import { schemaErrors } from "./OpenApiValidator.ts"
import { engine, runtime, startService, type RunningService } from "./ServiceProcess.ts"

const seed = (raw: string, metadata: Record<string, unknown>, ext = "ts") => ({
  type: "SEEDED_ASSET",
  asset: { application, format: { fragment: { string: { raw }, metadata: { ext } } }, metadata }
})

describe(`search end to end (${runtime}, ${engine})`, () => {
  const dir = mkdtempSync(join(tmpdir(), "search-e2e-"))
  let service: RunningService
  const http = (method: string, path: string, body?: unknown) => call(service.baseUrl, method, path, body)
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    service = await startService(join(dir, "assets.db"), { SERVER_TIMING: "true" })
    const seeds = {
      debounce: seed("export function debounce(fn: () => void, ms: number) {\n  let timer: any\n}", {
        name: "debounce helper",
        tags: [{ text: "timing" }, { text: "ui" }]
      }),
      query: seed("SELECT id, name FROM users WHERE active = 1", { name: "active users", tags: [{ text: "db" }] }, "sql"),
      pseudo: seed("const pseudoHiddenMarker = true", { name: "pseudo marker" })
    }
    for (const [key, value] of Object.entries(seeds)) {
      const body = key === "pseudo" ? { ...value, asset: { ...value.asset, pseudo: true } } : value
      ids[key] = (await http("POST", "/assets/create", body)).json.id
    }
  })
  afterAll(async () => {
    await service?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("GET with a typo finds the snippet, as SearchedAssets with lean assets when transferables=false", async () => {
    const answer = await http("GET", "/assets/search?query=debounse&transferables=false")
    expect(answer.status).toBe(200)
    expect(schemaErrors("SearchedAssets", answer.json)).toEqual([])
    expect(answer.json.iterable[0]).toMatchObject({ identifier: ids.debounce, exact: false })
    expect(answer.json.iterable[0].asset.formats.iterable[0].fragment).toBeUndefined()
    expect(answer.json.suggested).toBe(1)
  })

  it("an identifier inside the code is an exact hit, with the content by default", async () => {
    const answer = await http("GET", "/assets/search?query=users%20WHERE")
    expect(answer.json.iterable.map((hit: any) => hit.identifier)).toEqual([ids.query])
    expect(answer.json.iterable[0]).toMatchObject({ exact: true, match: "MULTIPLE" })
    expect(answer.json.iterable[0].asset.formats.iterable[0].fragment.string.raw).toContain("SELECT")
    expect(answer.json.exact).toBe(1)
  })

  it("a term too short for the text index still narrows the hits, found in the code or in a tag", async () => {
    const found = async (query: string) =>
      (await http("GET", `/assets/search?query=${encodeURIComponent(query)}&transferables=false`)).json
    const inCode = await found("ID FROM")
    expect(inCode.iterable.map((hit: any) => hit.identifier)).toEqual([ids.query])
    expect(inCode.suggested).toBe(1)
    expect((await found("ui debounce")).iterable.map((hit: any) => hit.identifier)).toEqual([ids.debounce])
    expect(await found("zq users")).toMatchObject({ iterable: [], exact: 0, suggested: 0 })
  })

  it("searchable_tags narrows by tags; with a query both apply", async () => {
    const tagged = await http("GET", "/assets/search?searchable_tags=timing,UI")
    expect(tagged.json.iterable.map((hit: any) => hit.identifier)).toEqual([ids.debounce])
    expect(tagged.json.iterable[0].match).toBe("TAGS")
    const both = await http("GET", "/assets/search?searchable_tags=db&query=debounce")
    expect(both.json.iterable).toEqual([])
  })

  it("pseudo assets only with pseudo=true", async () => {
    expect((await http("GET", "/assets/search?query=pseudoHiddenMarker")).json.iterable).toEqual([])
    const found = await http("GET", "/assets/search?query=pseudoHiddenMarker&pseudo=true")
    expect(found.json.iterable.map((hit: any) => hit.identifier)).toEqual([ids.pseudo])
  })

  it("a GET carrying its query as a JSON body is honoured; with neither query nor tags it is the spec's 500", async () => {
    const viaBody = await getWithBody(service.baseUrl, "/assets/search", { query: "active users" })
    expect(viaBody.status).toBe(200)
    expect(viaBody.json.iterable[0].identifier).toBe(ids.query)
    const neither = await http("GET", "/assets/search")
    expect(neither.status).toBe(500)
    expect(neither.json._tag).toBe("SearchCriteriaMissing")
    expect((await http("GET", "/assets/search?query=%20%20")).status).toBe(500)
  })

  it("POST with filters answers AssetsSearchWithFiltersOutput; no query means every asset passing the filters", async () => {
    const answer = await http("POST", "/assets/search?transferables=false", {
      filters: { iterable: [{ classification: "sql" }, { tags: ["timing"] }], type: "OR" }
    })
    expect(answer.status).toBe(200)
    expect(schemaErrors("AssetsSearchWithFiltersOutput", answer.json)).toEqual([])
    expect(new Set(answer.json.results.iterable.map((hit: any) => hit.identifier))).toEqual(
      new Set([ids.debounce, ids.query])
    )
    const spaced = await http("POST", "/assets/search", {
      query: "active",
      space: { identifers: { iterable: [{ id: ids.debounce }] } }
    })
    expect(spaced.json.results.iterable).toEqual([])
    const phrase = await http("POST", "/assets/search", {
      filters: { iterable: [{ phrase: { value: "FROM users", content: true } }] },
      casing: true
    })
    expect(phrase.json.results.iterable.map((hit: any) => hit.identifier)).toEqual([ids.query])
  })

  it("bad filters are a 400 naming the path", async () => {
    const wrongType = await http("POST", "/assets/search", { filters: { iterable: [{ tags: "timing" }] } })
    expect(wrongType.status).toBe(400)
    expect(JSON.stringify(wrongType.json.issues)).toContain("tags")
    const badDate = await http("POST", "/assets/search", {
      filters: { iterable: [{ created: { from: { value: "not a date" } } }] }
    })
    expect(badDate.status).toBe(400)
    expect(badDate.json.path).toEqual(["filters", "iterable", 0, "created", "from"])
  })

  it("every answer, a refusal too, says how long the service took to make it (Server-Timing)", async () => {
    const timed = async (path: string, init: RequestInit = {}) => {
      const started = performance.now()
      const response = await fetch(`${service.baseUrl}${path}`, init)
      await response.text()
      const elapsed = performance.now() - started
      const header = response.headers.get("server-timing") ?? ""
      return { status: response.status, header, elapsed, millis: Number(/^app;dur=(\d+\.\d+)$/.exec(header)?.[1]) }
    }
    const found = await timed("/assets/search?query=debounce&transferables=false")
    const refused = await timed("/assets/search?transferables=false", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json"
    })
    expect(found.status).toBe(200)
    expect(refused.status).toBe(400)
    for (const answer of [found, refused]) {
      expect(answer.header).toMatch(/^app;dur=\d+\.\d{2}$/)
      expect(answer.millis).toBeGreaterThan(0)
      // The service's share of what the client waited for.
      expect(answer.millis).toBeLessThanOrEqual(answer.elapsed)
    }
  })
})
