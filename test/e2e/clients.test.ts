/**
 * The flows of the real Pieces clients (the `pieces` CLI, the Python SDK's `PiecesClient`, the Sublime and Neovim
 * plugins), against the real process, each request sent as those clients send it (recorded from them running
 * against this service: the same paths, parameters, headers and bodies, the Python SDK's re-serialised objects
 * included). Every JSON answer is checked against the OpenAPI schema the client decodes it with.
 */
import { describe, expect, it } from "vitest"
import { call } from "./Http.ts"
import { schemaErrors } from "./OpenApiValidator.ts"
import { engine, runtime } from "./ServiceProcess.ts"
import { upgradeStatus } from "./StreamClient.ts"
import { suiteService } from "./SuiteService.ts"

/** The version range every Pieces client accepts, and the pattern it parses versions with. */
const compatible = (version: string) => {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-.](\S+))?$/.exec(version)
  return match !== null && Number(match[1]) === 12
}

/**
 * An object as the Python SDK sends back what it read: pydantic's `to_dict()`, keys sorted, timestamps as Python
 * prints them (`2026-11-22T20:05:57.089000+00:00`).
 */
const pythonEcho = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(pythonEcho)
  if (value === null || typeof value !== "object") return value
  const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, item]) =>
    key === "value" && typeof item === "string" && /^\d{4}-\d\d-\d\dT/.test(item)
      ? [key, item.replace(/\.(\d{3})Z$/, ".$1000+00:00")]
      : [key, pythonEcho(item)]
  )
  return Object.fromEntries(entries)
}

/** The Python SDK's seed of a new snippet (`BasicAsset._get_seed`). */
const pythonSeed = (application: unknown, raw: string) => ({
  asset: { application, format: { fragment: { string: { raw } } } },
  type: "SEEDED_ASSET"
})

const PARSE_HEADER = "def parse_http_header(line):\n    name, value = line.split(':', 1)\n    return name.strip().lower(), value.strip()\n"
const PARSE_HEADER_JS = "export function parseHttpHeader(line) {\n  const [name, value] = line.split(':')\n  return [name.trim(), value.trim()]\n}\n"

