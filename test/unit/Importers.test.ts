/**
 * The importers as pure functions: each reads its tool's hand-written fixture into the snippets it holds, and every
 * importer given generated, truncated or corrupted files answers a reading (entries left out name their file and
 * why) and never throws; the exports to a massCode vault and a `.code-snippets` file read back as what was written.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { ExportedSnippet } from "../../src/imports/ExportedSnippet.ts"
import { IMPORTERS } from "../../src/imports/Importers.ts"
import type { ImportKind, ImportReading, SourceFile } from "../../src/imports/ImportedSnippet.ts"
import { massCodeVault } from "../../src/imports/MassCodeVaultExport.ts"
import { filesAt } from "../../src/imports/SourceFiles.ts"
import { vsCodeSnippetsFile } from "../../src/imports/VsCodeExport.ts"
import { importFixture } from "../ImportFixtures.ts"

const read = (kind: ImportKind, folder: string) => IMPORTERS[kind](filesAt(importFixture(folder)).files)

const FIXTURES: ReadonlyArray<readonly [ImportKind, string]> = [
  ["gist", "gist-api/gists.json"],
  ["gist", "gist-clones"],
  ["vscode", "vscode"],
  ["masscode", "masscode-db"],
  ["masscode", "masscode-vault"],
  ["pieces", "pieces-export"],
  ["files", "source-folder"]
]

/** What a reading must be, whatever it was given. */
const wellFormed = (reading: ImportReading, files: ReadonlyArray<SourceFile>) => {
  const paths = new Set(files.map((file) => file.path))
  for (const left of [...reading.problems, ...reading.skipped]) {
    expect(typeof left.reason).toBe("string")
    expect(left.reason.length).toBeGreaterThan(0)
    if (paths.size > 0 && left.place.file !== ".") {
      // A file's path, or a folder of them (cloned gists).
      expect([...paths].some((path) => path === left.place.file || path.startsWith(`${left.place.file}/`))).toBe(true)
    }
  }
  for (const snippet of reading.snippets) {
    expect(snippet.code.trim()).not.toBe("")
    expect(typeof snippet.name).toBe("string")
  }
}

describe("importers on their tools' files", () => {
  it("reads GitHub's Gists API answer: a snippet per file, the description its name, the page its website", () => {
    const reading = read("gist", "gist-api/gists.json")
    expect(reading.snippets.map((snippet) => [snippet.name, snippet.language])).toEqual([
      ["Retry a promise with exponential backoff", "ts"],
      ["Slugs for URLs — slugify.py", "py"],
      ["Slugs for URLs — test_slugify.py", "py"]
    ])
    expect(reading.snippets[0]!.websites).toEqual([{ url: "https://gist.github.com/2decf6c462d9b4418f2", name: "GitHub Gist" }])
    expect(reading.snippets[0]!.created).toBe("2024-03-02T10:15:00.000Z")
    expect(reading.problems.map((left) => left.reason)).toEqual([expect.stringContaining("GET /gists/{id}")])
    expect(reading.skipped.map((left) => left.place.entry)).toEqual(["gist 9f1e2d3c4b5a69788796 notes.md"])
  })

  it("reads cloned gists, their URL from .git/config (https or ssh)", () => {
    const reading = read("gist", "gist-clones")
    expect(reading.snippets.map((snippet) => snippet.websites[0]?.url).sort()).toEqual([
      "https://gist.github.com/7b8c1d2e3f4a5b6c7d8e",
      "https://gist.github.com/aa5a315d61ae9438b18d"
    ])
  })

  it("reads VS Code snippets with comments and trailing commas; scope or file name is the language; a bad entry names its line", () => {
    const reading = read("vscode", "vscode")
    const byName = new Map(reading.snippets.map((snippet) => [snippet.name, snippet]))
    expect(byName.get("Console log")).toMatchObject({ language: "ts", code: "console.log('$1', $1)\n$2", note: "VS Code prefix: clg" })
    expect(byName.get("React component")?.language).toBe("tsx")
    expect(byName.get("Dockerfile node")?.language).toBeUndefined()
    expect(reading.problems).toEqual([{
      place: { file: "project.code-snippets", line: 18, entry: "Broken entry" },
      reason: "has no body (a string or a list of lines)"
    }])
  })

  it("reads massCode's db.json: fragments, folders and tags by name, trash and empty fragments left out", () => {
    const reading = read("masscode", "masscode-db")
    expect(reading.snippets.map((snippet) => [snippet.name, snippet.tags])).toEqual([
      ["Duplicate emails", ["Backend", "SQL", "database"]],
      ["Express server — server.ts", ["Backend", "node", "database"]],
      ["Express server — Dockerfile", ["Backend", "node", "database"]]
    ])
    expect(reading.skipped.map((left) => left.reason).sort()).toEqual(["is empty", "is in massCode's trash"])
  })

  it("reads massCode's vault: tags through the state file, longer fences kept, the trash left out, bad YAML named", () => {
    const reading = read("masscode", "masscode-vault")
    const usage = reading.snippets.find((snippet) => snippet.name === "Fetch JSON — usage")!
    expect(usage.code).toBe("// Fences in the code are kept: this block uses four backticks.\nconst user = await fetchJson(\"/api/user\")\n```\nnot the end")
    expect(usage.tags).toEqual(["Web", "HTTP", "http"])
    expect(reading.snippets.find((snippet) => snippet.name === "Chunk an array")?.tags).toEqual(["arrays"])
    expect(reading.problems).toEqual([expect.objectContaining({ place: { file: "Web/Broken.md", line: 3 } })])
  })

  it("reads Pieces' export: records resolved by id, the asset's own id kept", () => {
    const reading = read("pieces", "pieces-export")
    const retry = reading.snippets.find((snippet) => snippet.name === "Parse a Retry-After header")!
    expect(retry).toMatchObject({
      id: "5d1c7a52-8a0e-4f3b-9b6e-2f4c1e9d7a01",
      language: "py",
      tags: ["http", "python"],
      websites: [{ url: "https://www.rfc-editor.org/rfc/rfc9110#field.retry-after", name: "RFC 9110: Retry-After" }],
      created: "2025-02-03T09:30:00.000Z"
    })
    expect(retry.description).toMatch(/^Seconds to wait/)
  })

  it("reads a folder of source files: extension the language, folders the tags, binaries and .git passed over", () => {
    const reading = read("files", "source-folder")
    expect(reading.snippets.map((snippet) => [snippet.name, snippet.language, snippet.tags])).toEqual([
      ["wrap.py", "py", ["python", "text"]],
      ["backup.sh", "sh", ["shell"]]
    ])
    expect(reading.skipped).toEqual([{ place: { file: "shell/logo.png" }, reason: "is a binary file" }])
  })
})

