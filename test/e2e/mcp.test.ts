/**
 * MCP end to end, with the official MCP TypeScript client (`@modelcontextprotocol/sdk`) over Streamable HTTP and
 * over the legacy SSE transport the Pieces CLI uses: initialize, list the tools, call every tool, read the
 * resources, and receive the notifications a write made over plain HTTP causes. Then generated bad arguments for
 * every tool (fast-check): an error result or a JSON-RPC error, never a 500, nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema
} from "@modelcontextprotocol/sdk/types.js"
import fc from "fast-check"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { call, codeSeed, rawRequest } from "./Http.ts"
import { writeMarker, type WriteMarker } from "./LibraryState.ts"
import { engine, runtime, startService, type RunningService } from "./ServiceProcess.ts"

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 100)

const DEBOUNCE = `export function debounce<T extends (...args: Array<unknown>) => void>(fn: T, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  return (...args: Parameters<T>) => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => fn(...args), waitMs)
  }
}
`
/** As unlike the first as two snippets are (a renamed copy is a near copy), with the same name. */
const DEBOUNCE_LEADING = `export class debounce {
  private last = 0
  constructor(private readonly action: () => Promise<void>, private readonly gapMs: number) {}
  async run(now = Date.now()): Promise<boolean> {
    if (now - this.last < this.gapMs) return false
    this.last = now
    await this.action()
    return true
  }
}
`
const CHUNK = `def chunked(items, size):
    """Split a list into lists of at most size items."""
    if size <= 0:
        raise ValueError("size must be positive")
    return [items[i:i + size] for i in range(0, len(items), size)]
`

type TransportKind = "streamable" | "sse"