describe(`the real Pieces clients' flows (${runtime}, ${engine})`, () => {
  const service = suiteService("clients-e2e")
  const { open } = service
  let headers: Record<string, string> = {}
  let application: any
  const http = (method: string, path: string, body?: unknown) => service.http(method, path, body, headers)
  /** An answer of 200 whose JSON is a valid `schema`. */
  const valid = async (answer: Promise<{ status: number; json: any; text: string }>, schema: string) => {
    const { status, json, text } = await answer
    expect(status, text.slice(0, 300)).toBe(200)
    expect(schemaErrors(schema, json)).toEqual([])
    return json
  }

  it("CLI start-up: health, a 12.x version, a user, the default model, applications, connect", async () => {
    expect((await call(service.baseUrl(), "HEAD", "/.well-known/health")).status).toBe(200)
    const version = await http("GET", "/.well-known/version")
    expect(compatible(version.text), version.text).toBe(true)
    const user = await valid(http("GET", "/user"), "ReturnedUserProfile")
    expect(user.user.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(user.user.aesthetics).toMatchObject({ theme: { dark: false }, font: { size: expect.any(Number) } })
    const models = await valid(http("GET", "/models"), "Models")
    const gemini = models.iterable.find((model: any) => model.unique === "gemini-2.0-flash-lite-001")
    expect(gemini).toMatchObject({ cloud: true, downloaded: false, loaded: false })
    expect(gemini.description).toMatch(/runs no language models/)
    await valid(http("GET", "/applications"), "Applications")
    const context = await valid(http("POST", "/connect", {
      application: { name: "PIECES_FOR_DEVELOPERS_CLI", platform: "LINUX", version: "1.20.0" }
    }), "Context")
    expect(context.health.os.version).toBe(version.text)
    application = context.application
    // Both Python clients send the application id on every later request.
    headers = { application: application.id }
    const apps = await valid(http("GET", "/applications"), "Applications")
    expect(apps.iterable.map((app: any) => app.id)).toContain(application.id)
  })

  it("the stats say which service this is and which Pieces OS version it is compatible with", async () => {
    const stats = (await http("GET", "/.well-known/stats")).json
    expect(stats.service.compatibleWith).toBe((await http("GET", "/.well-known/version")).text)
    expect(stats.service.version).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it("PiecesClient() start-up: its model is listed as a cloud model; copilot streams are refused with 501 at once", async () => {
    const models = (await http("GET", "/models")).json.iterable
    for (const name of ["GPT-3.5-turbo Chat Model", "GPT-4o Chat Model"]) {
      expect(models.find((model: any) => model.name === name)).toMatchObject({ cloud: true, downloaded: false })
    }
    expect(models.map((model: any) => model.unique)).toContain("o4-mini-2025-04-16")
    for (const path of ["/qgpt/stream", "/conversations/stream/identifiers", "/anchors/stream/identifiers"]) {
      const refused = await upgradeStatus(service.baseUrl(), path)
      expect(refused.status, path).toBe(501)
      expect(refused.body._tag).toBe("NotProvided")
    }
    const question = await http("POST", "/qgpt/question", { query: "what is this?" })
    expect(question.status).toBe(501)
    expect(question.json.message).toMatch(/copilot/)
  })

  it("create, browse through the identifier stream, read each asset through /asset/{id}", async () => {
    const identifiers = await open("/assets/stream/identifiers")
    await identifiers.waitFor((frames) => frames.length >= 1)
    const created = await valid(
      http("POST", "/assets/create?transferables=false", pythonSeed(application, PARSE_HEADER)),
      "Asset"
    )
    await identifiers.waitFor((frames) => frames.some((frame) => frame.iterable.some((item: any) => item.asset.id === created.id)))
    const ids = (await valid(http("GET", "/assets/identifiers"), "FlattenedAssets")).iterable.map((item: any) => item.id)
    expect(ids).toContain(created.id)
    const read = await valid(http("GET", `/asset/${created.id}`), "Asset")
    expect(read.original.reference.fragment.string.raw).toBe(PARSE_HEADER)
    expect(read.original.reference.classification.specific).toBe("py")
    const lean = await valid(http("GET", `/asset/${created.id}?transferables=false`), "Asset")
    expect(lean.original.reference.fragment).toBeUndefined()
  })

  it("search: fuzzy, full text (the words as written) and neural code (words against identifiers)", async () => {
    const js = await valid(http("POST", "/assets/create?transferables=false", pythonSeed(application, PARSE_HEADER_JS)), "Asset")
    const python = (await http("GET", "/assets/identifiers")).json.iterable.map((item: any) => item.id)
      .find((id: string) => id !== js.id)
    const neural = await valid(http("GET", "/search/neural_code?query=parse%20http%20headers"), "SearchedAssets")
    expect(new Set(neural.iterable.filter((hit: any) => hit.exact).map((hit: any) => hit.identifier)))
      .toEqual(new Set([js.id, python]))
    const fullText = await valid(http("GET", "/search/full_text?query=value.trim()"), "SearchedAssets")
    expect(fullText.iterable.map((hit: any) => hit.identifier)).toEqual([js.id])
    const typo = await valid(http("GET", "/search/full_text?query=parseHttpHeadr"), "SearchedAssets")
    expect(typo.iterable).toEqual([])
    const fuzzy = await valid(http("GET", "/assets/search?query=parseHttpHeadr&transferables=false"), "SearchedAssets")
    expect(fuzzy.iterable.map((hit: any) => hit.identifier)).toContain(js.id)
  })

  it("rename, reclassify and edit content as the Python clients send them; search and streams follow", async () => {
    const assets = await open("/assets/stream")
    await assets.waitFor((frames) => frames.length >= 1)
    const created = await valid(http("POST", "/assets/create?transferables=false", pythonSeed(application, PARSE_HEADER)), "Asset")
    const asset = (await http("GET", `/asset/${created.id}`)).json

    const renamed = await valid(
      http("POST", "/asset/update?transferables=false", pythonEcho({ ...asset, name: "split a header line" })),
      "Asset"
    )
    expect(renamed.name).toBe("split a header line")
    expect(renamed.updated.value > asset.updated.value).toBe(true)
    expect(renamed.original.reference.fragment).toBeUndefined()
    const byName = (await http("GET", "/assets/search?query=split%20a%20header%20line")).json
    expect(byName.iterable[0].identifier).toBe(created.id)

    const reclassified = await valid(
      http("POST", "/asset/reclassify?transferables=false", { asset: pythonEcho(renamed), ext: "txt" }),
      "Asset"
    )
    expect(reclassified.original.reference.classification).toMatchObject({ generic: "TEXT", specific: "txt" })

    const format = await valid(http("GET", `/format/${asset.original.id}?transferable=true`), "Format")
    const content = "def parse_http_header(line):\n    return [part.strip() for part in line.split(':', 1)]\n"
    const edited = await valid(
      http("POST", "/format/update/value?transferable=false", pythonEcho({
        ...format,
        fragment: { ...format.fragment, string: { raw: content } }
      })),
      "Format"
    )
    expect(edited.fragment).toBeUndefined()
    expect(edited.bytes.value).toBe(Buffer.byteLength(content))
    // The client named the language (it echoed the format's), so it is kept.
    expect(edited.classification.specific).toBe("txt")
    const read = (await http("GET", `/asset/${created.id}`)).json
    expect(read.original.reference.fragment.string.raw).toBe(content)
    expect(read.preview.base.reference.fragment.string.raw).toBe(content)
    const found = (await http("GET", "/search/full_text?query=part.strip()")).json
    expect(found.iterable.map((hit: any) => hit.identifier)).toEqual([created.id])
    // The asset stream carried each edit, in order, the last one with the new content's size.
    const last = await assets.waitFor((frames) =>
      frames.some((frame) => frame.iterable.some((a: any) => a.id === created.id && a.formats.iterable[0].bytes.value === Buffer.byteLength(content)))
    )
    const names = last.flatMap((frame) => frame.iterable).filter((a: any) => a.id === created.id).map((a: any) => a.name)
    expect(names.at(-1)).toBe("split a header line")
  })

  it("tags: exists, create, read, put on an asset; the asset lists it and tag search finds it", async () => {
    const created = await valid(http("POST", "/assets/create", pythonSeed(application, PARSE_HEADER_JS)), "Asset")
    expect((await valid(http("POST", "/tags/exists", { value: "from-python" }), "ExistingMetadata")).tag).toBeUndefined()
    const tag = await valid(http("POST", "/tags/create", { text: "from-python" }), "Tag")
    const exists = await valid(http("POST", "/tags/exists", { value: "FROM-PYTHON" }), "ExistingMetadata")
    expect(exists.tag.id).toBe(tag.id)
    await valid(http("GET", `/tag/${tag.id}?transferables=true`), "Tag")
    const associated = await http("POST", `/tag/${tag.id}/assets/associate/${created.id}`)
    expect(associated.status).toBe(204)
    const read = (await http("GET", `/asset/${created.id}`)).json
    expect(read.tags.iterable.map((t: any) => t.id)).toEqual([tag.id])
    const withAssets = (await http("GET", `/tag/${tag.id}?transferables=true`)).json
    expect(withAssets.assets.iterable).toEqual([{ id: created.id }])
    const byTag = await valid(http("POST", "/search/tag_based", { iterable: [{ text: "from-python" }] }), "SearchedAssets")
    expect(byTag.iterable.map((hit: any) => hit.identifier)).toEqual([created.id])
    await valid(http("GET", "/tags"), "Tags")
  })

  it("Sublime start-up: the health stream opens with ok, the user and tag streams send their state; a snippet opens as Markdown", async () => {
    const health = await open("/.well-known/stream/health")
    const [ok] = await health.waitFor((frames) => frames.length >= 1)
    expect(String(ok).startsWith("ok")).toBe(true)
    const user = await open("/user/stream")
    const [profile] = await user.waitFor((frames) => frames.length >= 1)
    expect(schemaErrors("UserProfile", profile)).toEqual([])
    const tags = await open("/tags/stream/identifiers")
    const [first] = await tags.waitFor((frames) => frames.length >= 1)
    expect(schemaErrors("StreamedIdentifiers", first)).toEqual([])
    const tag = (await http("POST", "/tags/create", { text: "sublime" })).json
    await tags.waitFor((frames) => frames.some((frame) => frame.iterable.some((item: any) => item.tag?.id === tag.id)))

    const created = (await http("POST", "/assets/create", pythonSeed(application, PARSE_HEADER_JS))).json
    const exported = await valid(http("GET", `/asset/${created.id}/export?export_type=MD`), "ExportedAsset")
    // The plugin turns the first Markdown table into its sheet: a title row, a separator, then label | value rows.
    const table = /(\|.*\|(?:\n\|.*\|)+)/.exec(exported.raw.string.raw)![1].split("\n")
    expect(table[0]).toBe(`| ${created.name} | |`)
    const language = created.original.reference.classification.specific
    expect(table).toContain(`| Language | ${language} |`)
    expect(exported.raw.string.raw).toContain("```" + language + "\n" + PARSE_HEADER_JS.trimEnd() + "\n```")
  })

  it("delete: the identifier stream says deleted, and the asset answers 410", async () => {
    const identifiers = await open("/assets/stream/identifiers")
    await identifiers.waitFor((frames) => frames.length >= 1)
    const created = (await http("POST", "/assets/create?transferables=false", pythonSeed(application, "x = 1\ny = 2\n"))).json
    expect((await http("POST", `/assets/${created.id}/delete`)).text).toBe(created.id)
    await identifiers.waitFor((frames) =>
      frames.some((frame) => frame.iterable.some((item: any) => item.asset.id === created.id && item.deleted === true)))
    expect((await http("GET", `/asset/${created.id}`)).status).toBe(410)
    expect((await http("GET", "/assets/identifiers")).json.iterable.map((item: any) => item.id)).not.toContain(created.id)
  })
})