describe("importers on generated and damaged input", () => {
  const kinds = Object.keys(IMPORTERS) as Array<ImportKind>
  const fixtureFiles = FIXTURES.map(([kind, folder]) => [kind, filesAt(importFixture(folder)).files] as const)

  it("never throw on arbitrary files, and name every entry they leave out", () => {
    const file = fc.record({
      path: fc.oneof(fc.constantFrom("db.json", "gists.json", "a.code-snippets", "snippets/go.json", ".masscode/state.json", "x/y.md", "data/assets/a.json"), fc.string()),
      text: fc.oneof(fc.string(), fc.json(), fc.constantFrom("---\nname: x\n---\n## Fragment: a\n```js\nx\n```", "{\"files\":{}}", "[{\"files\":{\"a\":{}}}]"))
    })
    fc.assert(fc.property(fc.constantFrom(...kinds), fc.array(file, { maxLength: 6 }), (kind, files) => {
      wellFormed(IMPORTERS[kind](files), files)
    }), { numRuns: 300 })
  })

  it("place what a cloned gist leaves out at its file as it was read, a path with empty or blank folders too", () => {
    for (const path of ["/ /", "x//y", "gists/a b/notes.md"]) {
      const reading = IMPORTERS.gist([{ path, text: " " }])
      expect(reading.skipped.map((left) => [left.place.file, left.reason])).toEqual([[path, "is empty"]])
    }
  })

  it("never throw on their own fixtures cut short or with a character changed, and report what they could not read", () => {
    fc.assert(fc.property(
      fc.constantFrom(...fixtureFiles),
      fc.nat(),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.constantFrom("cut", "flip"),
      ([kind, files], which, at, damage) => {
        const index = which % files.length
        const target = files[index]!
        const offset = Math.floor(at * target.text.length)
        const text = damage === "cut"
          ? target.text.slice(0, offset)
          : `${target.text.slice(0, offset)}${"{[\"`:-\n"[which % 7]}${target.text.slice(offset + 1)}`
        const damaged = files.map((file, i) => (i === index ? { ...file, text } : file))
        wellFormed(IMPORTERS[kind](damaged), damaged)
      }
    ), { numRuns: 300 })
  })
})

describe("exports read back by the importers", () => {
  const snippet = fc.record({
    id: fc.uuid(),
    name: fc.string({ minLength: 1, maxLength: 40 }).filter((name) => name.trim() !== "" && name === name.trim()),
    code: fc.string({ minLength: 1, maxLength: 300 }).filter((code) => code.trim() !== "" && !code.includes("\r")),
    language: fc.constantFrom("ts", "py", "sh", "go", "rs", "sql", "tsx", "txt"),
    tags: fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/), { maxLength: 3 }),
    websites: fc.constant([]),
    description: fc.constant(undefined),
    prefixes: fc.constant([]),
    created: fc.constant("2025-01-01T00:00:00.000Z"),
    updated: fc.constant("2025-01-02T00:00:00.000Z")
  }) satisfies fc.Arbitrary<ExportedSnippet>

  it("a massCode vault gives back each snippet's id, name, code, language and tags", () => {
    fc.assert(fc.property(fc.array(snippet, { minLength: 1, maxLength: 8 }), (snippets) => {
      const reading = IMPORTERS.masscode(massCodeVault(snippets))
      expect(reading.problems).toEqual([])
      expect(reading.snippets.map((read) => ({ id: read.id, name: read.name, code: read.code, language: read.language, tags: read.tags }))
        .sort((a, b) => a.id!.localeCompare(b.id!)))
        .toEqual(snippets.map((written) => ({ id: written.id, name: written.name, code: written.code, language: written.language, tags: written.tags }))
          .sort((a, b) => a.id.localeCompare(b.id)))
    }), { numRuns: 100 })
  })

  it("a .code-snippets file gives back each snippet's code and language under its name", () => {
    fc.assert(fc.property(fc.uniqueArray(snippet, { minLength: 1, maxLength: 8, selector: (written) => written.name }), (snippets) => {
      const reading = IMPORTERS.vscode([{ path: "library.code-snippets", text: vsCodeSnippetsFile(snippets) }])
      // Sorted: a JSON object puts keys that look like numbers first.
      expect(reading.snippets.map((read) => [read.name, read.code, read.language]).sort())
        .toEqual(snippets.map((written) => [written.name, written.code, written.language]).sort())
    }), { numRuns: 100 })
  })
})
