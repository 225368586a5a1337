/**
 * Snippets' histories end to end: every committed change a revision (numbered per snippet, with its actor and the
 * fields it changed), read in pages, one at a time and as diffs, restored as a new revision (a snippet in the trash
 * comes back), gone with the snippet when it is purged; who made each change (an editor through `/connect`, a seed's
 * application, the page, an importer, an assistant over MCP); an assistant's edits as proposals with
 * `ASSISTANT_EDITS=propose`, accepted and rejected, kept over a restart; generated bad input on every route, which
 * never gets a 5xx and writes nothing. On both engines and both runtimes.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import fc from "fast-check"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { call, codeSeed } from "./Http.ts"
import { writeMarker, type WriteMarker } from "./LibraryState.ts"
import { engine, runtime, startService, type RunningService } from "./ServiceProcess.ts"
import { suiteService } from "./SuiteService.ts"

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 100)
const CODE = "export const total = (items) =>\n  items.reduce((sum, item) => sum + item.price, 0)\n"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are inspected field by field
type Json = any

describe(`history (${runtime}, ${engine})`, () => {
  const service = suiteService("history-e2e")
  const { http } = service

  const saved = async (code = CODE, name = "total price") => {
    const created = await http("POST", "/assets/create", codeSeed(code, { metadata: { name, ext: "js" } }))
    expect(created.status).toBe(200)
    return created.json.id as string
  }
  const revisions = async (id: string, query = "") => (await http("GET", `/asset/${id}/revisions${query}`)).json

  it("records every change as a revision: create, name, code, language, tags, websites, annotations, trash, restore", async () => {
    const id = await saved()
    const asset = (await http("GET", `/assets/${id}`)).json
    expect((await http("POST", "/asset/update", { ...asset, name: "sum of prices" })).status).toBe(200)
    const format = asset.formats.iterable[0]
    const edited = CODE.replace("sum + item.price", "sum + item.price * item.quantity")
    expect((await http("POST", "/format/update/value", { ...format, fragment: { string: { raw: edited } } })).status).toBe(200)
    expect((await http("POST", "/asset/reclassify", { asset, ext: "ts" })).status).toBe(200)
    expect((await http("POST", "/tags/create", { text: "money", asset: id })).status).toBe(200)
    expect((await http("POST", "/websites/create", { url: "https://example.com/prices", name: "prices", asset: id })).status).toBe(200)
    expect((await http("POST", "/annotations/create", { type: "DESCRIPTION", text: "adds up a cart", asset: id })).status).toBe(200)
    // Scores are no field of a snippet: no revision.
    expect((await http("POST", `/asset/${id}/scores/increment`, { asset: { reuse: true } })).status).toBe(204)
    expect((await http("POST", `/assets/${id}/delete`)).status).toBe(200)
    expect((await http("POST", `/trash/${id}/restore`)).status).toBe(200)

    const page = await revisions(id)
    expect(page.cursor).toBeNull()
    expect(page.iterable.map((entry: Json) => [entry.number, entry.event, entry.changed])).toEqual([
      [9, "restored", []],
      [8, "deleted", []],
      [7, "edited", ["annotations"]],
      [6, "edited", ["websites"]],
      [5, "edited", ["tags"]],
      [4, "edited", ["language"]],
      [3, "edited", ["code"]],
      [2, "edited", ["name"]],
      [1, "created", ["name", "code", "language", "tags", "websites", "annotations"]]
    ])
    for (const entry of page.iterable) expect(Date.parse(entry.created)).not.toBeNaN()

    const third = (await http("GET", `/asset/${id}/revisions/3`)).json
    expect(third.snippet).toEqual({ name: "sum of prices", code: edited, language: "js", tags: [], websites: [], annotations: [] })
    const newest = (await http("GET", `/asset/${id}/revisions/9`)).json.snippet
    expect(newest).toEqual({
      name: "sum of prices",
      code: edited,
      language: "ts",
      tags: ["money"],
      websites: [{ url: "https://example.com/prices", name: "prices" }],
      annotations: [{ type: "DESCRIPTION", text: "adds up a cart" }]
    })
  })

  it("pages newest first with a cursor, and diffs any two revisions", async () => {
    const id = await saved(CODE, "paged")
    const asset = (await http("GET", `/assets/${id}`)).json
    for (let i = 1; i <= 4; i++) expect((await http("POST", "/asset/update", { ...asset, name: `paged ${i}` })).status).toBe(200)
    const first = await revisions(id, "?limit=2")
    expect(first.iterable.map((entry: Json) => entry.number)).toEqual([5, 4])
    const second = await revisions(id, `?limit=2&cursor=${first.cursor}`)
    expect(second.iterable.map((entry: Json) => entry.number)).toEqual([3, 2])
    const last = await revisions(id, `?limit=2&cursor=${second.cursor}`)
    expect(last.iterable.map((entry: Json) => entry.number)).toEqual([1])
    expect(last.cursor).toBeNull()

    const diff = (await http("GET", `/asset/${id}/revisions/5/diff`)).json
    expect(diff).toMatchObject({ from: 4, to: 5, code: "", fields: [{ field: "name", before: "paged 3", after: "paged 4" }] })
    const whole = (await http("GET", `/asset/${id}/revisions/1/diff`)).json
    expect(whole.from).toBe(0)
    expect(whole.code).toContain("+export const total = (items) =>")

    const format = asset.formats.iterable[0]
    const changed = CODE.replace("0)", "1)")
    await http("POST", "/format/update/value", { ...format, fragment: { string: { raw: changed } } })
    const code = (await http("GET", `/asset/${id}/revisions/6/diff?against=1`)).json
    expect(code.code.split("\n").filter((line: string) => /^[-+][^-+]/.test(line))).toEqual([
      "-  items.reduce((sum, item) => sum + item.price, 0)",
      "+  items.reduce((sum, item) => sum + item.price, 1)"
    ])
    expect(code.fields).toEqual([{ field: "name", before: "paged", after: "paged 4" }])
  })

  it("restores a revision as a new one, announced on the streams; a snippet in the trash comes back", async () => {
    const id = await saved(CODE, "to restore")
    const asset = (await http("GET", `/assets/${id}`)).json
    await http("POST", "/asset/update", { ...asset, name: "renamed" })
    await http("POST", "/tags/create", { text: "restore-test", asset: id })
    const stream = await service.open("/assets/stream/identifiers")
    await stream.waitFor((frames) => frames.length >= 1)

    const restored = await http("POST", `/asset/${id}/revisions/1/restore`)
    expect(restored.status).toBe(200)
    expect(restored.json).toMatchObject({ number: 4, event: "reverted", restored: 1, changed: ["name", "tags"] })
    expect(restored.json.snippet).toEqual((await http("GET", `/asset/${id}/revisions/1`)).json.snippet)
    await stream.waitFor((frames) => frames.slice(1).some((frame) => frame.iterable.some((item: Json) => item.asset.id === id && item.deleted !== true)))
    const now = (await http("GET", `/assets/${id}`)).json
    expect(now.name).toBe("to restore")
    expect(now.tags?.iterable ?? []).toEqual([])
    // History is never rewritten.
    expect((await revisions(id)).iterable.map((entry: Json) => entry.number)).toEqual([4, 3, 2, 1])

    expect((await http("POST", `/assets/${id}/delete`)).status).toBe(200)
    const back = await http("POST", `/asset/${id}/revisions/3/restore`)
    expect(back.status).toBe(200)
    expect(back.json).toMatchObject({ number: 6, event: "reverted", restored: 3 })
    const live = (await http("GET", `/assets/${id}`)).json
    expect(live.name).toBe("renamed")
    expect(live.tags.iterable.map((tag: Json) => tag.text)).toEqual(["restore-test"])
  })

  it("names who made each change: an editor, a seed's application, the page, the API", async () => {
    const connected = await http("POST", "/connect", {
      application: { name: "JETBRAINS", version: "2026.3", platform: "LINUX" }
    })
    const app = connected.json.application.id
    const id = await saved(CODE, "actors")
    const asset = (await http("GET", `/assets/${id}`)).json
    await http("POST", "/asset/update", { ...asset, name: "by the editor" }, { "x-application-id": app })
    await http("POST", "/asset/update", { ...asset, name: "by the page" }, { origin: service.baseUrl() })
    await http("POST", "/asset/update", { ...asset, name: "by the API" })
    expect((await revisions(id)).iterable.map((entry: Json) => entry.actor)).toEqual([
      { kind: "api" },
      { kind: "page" },
      { kind: "application", name: "JETBRAINS", version: "2026.3" },
      // The seed names its application: `codeSeed`'s.
      { kind: "application", name: "VS_CODE", version: "1.95.0" }
    ].map((actor) => engine === "pg" ? { ...actor, member: expect.any(String) } : actor))
  })

  it("takes a snippet's history with it when it is purged from the trash", async () => {
    const id = await saved(CODE, "purged")
    const asset = (await http("GET", `/assets/${id}`)).json
    await http("POST", "/asset/update", { ...asset, name: "purged later" })
    expect((await http("POST", `/assets/${id}/delete`)).status).toBe(200)
    expect((await http("POST", `/trash/${id}/purge`)).status).toBe(204)
    expect((await http("GET", `/asset/${id}/revisions`)).status).toBe(404)
    // Stored again under the same id (from a backup), it starts a history of its own.
    const backup = [
      JSON.stringify({ backup: "asset-connector-service", version: 1 }),
      JSON.stringify({ asset, deleted: null }),
      JSON.stringify({ end: { applications: 0, metadata: 0, assets: 1 } })
    ].join("\n")
    const imported = await fetch(`${service.baseUrl()}/database/import`, { method: "POST", body: backup })
    expect(imported.status).toBe(200)
    expect((await revisions(id)).iterable.map((entry: Json) => [entry.number, entry.actor.kind])).toEqual([[1, "importer"]])
  })

  it("answers 404 for an unknown snippet or revision and 400 for a bad number, limit or against", async () => {
    const id = await saved(CODE, "bad input")
    const cases: Array<[string, string, number]> = [
      ["GET", `/asset/00000000-0000-4000-8000-000000000000/revisions`, 404],
      ["GET", `/asset/${id}/revisions/7`, 404],
      ["GET", `/asset/${id}/revisions/7/diff`, 404],
      ["POST", `/asset/${id}/revisions/7/restore`, 404],
      ["GET", `/asset/${id}/revisions/0`, 400],
      ["GET", `/asset/${id}/revisions/one`, 400],
      ["GET", `/asset/${id}/revisions/1.5`, 400],
      ["GET", `/asset/${id}/revisions?limit=0`, 400],
      ["GET", `/asset/${id}/revisions?limit=101`, 400],
      ["GET", `/asset/${id}/revisions?cursor=abc`, 400],
      ["GET", `/asset/${id}/revisions/1/diff?against=2`, 400],
      ["GET", `/asset/${id}/revisions/1/diff?against=-1`, 400],
      ["GET", `/asset/not-a-uuid/revisions`, 400],
      ["POST", `/proposals/00000000-0000-4000-8000-000000000000/accept`, 404],
      ["POST", `/proposals/00000000-0000-4000-8000-000000000000/reject`, 404],
      ["POST", `/proposals/nope/accept`, 400]
    ]
    for (const [method, path, status] of cases) {
      const answer = await http(method, path)
      expect(answer.status, `${method} ${path}`).toBe(status)
      expect(typeof answer.json.message, `${method} ${path}`).toBe("string")
    }
  })

  it("imports a second massCode vault whose snippets are numbered like the first's whole, and either again adds nothing", async () => {
    const vault = (name: string, created: number) => [
      { path: ".masscode/state.json", text: JSON.stringify({ version: 1, counters: { snippetId: 2 }, folders: [], snippets: [], tags: [] }) },
      ...[1, 2].map((n) => ({
        path: `.masscode/inbox/${name} ${n}.md`,
        text: `---\nid: ${n}\nname: ${name} ${n}\ncreatedAt: ${created + n}\nupdatedAt: ${created + n}\nfolderId: null\ntags: []\n` +
          `contents:\n  - id: ${n}\n    label: Fragment 1\n    language: javascript\n---\n\n## Fragment: Fragment 1\n` +
          "```javascript\n" + `export const ${name.replace(" ", "")}${n} = () => ${n}\n` + "```\n"
      }))
    ]
    const importing = (files: Array<{ path: string; text: string }>) =>
      http("POST", "/library/import", { kind: "masscode", dry_run: false, files })
    const first = await importing(vault("work vault", 1_760_000_000_000))
    expect(first.json).toMatchObject({ read: 2, imported: 2 })
    const second = await importing(vault("home vault", 1_770_000_000_000))
    expect(second.json).toMatchObject({ read: 2, imported: 2 })
    expect((await importing(vault("work vault", 1_760_000_000_000))).json).toMatchObject({ imported: 0 })
    expect((await importing(vault("home vault", 1_770_000_000_000))).json).toMatchObject({ imported: 0 })

    // Revision 1 of an imported snippet names its importer and file.
    const hit = (await http("GET", "/search/full_text?query=homevault1")).json.iterable[0]
    const [entry] = (await revisions(hit.identifier ?? hit.id ?? hit.asset?.id)).iterable
    expect(entry.actor).toMatchObject({ kind: "importer", source: "masscode", file: ".masscode/inbox/home vault 1.md" })
  })
})

describe(`proposals (${runtime}, ${engine})`, () => {
  let service: RunningService
  let marker: WriteMarker
  const dir = mkdtempSync(join(tmpdir(), "proposals-e2e-"))
  const dbPath = join(dir, "assets.db")
  const clients: Array<Client> = []
  const env = { ASSISTANT_EDITS: "propose" }
  const http = (method: string, path: string, body?: unknown) => call(service.baseUrl, method, path, body)

  beforeAll(async () => {
    service = await startService(dbPath, env)
    marker = await writeMarker(dbPath)
  }, 120_000)
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await marker?.close()
    await service?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  const connect = async () => {
    const client = new Client({ name: "history-assistant", version: "3.1.4" })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`)))
    clients.push(client)
    return client
  }
  const callTool = async (client: Client, name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args })
    const text = (result.content as Array<{ text: string }>).map((block) => block.text).join("\n")
    return { ok: result.isError !== true, text, json: result.isError === true ? undefined : JSON.parse(text) as Json }
  }
  const saved = async (name: string) =>
    (await http("POST", "/assets/create", codeSeed(CODE, { metadata: { name, ext: "js" } }))).json.id as string
  const ASSISTANT = { kind: "assistant", name: "history-assistant", version: "3.1.4" }
  const member = (actor: Record<string, unknown>) => engine === "pg" ? { ...actor, member: expect.any(String) } : actor

  it("keeps an assistant's edit as a proposal; accepted, it is a revision by the assistant accepted by the user", async () => {
    const client = await connect()
    const id = await saved("proposed")
    const stream = await (await import("./StreamClient.ts")).openStream(service.baseUrl, "/proposals/stream/identifiers")
    await stream.waitFor((frames) => frames.length >= 1)

    const edit = await callTool(client, "edit_snippet", { id, name: "accepted name", code: CODE.replace("0)", "100)") })
    expect(edit.ok).toBe(true)
    expect(edit.json).toMatchObject({ edited: false, proposed: true })
    expect(edit.text).toMatch(/approval/)
    expect((await http("GET", `/assets/${id}`)).json.name).toBe("proposed")
    await stream.waitFor((frames) => frames.slice(1).some((frame) => frame.iterable.some((item: Json) => item.proposal.id === edit.json.proposal)))

    const listed = (await http("GET", "/proposals")).json.iterable.find((proposal: Json) => proposal.id === edit.json.proposal)
    expect(listed).toMatchObject({ snippet: { id, name: "proposed", deleted: false }, assistant: ASSISTANT })
    expect(listed.diff.fields).toEqual([{ field: "name", before: "proposed", after: "accepted name" }])
    expect(listed.diff.code).toContain("+  items.reduce((sum, item) => sum + item.price, 100)")

    // The snippet changes meanwhile: the proposal is shown against it, and applied over it.
    await http("POST", "/tags/create", { text: "meanwhile", asset: id })
    const accepted = await http("POST", `/proposals/${edit.json.proposal}/accept`)
    expect(accepted.status).toBe(200)
    expect(accepted.json.name).toBe("accepted name")
    expect(accepted.json.tags.iterable.map((tag: Json) => tag.text)).toEqual(["meanwhile"])
    const [newest] = (await http("GET", `/asset/${id}/revisions`)).json.iterable
    expect(newest).toMatchObject({ number: 3, actor: member({ ...ASSISTANT, accepted: true }), changed: ["name", "code"] })
    await stream.waitFor((frames) => frames.some((frame) => frame.iterable.some((item: Json) => item.deleted === true)))
    expect((await http("POST", `/proposals/${edit.json.proposal}/accept`)).status).toBe(404)
    await stream.close()
  })

  it("drops a rejected proposal without writing to the snippet", async () => {
    const client = await connect()
    const id = await saved("rejected")
    const edit = await callTool(client, "edit_snippet", { id, tags: ["nope"] })
    const before = (await http("GET", `/assets/${id}`)).json
    expect((await http("POST", `/proposals/${edit.json.proposal}/reject`)).status).toBe(204)
    expect((await http("GET", `/assets/${id}`)).json).toEqual(before)
    expect((await http("GET", `/asset/${id}/revisions`)).json.iterable).toHaveLength(1)
    expect((await http("GET", "/proposals")).json.iterable.map((proposal: Json) => proposal.id)).not.toContain(edit.json.proposal)
  })

  it("records the assistant as the actor of its saves and restores, and serves the history tools", async () => {
    const client = await connect()
    const save = await callTool(client, "save_snippet", { code: "def area(r):\n    return 3.14159 * r * r\n", name: "circle area", language: "python" })
    const id = save.json.snippet.id
    const history = await callTool(client, "snippet_history", { id })
    expect(history.json.revisions).toHaveLength(1)
    expect(history.json.revisions[0]).toMatchObject({ revision: 1, actor: member(ASSISTANT), event: "created" })
    await http("POST", "/asset/update", { ...(await http("GET", `/assets/${id}`)).json, name: "area of a circle" })
    const one = await callTool(client, "get_snippet_revision", { id, revision: 1 })
    expect(one.json.snippet).toMatchObject({ name: "circle area", language: "py" })
    const restored = await callTool(client, "restore_snippet_revision", { id, revision: 1 })
    expect(restored.json).toMatchObject({ restored: true, revision: 3, restores: 1 })
    expect((await http("GET", `/assets/${id}`)).json.name).toBe("circle area")
    const [newest] = (await http("GET", `/asset/${id}/revisions`)).json.iterable
    expect(newest.actor).toEqual(member(ASSISTANT))
    const missing = await callTool(client, "get_snippet_revision", { id, revision: 9 })
    expect(missing.ok).toBe(false)
    expect(missing.text).toMatch(/no revision 9/)
  })

  it("keeps proposals over a restart", async () => {
    const client = await connect()
    const id = await saved("kept over a restart")
    const edit = await callTool(client, "edit_snippet", { id, name: "after the restart" })
    await Promise.all(clients.splice(0).map((open) => open.close()))
    await marker.close()
    await service.stop()
    service = await startService(dbPath, env)
    marker = await writeMarker(dbPath)
    const listed = (await http("GET", "/proposals")).json.iterable.map((proposal: Json) => proposal.id)
    expect(listed).toContain(edit.json.proposal)
    expect((await http("POST", `/proposals/${edit.json.proposal}/accept`)).json.name).toBe("after the restart")
  }, 120_000)

  describe("generated bad input on every history route", () => {
    const oddSegment = fc.oneof(
      fc.constantFrom("0", "-1", "1.5", "1e3", "00000000-0000-4000-8000-000000000000", "%20", "999999999999", "x".repeat(300)),
      fc.integer({ min: -5, max: 1_000_000 }).map(String),
      fc.string({ maxLength: 20 }).map(encodeURIComponent)
    )
    const oddQuery = fc.dictionary(
      fc.constantFrom("limit", "cursor", "against", "other"),
      fc.oneof(oddSegment, fc.constant("")),
      { maxKeys: 3 }
    )

    it("never answers 5xx, answers JSON, and writes nothing", async () => {
      const id = await saved("fuzzed")
      const routes = [
        (asset: string) => ["GET", `/asset/${asset}/revisions`],
        (asset: string, n: string) => ["GET", `/asset/${asset}/revisions/${n}`],
        (asset: string, n: string) => ["GET", `/asset/${asset}/revisions/${n}/diff`],
        (asset: string, n: string) => ["POST", `/asset/${asset}/revisions/${n}/restore`],
        (_: string, n: string) => ["POST", `/proposals/${n}/accept`],
        (_: string, n: string) => ["POST", `/proposals/${n}/reject`]
      ] as const
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: routes.length - 1 }),
          fc.oneof(fc.constant(id), oddSegment),
          oddSegment,
          oddQuery,
          async (route, asset, n, query) => {
            const [method, path] = routes[route](asset, n)
            const search = new URLSearchParams(query).toString()
            const before = await marker.read()
            const answer = await http(method, `${path}${search === "" ? "" : `?${search}`}`)
            const context = `${method} ${path}?${search} → ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`
            expect(answer.status, context).toBeLessThan(500)
            expect(typeof answer.json, context).toBe("object")
            // A restore of a revision that exists writes; everything refused writes nothing.
            if (answer.status >= 400) expect(await marker.read(), `refused, yet written: ${context}`).toBe(before)
          }
        ),
        { numRuns: RUNS }
      )
    }, 300_000)

    it("MCP history tools with generated arguments: an error result, never a 500, nothing written", async () => {
      const client = await connect()
      const id = await saved("fuzzed over MCP")
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("snippet_history", "get_snippet_revision", "restore_snippet_revision"),
          fc.record({
            id: fc.oneof(fc.constant(id), fc.uuid(), fc.string({ maxLength: 10 })),
            revision: fc.oneof(fc.integer({ min: -3, max: 50 }), fc.double(), fc.string({ maxLength: 5 }), fc.constant(null)),
            limit: fc.oneof(fc.integer({ min: -3, max: 200 }), fc.string({ maxLength: 3 })),
            cursor: fc.string({ maxLength: 8 })
          }, { requiredKeys: [] }),
          async (name, args) => {
            const before = await marker.read()
            const result = await client.callTool({ name, arguments: args }).then((answer) => answer, (error: unknown) => error)
            if (result instanceof Error) expect(String(result)).toMatch(/MCP error -326\d\d/)
            else if ((result as { isError?: boolean }).isError === true) expect(await marker.read()).toBe(before)
          }
        ),
        { numRuns: RUNS }
      )
    }, 300_000)
  })
})
