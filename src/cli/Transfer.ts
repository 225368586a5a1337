/**
 * `npm run import -- --from KIND PATH [--dry-run]` and `npm run export -- --to markdown DIR | --to vscode FILE`:
 * snippets from other tools into the running service, and out to plain files. An import reads PATH here (a file, or
 * a folder's files) with the importer of KIND, then sends the snippets in batches to `POST /library/import`, which
 * writes them through the commit path; `--dry-run` prints the preview and writes nothing. An export reads the
 * library from `GET /database/export` as it streams. The running service is found by itself (`ServiceAddress`).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { dirname, join } from "node:path"
import { createInterface } from "node:readline"
import { Schema } from "effect"
import { Asset } from "../domain/Asset.ts"
import { exportedSnippet, type ExportedSnippet } from "../imports/ExportedSnippet.ts"
import {
  importedAssetId,
  ImportKind,
  type ImportedSnippet,
  type ImportReading,
  type LeftOut,
  type SourceFile
} from "../imports/ImportedSnippet.ts"
import { readImport } from "../imports/Importers.ts"
import type { ImportReport } from "../imports/ImportReport.ts"
import { massCodeVault } from "../imports/MassCodeVaultExport.ts"
import { filesAt, walkFiles } from "../imports/SourceFiles.ts"
import { vsCodeSnippetsFile } from "../imports/VsCodeExport.ts"
import { serviceUrl } from "./ServiceAddress.ts"

let found: string | undefined
/** The running service's address, found once (`ServiceAddress`). */
const base = () => (found ??= serviceUrl())
/** A batch's JSON stays well under the service's default body limit (10 MB). */
const BATCH_BYTES = 2 * 1024 * 1024
const BATCH_SNIPPETS = 500

const fail = (message: string): never => {
  process.stderr.write(`\n${message}\n`)
  process.exit(1)
}

const show = (text: string) => process.stderr.write(`\r${text}`)

const unreachable = (error: NodeJS.ErrnoException) =>
  fail(`The service does not answer at ${base()} (${error.code ?? error.message}): start it (npm start, or snippet-library start)`)

