/**
 * Backups end to end: a library of 10,000 assets (with tags, websites, annotations, applications, scores, trashed
 * assets, their histories and an assistant's proposal) exported, imported into an empty service and exported again
 * gives the same file, histories and proposals kept exactly; importing it again
 * changes nothing; a malformed or truncated file is refused with a message naming the line, having written nothing.
 */
import { randomUUID } from "node:crypto"
import { describe, expect, it } from "vitest"
import { codeSeed } from "./Http.ts"
import { engine, runtime } from "./ServiceProcess.ts"
import { suiteService } from "./SuiteService.ts"

const LIBRARY = 10_000

/** A POST of a backup file, as `npm run import` sends it. */
const importing = async (baseUrl: string, file: string) => {
  const response = await fetch(`${baseUrl}/database/import`, {
    method: "POST",
    headers: { "content-type": "application/x-ndjson" },
    body: file
  })
  return { status: response.status, json: await response.json() }
}
const exported = async (baseUrl: string) => (await fetch(`${baseUrl}/database/export`)).text()

describe(`backup (${runtime}, ${engine})`, () => {
  const source = suiteService("backup-source")
  const target = suiteService("backup-target")
  const untouched = suiteService("backup-untouched")

  /** A library built as users build one, then grown to 10,000 assets by importing copies of one of its assets. */
  const buildLibrary = async () => {
    const { http } = source
    const ids: Array<string> = []
    for (let i = 0; i < 20; i++) {
      const seed = codeSeed(`export const backedUp${i} = (items) => items.map((item) => item * ${i})\n`, {
        metadata: {
          name: `backed up ${i}`,
          ext: "ts",
          tags: [{ text: `tag ${i % 3}` }],
          websites: [{ url: `https://example.com/${i % 2}`, name: "docs" }]
        }
      })
      ids.push((await http("POST", "/assets/create", seed)).json.id)
    }
    expect((await http("POST", "/annotations/create", { type: "DESCRIPTION", text: "kept", asset: ids[0] })).status).toBe(200)
    expect((await http("POST", `/asset/${ids[1]}/scores/increment`, { asset: { reuse: true } })).status).toBe(204)
    for (const id of ids.slice(18)) expect((await http("POST", `/assets/${id}/delete`)).status).toBe(200)

    // Copies of a saved asset under new ids: its JSON with the ids and the code's name replaced.
    const template = JSON.stringify((await http("GET", `/assets/${ids[2]}`)).json)
    const formatId = JSON.parse(template).formats.iterable[0].id
    const lines = [JSON.stringify({ backup: "asset-connector-service", version: 1 })]
    for (let i = 0; i < LIBRARY - 20; i++) {
      const copy = template.replaceAll(ids[2], randomUUID()).replaceAll(formatId, randomUUID())
        .replaceAll("backedUp2", `copied${i}`)
      lines.push(`{"asset":${copy},"deleted":null}`)
    }
    // An assistant's edit waiting for the user, of a snippet of the library.
    const proposal = {
      id: randomUUID(),
      asset: ids[3],
      created: "2026-11-30T10:00:00.000Z",
      actor: { kind: "assistant", name: "claude-code", version: "2.0.1" },
      changes: { name: "proposed name", tags: ["proposed"] }
    }
    lines.push(JSON.stringify({ proposal }))
    lines.push(JSON.stringify({ end: { applications: 0, metadata: 0, assets: LIBRARY - 20, proposals: 1 } }))
    const grown = await importing(source.baseUrl(), `${lines.join("\n")}\n`)
    expect(grown.status).toBe(200)
    expect(grown.json.imported.assets).toBe(LIBRARY - 20)
    expect(grown.json.imported.proposals).toBe(1)
    // A version 1 file's snippets come with no history: each gets its revision 1, by the backup importer.
    const copy = JSON.parse(lines[1]).asset.id
    expect((await http("GET", `/asset/${copy}/revisions`)).json.iterable.map((entry: { actor: unknown }) => entry.actor))
      .toEqual([expect.objectContaining({ kind: "importer", source: "backup" })])
    return ids
  }

  /** Every revision of a snippet, with the snippet each left. */
  const historyOf = async (http: typeof source.http, id: string) => {
    const entries = (await http("GET", `/asset/${id}/revisions?limit=100`)).json.iterable as Array<{ number: number }>
    return Promise.all(entries.map(async (entry) => (await http("GET", `/asset/${id}/revisions/${entry.number}`)).json))
  }

  it(`round trip at ${LIBRARY.toLocaleString("en")} assets: export, import into an empty service, export again: the same file`, async () => {
    const ids = await buildLibrary()
    const file = await exported(source.baseUrl())
    const lines = file.trimEnd().split("\n")
    // 20 creates, an annotation put on one, two deletes; a revision 1 for each of the copies.
    const revisions = 20 + 1 + 2 + LIBRARY - 20
    const counts = { applications: 1, metadata: 6, assets: LIBRARY, revisions, proposals: 1 }
    expect(JSON.parse(lines.at(-1)!).end).toEqual(counts)

    const imported = await importing(target.baseUrl(), file)
    expect(imported.status).toBe(200)
    const none = { applications: 0, metadata: 0, assets: 0, revisions: 0, proposals: 0 }
    expect(imported.json).toEqual({ imported: counts, kept: none })
    expect(await exported(target.baseUrl())).toBe(file)
    for (const id of [ids[0], ids[18]]) expect(await historyOf(target.http, id)).toEqual(await historyOf(source.http, id))
    expect((await target.http("GET", "/proposals")).json).toEqual((await source.http("GET", "/proposals")).json)

    // What the import built works as the original does: found by search, trashed ones in the trash.
    const found = (await target.http("GET", "/search/full_text?query=backedUp7")).json.iterable
    expect(found).toHaveLength(1)
    expect((await target.http("GET", "/trash")).json.iterable).toHaveLength(2)

    // Importing the same file again changes nothing.
    const again = await importing(target.baseUrl(), file)
    expect(again.json).toEqual({ imported: none, kept: counts })
    expect(await exported(target.baseUrl())).toBe(file)
  }, 300_000)

  it("a malformed or truncated file is refused with the line it stops at, and nothing is written", async () => {
    const { http } = source
    const small = await exported(untouched.baseUrl())
    const seed = codeSeed("const refusedImport = [1, 2, 3]\n", { metadata: { name: "refused", tags: [{ text: "r" }] } })
    await http("POST", "/assets/create", seed)
    const file = (await exported(source.baseUrl())).trimEnd().split("\n")
    const cases: Array<[string, string, RegExp]> = [
      ["truncated: no end record", file.slice(0, -1).join("\n"), /truncated/],
      ["cut inside a line", file.join("\n").slice(0, Math.floor(file.join("\n").length / 2)), /not JSON|truncated/],
      ["a record that is not one", [...file.slice(0, 3), "{\"asset\":{\"id\":1},\"deleted\":null}", ...file.slice(3)].join("\n"), /Line 4/],
      ["another file", "{\"hello\":\"world\"}\n", /Not a backup/],
      ["counts that disagree", [...file.slice(0, -1), JSON.stringify({ end: { applications: 0, metadata: 0, assets: 1 } })].join("\n"), /end record counts/],
      ["empty", "", /empty/]
    ]
    for (const [label, body, message] of cases) {
      const answer = await importing(untouched.baseUrl(), body)
      expect(answer.status, label).toBe(400)
      expect(answer.json._tag, label).toBe("BackupInvalid")
      expect(answer.json.message, label).toMatch(message)
    }
    expect(await exported(untouched.baseUrl())).toBe(small)
  }, 120_000)
})
