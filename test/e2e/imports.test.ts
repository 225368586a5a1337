/**
 * Imports from other tools end to end, on every engine and runtime: each importer on hand-written files in its
 * tool's format (`test/fixtures/imports/`), as the page sends them (files) and as `npm run import -- --from KIND`
 * does (read here, sent in batches); a preview writes nothing, an import writes every snippet, a second adds
 * nothing; `npm run export -- --to markdown|vscode` read back by the importers gives the same snippets; a page
 * upload over the body limit gets a 413 saying what to do instead.
 */
import { execFile } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { afterAll, describe, expect, it } from "vitest"
import { filesAt } from "../../src/imports/SourceFiles.ts"
import { importFixture } from "../ImportFixtures.ts"
import { engine, runtime } from "./ServiceProcess.ts"
import { suiteService } from "./SuiteService.ts"

const run = promisify(execFile)
const root = new URL("../..", import.meta.url).pathname
const scratch = mkdtempSync(join(tmpdir(), "imports-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Each fixture, its kind, and what importing it gives: snippet names, and how many entries are left out. */
const SOURCES = [
  { kind: "gist", path: "gist-api/gists.json", names: ["Retry a promise with exponential backoff", "Slugs for URLs — slugify.py", "Slugs for URLs — test_slugify.py"], skipped: 1, problems: 1 },
  { kind: "gist", path: "gist-clones", names: ["debounce.js", "top_mem.sh"], skipped: 0, problems: 0 },
  { kind: "vscode", path: "vscode", names: ["Async arrow", "Console log", "Dockerfile node", "Go error check", "React component"], skipped: 0, problems: 1 },
  { kind: "masscode", path: "masscode-db", names: ["Duplicate emails", "Express server — Dockerfile", "Express server — server.ts"], skipped: 2, problems: 1 },
  { kind: "masscode", path: "masscode-vault", names: ["Chunk an array", "Fetch JSON — fetchJson.js", "Fetch JSON — usage"], skipped: 1, problems: 1 },
  { kind: "pieces", path: "pieces-export", names: ["Kubernetes rollout restart", "Parse a Retry-After header"], skipped: 0, problems: 0 },
  { kind: "files", path: "source-folder", names: ["backup.sh", "wrap.py"], skipped: 1, problems: 0 }
] as const

/** `npm run import` / `npm run export` as a user runs them (`scripts/backup.mjs`), against `baseUrl`. */
const cli = async (baseUrl: string, ...args: Array<string>) => {
  const { stderr, stdout } = await run("node", [join(root, "scripts/backup.mjs"), ...args], {
    env: { ...process.env, SERVICE_URL: baseUrl }
  })
  return { stderr, summary: stdout.trim() === "" ? undefined : JSON.parse(stdout.trim().split("\n").pop()!) }
}

describe(`imports from other tools (${runtime}, ${engine})`, () => {
  const service = suiteService("imports", { MAX_BODY_BYTES: String(2 * 1024 * 1024) })

  /** The library's live snippets by name: code, language, tags. */
  const library = async () => {
    const { json } = await service.http("GET", "/assets?transferables=true")
    return new Map<string, { code: string; language: string; tags: Array<string>; id: string }>(
      json.iterable.map((asset: any) => [asset.name, {
        id: asset.id,
        code: asset.formats.iterable[0].fragment.string.raw,
        language: asset.formats.iterable[0].classification.specific,
        tags: asset.tags.iterable.map((tag: { text: string }) => tag.text.toLowerCase()).sort()
      }])
    )
  }

  it("previews each source without writing, then imports it once however often it is imported", async () => {
    for (const source of SOURCES) {
      const { files } = filesAt(importFixture(source.path))
      const before = (await library()).size
      const preview = await service.http("POST", "/library/import", { kind: source.kind, dry_run: true, files })
      expect(preview.status, source.path).toBe(200)
      expect(preview.json.entries.map((entry: { name: string }) => entry.name).sort(), source.path).toEqual([...source.names])
      expect(preview.json.imported, source.path).toBe(0)
      expect(preview.json.skipped, source.path).toHaveLength(source.skipped)
      expect(preview.json.problems, source.path).toHaveLength(source.problems)
      // Every entry left out names its file and why.
      for (const left of [...preview.json.skipped, ...preview.json.problems]) {
        expect(left.place.file, source.path).toMatch(/\S/)
        expect(left.reason, source.path).toMatch(/\S/)
      }
      expect((await library()).size, source.path).toBe(before)

      const imported = await service.http("POST", "/library/import", { kind: source.kind, files })
      expect(imported.json.imported, source.path).toBe(source.names.length)
      const now = await library()
      expect(now.size, source.path).toBe(before + source.names.length)
      for (const entry of imported.json.entries) expect(now.get(entry.name)?.id, entry.name).toBe(entry.id)

      const again = await service.http("POST", "/library/import", { kind: source.kind, files })
      expect(again.json.imported, source.path).toBe(0)
      expect(again.json.skipped.filter((left: { reason: string }) => left.reason.includes("in the library already")))
        .toHaveLength(source.names.length)
      expect((await library()).size, source.path).toBe(now.size)
    }
  }, 120_000)

  it("keeps what each tool says about a snippet: language, tags, websites, description, times, id", async () => {
    const snippets = await library()
    expect(snippets.get("Retry a promise with exponential backoff")?.language).toBe("ts")
    expect(snippets.get("React component")?.language).toBe("tsx")
    expect(snippets.get("Duplicate emails")?.tags).toEqual(["backend", "database", "sql"])
    expect(snippets.get("Fetch JSON — usage")?.code).toContain("```\nnot the end")
    expect(snippets.get("wrap.py")?.tags).toEqual(["python", "text"])
    const pieces = await service.http("GET", "/assets/5d1c7a52-8a0e-4f3b-9b6e-2f4c1e9d7a01")
    expect(pieces.json.name).toBe("Parse a Retry-After header")
    expect(pieces.json.created.value).toBe("2025-02-03T09:30:00.000Z")
    expect(pieces.json.websites.iterable[0].url).toBe("https://www.rfc-editor.org/rfc/rfc9110#field.retry-after")
    expect(pieces.json.annotations.iterable[0].text).toMatch(/Retry-After value/)
    const gist = snippets.get("Slugs for URLs — slugify.py")!
    const { json } = await service.http("GET", `/assets/${gist.id}`)
    expect(json.websites.iterable[0].url).toBe("https://gist.github.com/9f1e2d3c4b5a69788796")
  })

  it("imports through npm run import in batches, and a second run adds nothing", async () => {
    const path = importFixture("vscode")
    const preview = await cli(service.baseUrl(), "import", "--from", "vscode", path, "--dry-run")
    expect(preview.summary).toMatchObject({ dry_run: true, read: 5, new: 0, imported: 0, problems: 1 })
    expect(preview.stderr).toContain("project.code-snippets:18 (Broken entry) has no body")
    const folder = await cli(service.baseUrl(), "import", "--from", "files", importFixture("gist-clones"))
    expect(folder.summary).toMatchObject({ read: 2, new: 2, imported: 2 })
    const again = await cli(service.baseUrl(), "import", "--from", "files", importFixture("gist-clones"))
    expect(again.summary).toMatchObject({ read: 2, new: 0, imported: 0, skipped: 2 })
  }, 60_000)

  it("exports to a massCode vault and a .code-snippets file that import back as the same snippets", async () => {
    const before = await library()
    // Some names come twice (the gist clones were imported as gists and as files): count assets, not names.
    const saved = (await service.http("GET", "/assets")).json.iterable.length
    const vault = join(scratch, "vault")
    const snippetsFile = join(scratch, "library.code-snippets")
    await cli(service.baseUrl(), "export", "--to", "markdown", vault)
    await cli(service.baseUrl(), "export", "--to", "vscode", snippetsFile)
    expect(readFileSync(join(vault, ".masscode/state.json"), "utf8")).toContain("\"tags\"")

    // Into this library, the vault adds nothing: each file names its asset.
    const back = await service.http("POST", "/library/import", { kind: "masscode", dry_run: true, files: filesAt(vault).files })
    expect(back.json.new).toBe(0)
    expect(back.json.skipped).toHaveLength(saved)

    // Read as files, each gives back its snippet: name, code, language, tags.
    const { files: vaultFiles } = filesAt(vault)
    const { readImport } = await import("../../src/imports/Importers.ts")
    const fromVault = readImport("masscode", vaultFiles)
    expect(fromVault.problems).toEqual([])
    expect(fromVault.snippets).toHaveLength(saved)
    const listed = (await service.http("GET", "/assets?transferables=true")).json.iterable.map((asset: any) => ({
      name: asset.name,
      code: asset.formats.iterable[0].fragment.string.raw,
      tags: asset.tags.iterable.map((tag: { text: string }) => tag.text.toLowerCase()).sort()
    }))
    for (const snippet of fromVault.snippets) {
      const same = { name: snippet.name, code: snippet.code, tags: snippet.tags.map((tag) => tag.toLowerCase()).sort() }
      expect(listed, snippet.name).toContainEqual(same)
    }
    const fromVsCode = readImport("vscode", filesAt(snippetsFile).files)
    expect(fromVsCode.snippets).toHaveLength(saved)
    // A repeated name is written once per snippet, the repeats numbered: "debounce.js (2)".
    for (const snippet of fromVsCode.snippets) {
      expect(snippet.code, snippet.name).toBe(before.get(snippet.name.replace(/ \(\d+\)$/, ""))!.code)
    }
  }, 60_000)

  it("answers a page upload over the body limit with 413 naming npm run import", async () => {
    const files = [{ path: "big.json", text: "x".repeat(3 * 1024 * 1024) }]
    const { json, status } = await service.http("POST", "/library/import", { kind: "files", files })
    expect(status).toBe(413)
    expect(json.message).toContain("npm run import -- --from KIND PATH")
  })

  it("takes snippets already read, reporting one the library refuses and importing the rest; a bad time is a 400", async () => {
    const snippet = (key: string, code: string) => ({ key, name: key, code, tags: ["sent"], websites: [], place: { file: "cli" } })
    const { json, status } = await service.http("POST", "/library/import", {
      kind: "files",
      snippets: [snippet("blank.txt", "   \n"), snippet("kept.py", "print('kept')\n")]
    })
    expect(status).toBe(200)
    expect(json.entries.map((entry: { name: string }) => entry.name)).toEqual(["kept.py"])
    expect(json.problems).toEqual([{ place: { file: "cli" }, reason: expect.stringMatching(/^was refused: /) }])
    const badTime = await service.http("POST", "/library/import", {
      kind: "files",
      snippets: [{ ...snippet("late.py", "x = 1\n"), created: "the day after tomorrow" }]
    })
    expect(badTime.status).toBe(400)
    expect(JSON.stringify(badTime.json)).toContain("created")
  })

  it("stores each snippet once when the same source is imported by several requests at once", async () => {
    const snippets = Array.from({ length: 200 }, (_, i) => ({
      key: `together-${i}`, name: `together ${i}`, code: `export const together${i} = ${i}\n`, tags: [], websites: [], place: { file: "together" }
    }))
    const before = (await service.http("GET", "/assets")).json.iterable.length
    const answers = await Promise.all([1, 2, 3].map(() => service.http("POST", "/library/import", { kind: "files", snippets })))
    for (const answer of answers) expect(answer.status).toBe(200)
    expect(answers.reduce((sum, answer) => sum + answer.json.imported, 0)).toBe(200)
    expect((await service.http("GET", "/assets")).json.iterable.length).toBe(before + 200)
  })

  it("refuses a request with neither files nor snippets, or an unknown kind, with a 400 naming it", async () => {
    const neither = await service.http("POST", "/library/import", { kind: "gist" })
    expect(neither.status).toBe(400)
    expect(neither.json.message).toMatch(/files .* or snippets/)
    const unknown = await service.http("POST", "/library/import", { kind: "snippetslab", files: [] })
    expect(unknown.status).toBe(400)
    expect(JSON.stringify(unknown.json)).toContain("kind")
  })
})