const postJson = (path: string, body: unknown) =>
  new Promise<{ status: number; json: unknown }>((resolve) => {
    const payload = Buffer.from(JSON.stringify(body))
    const sent = request(`${base()}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(payload.length) }
    }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8")
        let json: unknown = text
        try {
          json = JSON.parse(text)
        } catch {
          // shown as it came
        }
        resolve({ status: response.statusCode ?? 0, json })
      })
    })
    sent.on("error", unreachable)
    sent.end(payload)
  })

const placeOf = ({ place }: LeftOut) =>
  `${place.file}${place.line === undefined ? "" : `:${place.line}`}${place.entry === undefined ? "" : ` (${place.entry})`}`

/** About the bytes a snippet takes in a request. */
const sizeOf = (snippet: ImportedSnippet) => snippet.code.length + snippet.name.length + 200

/** Batches of snippets, each small enough for one request. */
function* batches(snippets: ReadonlyArray<ImportedSnippet>) {
  let batch: Array<ImportedSnippet> = []
  let bytes = 0
  for (const snippet of snippets) {
    const size = sizeOf(snippet)
    if (batch.length > 0 && (bytes + size > BATCH_BYTES || batch.length >= BATCH_SNIPPETS)) {
      yield batch
      batch = []
      bytes = 0
    }
    batch.push(snippet)
    bytes += size
  }
  if (batch.length > 0) yield batch
}

const counts = (rows: ReadonlyArray<{ name: string; count: number }>) =>
  rows.slice(0, 12).map(({ count, name }) => `${name} ${count}`).join(", ") + (rows.length > 12 ? `, … (${rows.length})` : "")

/** Kinds whose importer reads each file on its own: a folder of them is read a few files at a time. */
const READ_FILE_BY_FILE: ReadonlySet<ImportKind> = new Set(["vscode", "files"])
/** Files, and bytes of them, read together at most when read a few at a time. */
const FILES_AT_ONCE = 100
const BYTES_AT_ONCE = 4 * 1024 * 1024

/** What the importer of `kind` reads at `path`, in parts: the whole at once, or a few files at a time. */
function* readingsAt(kind: ImportKind, path: string): Generator<ImportReading> {
  if (!READ_FILE_BY_FILE.has(kind) || !statSync(path).isDirectory()) {
    const found = filesAt(path)
    const reading = readImport(kind, found.files)
    yield { ...reading, skipped: [...found.skipped, ...reading.skipped] }
    return
  }
  let files: Array<SourceFile> = []
  let bytes = 0
  for (const found of walkFiles(path)) {
    if ("reason" in found) yield { snippets: [], problems: [], skipped: [found] }
    else {
      files.push(found)
      bytes += found.text.length
    }
    if (files.length >= FILES_AT_ONCE || bytes >= BYTES_AT_ONCE) {
      yield readImport(kind, files)
      files = []
      bytes = 0
    }
  }
  if (files.length > 0) yield readImport(kind, files)
}

const importFrom = async (kind: ImportKind, path: string, dryRun: boolean) => {
  if (!existsSync(path)) fail(`No such file or folder: ${path}`)
  const started = Date.now()
  const skipped: Array<LeftOut> = []
  const problems: Array<LeftOut> = []
  // Repeats are found here, across batches; the service finds those within one.
  const seen = new Set<string>()
  let read = 0
  const languages = new Map<string, number>()
  const tags = new Map<string, number>()
  const nearCopies: Array<string> = []
  let fresh = 0
  let imported = 0
  let sent = 0
  const take = (batch: ReadonlyArray<ImportedSnippet>, { json, status }: { status: number; json: unknown }) => {
    if (status !== 200) {
      const message = typeof json === "object" && json !== null && "message" in json ? String(json.message) : String(json)
      fail(`Refused (${status}): ${message}${imported > 0 ? `; ${imported} snippets were imported before it` : ""}`)
    }
    const report = json as ImportReport
    fresh += report.new
    imported += report.imported
    skipped.push(...report.skipped)
    problems.push(...report.problems)
    for (const { count, name } of report.languages) languages.set(name, (languages.get(name) ?? 0) + count)
    for (const { count, name } of report.tags) tags.set(name, (tags.get(name) ?? 0) + count)
    for (const entry of report.entries) {
      for (const copy of entry.near_copies) {
        nearCopies.push(`${entry.name} (${entry.place.file}) is ${Math.round(copy.similarity * 100)}% like "${copy.name}" (${copy.id})`)
      }
    }
    sent += batch.length
    show(`${dryRun ? "previewed" : "imported"} ${sent.toLocaleString("en")} snippets`)
  }
  // Two batches in flight: the service stores one while the next is read and sent.
  let inFlight: Promise<void> | undefined
  const send = async (batch: ReadonlyArray<ImportedSnippet>) => {
    const answer = postJson("/library/import", { kind, dry_run: dryRun, snippets: batch }).then((reply) => take(batch, reply))
    if (inFlight !== undefined) await inFlight
    inFlight = answer
  }
  // Snippets read and not yet sent: a batch goes as soon as one is full, the rest at the end.
  let pending: Array<ImportedSnippet> = []
  let pendingBytes = 0
  const flush = async (all: boolean) => {
    while (pending.length > 0 && (all || pending.length >= BATCH_SNIPPETS || pendingBytes >= BATCH_BYTES)) {
      const batch = batches(pending).next().value!
      pending = pending.slice(batch.length)
      pendingBytes -= batch.reduce((bytes, snippet) => bytes + sizeOf(snippet), 0)
      await send(batch)
    }
  }
  for (const reading of readingsAt(kind, path)) {
    read += reading.snippets.length
    skipped.push(...reading.skipped)
    problems.push(...reading.problems)
    for (const snippet of reading.snippets) {
      const id = importedAssetId(kind, snippet)
      if (seen.has(id)) skipped.push({ place: snippet.place, reason: "comes twice in this import; the first is kept" })
      else {
        seen.add(id)
        pending.push(snippet)
        pendingBytes += sizeOf(snippet)
      }
    }
    await flush(false)
  }
  await flush(true)
  await inFlight
  const sorted = (map: Map<string, number>) =>
    [...map].sort((a, b) => b[1] - a[1]).map(([name, count]) => ({ name, count }))
  const seconds = (Date.now() - started) / 1000
  const lines = [
    "",
    `${dryRun ? "Preview (nothing written)" : "Imported"}: ${read} snippets read from ${path} as ${kind}`,
    `  new to the library: ${fresh}${dryRun ? "" : `, imported: ${imported} in ${seconds.toFixed(1)} s`}`,
    `  languages: ${counts(sorted(languages)) || "none"}`,
    `  tags: ${counts(sorted(tags)) || "none"}`,
    ...(nearCopies.length === 0 ? [] : [`  near copies of saved snippets (${nearCopies.length}):`, ...nearCopies.slice(0, 20).map((line) => `    ${line}`)]),
    ...(skipped.length === 0 ? [] : [`  skipped (${skipped.length}):`, ...skipped.slice(0, 50).map((left) => `    ${placeOf(left)} ${left.reason}`)]),
    ...(problems.length === 0 ? [] : [`  problems (${problems.length}):`, ...problems.slice(0, 50).map((left) => `    ${placeOf(left)} ${left.reason}`)])
  ]
  process.stderr.write(`${lines.join("\n")}\n`)
  process.stdout.write(`${JSON.stringify({ kind, dry_run: dryRun, read, new: fresh, imported, skipped: skipped.length, problems: problems.length })}\n`)
}

/** The library's live text snippets, read from the backup export as it streams. */
const librarySnippets = () =>
  new Promise<Array<ExportedSnippet>>((resolve) => {
    request(`${base()}/database/export`, (response) => {
      if (response.statusCode !== 200) fail(`The service answered ${response.statusCode}`)
      const snippets: Array<ExportedSnippet> = []
      const decode = Schema.decodeUnknownSync(Asset)
      createInterface({ input: response }).on("line", (line) => {
        if (!line.startsWith("{\"asset\"")) return
        const record = JSON.parse(line) as { asset: unknown; deleted: string | null }
        if (record.deleted !== null) return
        const snippet = exportedSnippet(decode(record.asset))
        if (snippet !== undefined) snippets.push(snippet)
        if (snippets.length % 1000 === 0) show(`read ${snippets.length.toLocaleString("en")} snippets`)
      }).on("close", () => {
        if (!response.complete) fail("The export broke off; nothing was written")
        resolve(snippets)
      })
    }).on("error", unreachable).end()
  })

const exportTo = async (format: string, target: string) => {
  if (format !== "markdown" && format !== "vscode") fail(`Unknown export format ${format}: markdown or vscode`)
  const snippets = await librarySnippets()
  // Written beside the target and renamed at the end: an export cut short leaves nothing that looks whole.
  const partial = `${target}.partial`
  rmSync(partial, { recursive: true, force: true })
  if (format === "vscode") {
    writeFileSync(partial, vsCodeSnippetsFile(snippets))
  } else {
    if (existsSync(target) && readdirSync(target).length > 0) fail(`${target} is not empty: export to a new folder`)
    for (const file of massCodeVault(snippets)) {
      mkdirSync(dirname(join(partial, file.path)), { recursive: true })
      writeFileSync(join(partial, file.path), file.text)
    }
    rmSync(target, { recursive: true, force: true })
  }
  renameSync(partial, target)
  process.stderr.write(`\nwrote ${snippets.length} snippets to ${target}\n`)
}

const USAGE = "Usage: npm run import -- --from gist|vscode|masscode|pieces|files PATH [--dry-run]\n" +
  "       npm run export -- --to markdown DIR | --to vscode FILE"

export const transfer = async (command: string, args: ReadonlyArray<string>) => {
  const option = (name: string) => {
    const at = args.indexOf(name)
    return at < 0 ? undefined : args[at + 1]
  }
  const positional = args.filter((arg, at) => !arg.startsWith("--") && !["--from", "--to"].includes(args[at - 1] ?? ""))
  if (command === "import") {
    const kind = option("--from")
    if (kind === undefined || !Schema.is(ImportKind)(kind) || positional[0] === undefined) fail(USAGE)
    await importFrom(kind as ImportKind, positional[0]!, args.includes("--dry-run"))
  } else {
    const format = option("--to")
    if (format === undefined || positional[0] === undefined) fail(USAGE)
    await exportTo(format!, positional[0]!)
  }
}