const TOOLS = [
  "search_snippets",
  "get_snippet",
  "save_snippet",
  "edit_snippet",
  "trash_snippet",
  "list_tags",
  "related_snippets",
  "snippet_history",
  "get_snippet_revision",
  "restore_snippet_revision"
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tool answers are inspected field by field
type Json = any

describe(`MCP (${runtime}, ${engine})`, () => {
  let service: RunningService
  let marker: WriteMarker
  const dir = mkdtempSync(join(tmpdir(), "mcp-e2e-"))
  const clients: Array<Client> = []

  beforeAll(async () => {
    const dbPath = join(dir, "assets.db")
    service = await startService(dbPath)
    marker = await writeMarker(dbPath)
  }, 120_000)
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await marker?.close()
    await service?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  const transportOf = (kind: TransportKind): Transport =>
    kind === "streamable"
      ? new StreamableHTTPClientTransport(new URL(`${service.baseUrl}/mcp`))
      : new SSEClientTransport(new URL(`${service.baseUrl}/model_context_protocol/2024-11-05/sse`))

  const connect = async (kind: TransportKind) => {
    const client = new Client({ name: "mcp-e2e", version: "1.0.0" })
    await client.connect(transportOf(kind))
    clients.push(client)
    return client
  }

  /** A tool's answer: its JSON when it succeeded, else the error text. */
  const callTool = async (client: Client, name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args })
    const content = result.content as Array<{ type: string; text: string }>
    const text = content.map((block) => block.text).join("\n")
    return result.isError === true
      ? { ok: false as const, text, json: undefined }
      : { ok: true as const, text, json: JSON.parse(text) as Json, structured: result.structuredContent as Json }
  }

  it("lists where clients connect, the SSE transport first, as the Pieces CLI reads it", async () => {
    const versions = await call(service.baseUrl, "GET", "/model_context_protocol/schema_versions")
    expect(versions.status).toBe(200)
    expect(versions.json.iterable.map((entry: Json) => entry.version)).toEqual(["2024-11-05", "2025-03-26"])
    expect(versions.json.iterable[0].entry_endpoint).toBe(`${service.baseUrl}/model_context_protocol/2024-11-05/sse`)
  })

  for (const kind of ["streamable", "sse"] as const) {
    describe(`over ${kind === "streamable" ? "Streamable HTTP" : "the legacy SSE transport"}`, () => {
      let client: Client
      beforeAll(async () => {
        client = await connect(kind)
      })
      const tag = `mcp-${kind}`
      const debounce = (kind === "streamable" ? DEBOUNCE : DEBOUNCE_LEADING).replaceAll("debounce", `debounce_${kind}`)

      it("initializes with tools and subscribable resources, and lists every tool with its input schema", async () => {
        expect(client.getServerCapabilities()?.tools).toBeDefined()
        expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: true, listChanged: true })
        expect(client.getInstructions()).toMatch(/snippet/)
        const { tools } = await client.listTools()
        expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOLS].sort())
        for (const tool of tools) {
          expect(tool.description!.length).toBeGreaterThan(40)
          expect(tool.inputSchema.type).toBe("object")
        }
        const save = tools.find((tool) => tool.name === "save_snippet")!
        expect(save.inputSchema.required).toEqual(["code"])
        expect(save.annotations?.readOnlyHint).toBe(false)
        expect(tools.find((tool) => tool.name === "search_snippets")!.annotations?.readOnlyHint).toBe(true)
      })

      it("saves a snippet, then refuses a near copy unless told to save anyway", async () => {
        const saved = await callTool(client, "save_snippet", {
          code: debounce,
          name: `debounce (${kind})`,
          language: "typescript",
          tags: [tag, "timing"],
          websites: ["https://example.com/debounce"],
          description: "Delays calls until the caller is quiet"
        })
        expect(saved.ok, saved.text).toBe(true)
        expect(saved.json.saved).toBe(true)
        expect(saved.json.snippet).toMatchObject({ name: `debounce (${kind})`, language: "ts", tags: [tag, "timing"] })
        expect(saved.structured).toEqual(saved.json)
        const id = saved.json.snippet.id

        const copy = await callTool(client, "save_snippet", { code: debounce.replaceAll(`debounce_${kind}`, "renamedCopy") })
        expect(copy.json.saved).toBe(false)
        expect(copy.json.near_copies[0]).toMatchObject({ id })
        expect(copy.json.near_copies[0].similarity).toBeGreaterThan(0.7)

        const anyway = await callTool(client, "save_snippet", { code: `${debounce}// kept twice\n`, save_anyway: true })
        expect(anyway.json.saved).toBe(true)
        expect(anyway.json.near_copies.map((near: Json) => near.id)).toContain(id)
        // Saved through MCP, it is an asset like any other.
        const asset = await call(service.baseUrl, "GET", `/assets/${id}`)
        expect(asset.json.formats.iterable[0].fragment.string.raw).toBe(debounce)
      })

      it("searches in pages of summaries, fuzzily, by identifier words, by tag and language", async () => {
        const found = await callTool(client, "search_snippets", { query: `debounce_${kind}`, limit: 1 })
        expect(found.ok, found.text).toBe(true)
        expect(found.json.snippets).toHaveLength(1)
        expect(found.json.total).toBeGreaterThanOrEqual(2)
        const first = found.json.snippets[0]
        expect(first.excerpt).toContain(`debounce_${kind}`)
        expect(first.excerpt.split("\n").length).toBeLessThanOrEqual(7)
        expect(first).not.toHaveProperty("code")
        const next = await callTool(client, "search_snippets", { query: `debounce_${kind}`, limit: 1, cursor: found.json.next_cursor })
        expect(next.json.snippets[0].id).not.toBe(first.id)
        expect(next.json.snippets[0].excerpt).toContain(`debounce_${kind}`)

        const typo = await callTool(client, "search_snippets", { query: `debonuce_${kind}` })
        expect(typo.json.snippets.length).toBeGreaterThan(0)
        const words = await callTool(client, "search_snippets", { query: `debounce ${kind}`, mode: "identifier_words", tags: [tag] })
        expect(words.json.snippets.map((s: Json) => s.name)).toContain(`debounce (${kind})`)
        const filtered = await callTool(client, "search_snippets", { tags: [tag], language: "TypeScript" })
        expect(filtered.json.snippets.map((s: Json) => s.name)).toEqual([`debounce (${kind})`])
        const python = await callTool(client, "search_snippets", { tags: [tag], language: "python" })
        expect(python.json.snippets).toEqual([])
      })

      it("reads a snippet whole; an unknown id is an error result, as is a malformed one, naming the field", async () => {
        const [hit] = (await callTool(client, "search_snippets", { tags: [tag], language: "ts" })).json.snippets
        const got = await callTool(client, "get_snippet", { id: hit.id })
        expect(got.json).toMatchObject({
          id: hit.id,
          code: debounce,
          language: "ts",
          tags: [tag, "timing"],
          websites: [{ url: "https://example.com/debounce" }],
          annotations: [{ type: "DESCRIPTION", text: "Delays calls until the caller is quiet" }]
        })
        expect(got.json.created).toMatch(/^\d{4}-/)
        const unknown = await callTool(client, "get_snippet", { id: "00000000-0000-4000-8000-000000000000" })
        expect(unknown.ok).toBe(false)
        expect(unknown.text).toMatch(/No snippet has id/)
        const malformed = await callTool(client, "get_snippet", { id: "not-an-id" })
        expect(malformed.ok).toBe(false)
        expect(malformed.text).toMatch(/^Invalid arguments for get_snippet:\nid: /)
        const missing = await callTool(client, "search_snippets", { limit: 80, mode: "regex" })
        expect(missing.text).toMatch(/limit: /)
        expect(missing.text).toMatch(/mode: /)
      })

      it("edits name, tags, language and code together; a refused edit changes nothing", async () => {
        const saved = await callTool(client, "save_snippet", {
          code: CHUNK.replace("chunked", `chunked_${kind}`),
          tags: ["old-tag"],
          save_anyway: true
        })
        const id = saved.json.snippet.id
        expect(saved.json.snippet.language).toBe("py")
        const edited = await callTool(client, "edit_snippet", {
          id,
          name: `chunk a list (${kind})`,
          tags: [tag, "lists"],
          code: CHUNK.replace("chunked", `chunked_${kind}`).replace("at most", "no more than")
        })
        expect(edited.ok, edited.text).toBe(true)
        const got = (await callTool(client, "get_snippet", { id })).json
        expect(got).toMatchObject({ name: `chunk a list (${kind})`, tags: [tag, "lists"], language: "py" })
        expect(got.code).toContain("no more than")

        const refused = await callTool(client, "edit_snippet", { id, name: "renamed", code: "   " })
        expect(refused.ok).toBe(false)
        expect(refused.text).toMatch(/code/)
        expect((await callTool(client, "get_snippet", { id })).json.name).toBe(`chunk a list (${kind})`)
        const nothing = await callTool(client, "edit_snippet", { id })
        expect(nothing.ok).toBe(false)
        const relabelled = await callTool(client, "edit_snippet", { id, language: "rust" })
        expect(relabelled.json.snippet.language).toBe("rs")
      })

      it("lists tags with their counts and finds related snippets", async () => {
        const tags = await callTool(client, "list_tags", { limit: 50 })
        const mine = tags.json.tags.find((entry: Json) => entry.tag === tag)
        expect(mine.count).toBe(2)
        const [hit] = (await callTool(client, "search_snippets", { tags: [tag], language: "ts" })).json.snippets
        const related = await callTool(client, "related_snippets", { id: hit.id })
        expect(related.json.snippets[0].excerpt).toContain("debounce")
        expect(related.json.snippets[0].score).toBeGreaterThan(0)
      })

      it("moves a snippet to the trash, from where it can be restored", async () => {
        const saved = await callTool(client, "save_snippet", {
          code: `export const trashMe_${kind} = (x: number) => x * 42\n`,
          save_anyway: true
        })
        const id = saved.json.snippet.id
        const trashed = await callTool(client, "trash_snippet", { id })
        expect(trashed.json.trashed).toBe(true)
        const gone = await callTool(client, "get_snippet", { id })
        expect(gone.text).toMatch(/in the trash/)
        expect((await call(service.baseUrl, "POST", `/trash/${id}/restore`)).status).toBe(200)
        expect((await callTool(client, "get_snippet", { id })).ok).toBe(true)
      })

      it("serves each snippet as a resource, in pages, with templates; an unknown one is an error", async () => {
        const [hit] = (await callTool(client, "search_snippets", { tags: [tag], language: "ts" })).json.snippets
        const uri = `snippet://${hit.id}`
        let listed: Array<{ uri: string; mimeType?: string | undefined }> = []
        let cursor: string | undefined
        do {
          const page = await client.listResources(cursor === undefined ? {} : { cursor })
          listed = listed.concat(page.resources)
          cursor = page.nextCursor
        } while (cursor !== undefined)
        expect(listed.find((resource) => resource.uri === uri)?.mimeType).toBe("text/typescript")
        const read = await client.readResource({ uri })
        expect(read.contents[0]).toMatchObject({ uri, mimeType: "text/typescript", text: debounce })
        const search = await client.readResource({ uri: `snippets://search/${encodeURIComponent(`debounce_${kind}`)}` })
        const searched = JSON.parse(String((search.contents[0] as { text: string }).text)).snippets.map((snippet: Json) => snippet.id)
        expect(searched).toContain(hit.id)
        const templates = await client.listResourceTemplates()
        expect(templates.resourceTemplates.map((template) => template.uriTemplate)).toEqual([
          "snippet://{id}",
          "snippets://search/{query}"
        ])
        await expect(client.readResource({ uri: "snippet://00000000-0000-4000-8000-000000000000" })).rejects.toThrow(/not found/)
      })

      it("notifies a subscriber when its snippet changes over plain HTTP, and everyone when the list changes", async () => {
        const updated: Array<string> = []
        let listChanges = 0
        client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
          updated.push(notification.params.uri)
        })
        client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
          listChanges++
        })
        if (kind === "streamable") {
          // The client opens the session's event stream after initializing; wait until the service holds it.
          await new Promise((resolve) => setTimeout(resolve, 300))
        }
        const [hit] = (await callTool(client, "search_snippets", { tags: [tag], language: "ts" })).json.snippets
        await client.subscribeResource({ uri: `snippet://${hit.id}` })
        const renamed = await call(service.baseUrl, "POST", "/asset/update", {
          ...(await call(service.baseUrl, "GET", `/assets/${hit.id}`)).json,
          name: "renamed over HTTP"
        })
        expect(renamed.status).toBe(200)
        const created = await call(service.baseUrl, "POST", "/assets/create", codeSeed(`const createdOverHttp_${kind} = 1\n`))
        expect(created.status).toBe(200)
        const deadline = Date.now() + 5_000
        while ((updated.length === 0 || listChanges === 0) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        expect(updated).toContain(`snippet://${hit.id}`)
        expect(listChanges).toBeGreaterThan(0)
      })
    })
  }

  it("refuses what is not MCP with a JSON-RPC error: no session, an unknown session, bad JSON, an unknown method", async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      rawRequest(service.baseUrl, "POST", "/mcp", {
        body,
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }
      })
    const noSession = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }))
    expect(noSession.status).toBe(400)
    expect(noSession.json.error.message).toMatch(/Mcp-Session-Id/)
    const unknown = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), {
      "mcp-session-id": "no-such-session"
    })
    expect(unknown.status).toBe(404)
    const notJson = await post("{")
    expect(notJson.status).toBe(400)
    expect(notJson.json.error.code).toBe(-32700)
    const init = await post(JSON.stringify({
      jsonrpc: "2.0",
      id: "init",
      method: "initialize",
      params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "raw", version: "1" } }
    }))
    expect(init.json.result.protocolVersion).toBe("2025-03-26")
    const session = { "mcp-session-id": String(init.headers["mcp-session-id"]) }
    const method = await post(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "no/such" }), session)
    expect(method.json).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32601, message: "Method not found: no/such" } })
    const batch = await post(JSON.stringify([
      { jsonrpc: "2.0", id: 0, method: "ping" },
      { jsonrpc: "2.0", id: "b", method: "tools/call", params: { name: "no_such_tool", arguments: {} } }
    ]), session)
    expect(batch.json.map((answer: Json) => answer.id)).toEqual([0, "b"])
    expect(batch.json[1].error.message).toMatch(/no_such_tool/)
    const notification = await post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), session)
    expect(notification.status).toBe(202)
    const page = await rawRequest(service.baseUrl, "POST", "/mcp", {
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      headers: { "content-type": "application/json", origin: "https://evil.example", ...session }
    })
    expect(page.status).toBe(403)
    expect((await rawRequest(service.baseUrl, "DELETE", "/mcp", { headers: session })).status).toBe(204)
    expect((await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), session)).status).toBe(404)
  })

  it("ends a legacy session when its stream closes, and a Streamable HTTP session when its client deletes it", async () => {
    const stats = async () => (await call(service.baseUrl, "GET", "/.well-known/stats")).json.mcp
    const waitFor = async (check: (mcp: Json) => boolean) => {
      const deadline = Date.now() + 5_000
      while (!check(await stats()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      return stats()
    }
    const before = await stats()
    const legacy = await connect("sse")
    const streamable = await connect("streamable")
    await legacy.listTools()
    await streamable.listTools()
    expect(await waitFor((mcp) => mcp.sessions === before.sessions + 2 && mcp.streams === before.streams + 2))
      .toEqual({ sessions: before.sessions + 2, streams: before.streams + 2 })
    await legacy.close()
    await (streamable.transport as StreamableHTTPClientTransport).terminateSession()
    await streamable.close()
    expect(await waitFor((mcp) => mcp.sessions === before.sessions && mcp.streams === before.streams)).toEqual(before)
  })

  describe("generated bad arguments", () => {
    let client: Client
    beforeAll(async () => {
      client = await connect("streamable")
    })

    const oddValue = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(null, "", -1, 0, 51, 1e308, true, [], {}, "x".repeat(300_000), "💥\u0000\uFFFF", "not-a-uuid", "2026-13-45"),
      fc.uuid(),
      fc.string({ maxLength: 40 })
    )
    const validArguments: Record<string, Record<string, unknown>> = {
      search_snippets: { query: "debounce", mode: "fuzzy", tags: ["t"], language: "ts", limit: 5, cursor: "bzA" },
      get_snippet: { id: "00000000-0000-4000-8000-000000000000" },
      save_snippet: { code: "", name: "n", language: "ts", tags: ["t"], websites: ["https://e.x"], save_anyway: true },
      edit_snippet: { id: "00000000-0000-4000-8000-000000000000", name: "n", tags: ["t"], language: "ts", code: "x" },
      trash_snippet: { id: "00000000-0000-4000-8000-000000000000" },
      list_tags: { limit: 5 },
      related_snippets: { id: "00000000-0000-4000-8000-000000000000", limit: 5 },
      snippet_history: { id: "00000000-0000-4000-8000-000000000000", limit: 5 },
      get_snippet_revision: { id: "00000000-0000-4000-8000-000000000000", revision: 1 },
      restore_snippet_revision: { id: "00000000-0000-4000-8000-000000000000", revision: 1 }
    }

    for (const name of TOOLS) {
      const valid = validArguments[name]
      const mutated = fc.oneof(
        fc.tuple(fc.constantFrom(...Object.keys(valid), "unknown_argument"), oddValue).map(([key, value]) => ({ ...valid, [key]: value })),
        fc.dictionary(fc.string({ maxLength: 10 }), oddValue, { maxKeys: 4 }),
        fc.constant({})
      )
      it(`${name}: an error result or a JSON-RPC error, never a 500, nothing written`, () =>
        fc.assert(
          fc.asyncProperty(mutated, async (args) => {
            const before = await marker.read()
            const context = `${name} ${JSON.stringify(args).slice(0, 300)}`
            const result = await client.callTool({ name, arguments: args }).then(
              (answer) => ({ answer, error: undefined }),
              (error: unknown) => ({ answer: undefined, error })
            )
            if (result.error !== undefined) {
              expect(String(result.error), context).toMatch(/MCP error -326\d\d/)
            } else if (result.answer?.isError !== true) {
              // What the mutation left valid may succeed: a search, a save of real code.
              expect(["search_snippets", "list_tags", "save_snippet"], context).toContain(name)
              return
            }
            expect(await marker.read(), `refused, yet written: ${context}`).toBe(before)
          }),
          { numRuns: RUNS }
        ))
    }

    it("raw bodies to the MCP endpoints: a JSON-RPC answer or a JSON refusal, never a 500", () =>
      fc.assert(
        fc.asyncProperty(fc.constantFrom("/mcp", "/model_context_protocol/2025-03-26/mcp", "legacy"),
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
          fc.record({
            jsonrpc: fc.constantFrom("2.0", "1.0", 2),
            id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.jsonValue({ maxDepth: 1 })),
            method: fc.oneof(
              fc.constantFrom("initialize", "tools/list", "tools/call", "resources/read", "resources/list",
                "resources/subscribe", "prompts/get", "completion/complete", "logging/setLevel", "ping",
                "notifications/cancelled"),
              fc.string({ maxLength: 20 })
            ),
            params: fc.oneof(oddValue, fc.record({ name: fc.constantFrom(...TOOLS), arguments: oddValue, uri: oddValue }))
          }, { requiredKeys: ["jsonrpc", "method"] }).map((message) => JSON.stringify(message)),
          fc.string({ maxLength: 100 })
        ), async (endpoint, body) => {
          const before = await marker.read()
          const opened = endpoint === "legacy" ? undefined : await rawRequest(service.baseUrl, "POST", endpoint, {
            body: JSON.stringify({
              jsonrpc: "2.0",
              id: 0,
              method: "initialize",
              params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } }
            })
          })
          const path = endpoint === "legacy" ? "/model_context_protocol/2024-11-05/messages?session_id=none" : endpoint
          const answer = await rawRequest(service.baseUrl, "POST", path, {
            body,
            headers: opened === undefined ? {} : { "mcp-session-id": String(opened.headers["mcp-session-id"]) }
          })
          const context = `${path} ${body.slice(0, 300)} → ${answer.status} ${answer.text.slice(0, 300)}`
          expect(answer.status, context).toBeGreaterThan(0)
          expect(answer.status, context).toBeLessThan(500)
          if (answer.status !== 202) expect(answer.json, context).toBeDefined()
          if (opened !== undefined) {
            await rawRequest(service.baseUrl, "DELETE", endpoint, { headers: { "mcp-session-id": String(opened.headers["mcp-session-id"]) } })
          }
          // Only a valid save could write, and these carry no code.
          if (!body.includes("save_snippet") && !body.includes("edit_snippet") && !body.includes("trash_snippet")) {
            expect(await marker.read(), `written: ${context}`).toBe(before)
          }
        }),
        { numRuns: RUNS }
      ))

    it("still serves after them", async () => {
      expect((await call(service.baseUrl, "GET", "/.well-known/health")).status).toBe(200)
      expect((await client.listTools()).tools).toHaveLength(TOOLS.length)
    })
  })
})
