/**
 * Pieces: the JSON records Pieces' export tool (`pieces-app/export-tool`) writes, one file per record under
 * `data/<material>/` (or `raw/<material>/` in its preservation mode): assets, with their formats, tags, websites and
 * annotations in files of their own, found by id; and the answers Pieces OS gives for `/assets` or `/asset/{id}` saved
 * to a file. Each asset keeps its id, so importing it again finds it. The export's Markdown pages repeat what the JSON
 * holds and are not read.
 */
import { languageNamed } from "../domain/LanguageNames.ts"
import {
  concatReadings,
  emptyReading,
  foldersOf,
  type ImportedSnippet,
  type ImportReading,
  isoTime,
  isUuid,
  type LeftOut,
  parseJsonFile,
  type SourceFile
} from "./ImportedSnippet.ts"

type Json = Record<string, unknown>

const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)
const text = (value: unknown) => (typeof value === "string" ? value : undefined)

const isAsset = (value: unknown): value is Json => isRecord(value) && typeof value.id === "string" && isRecord(value.formats)
const iterable = (value: unknown): Array<Json> =>
  isRecord(value) && Array.isArray(value.iterable) ? value.iterable.filter(isRecord) : []

/** Records of the export by material and id: `data/formats/…json` → formats. */
interface Records {
  readonly byId: Map<string, Json>
}

/** A format's text: its fragment's or its file's string. */
const codeOf = (format: Json | undefined): string | undefined => {
  if (format === undefined) return undefined
  for (const holder of [format.fragment, format.file]) {
    if (isRecord(holder) && isRecord(holder.string)) {
      const raw = text(holder.string.raw)
      if (raw !== undefined) return raw
    }
  }
  return undefined
}

const readAsset = (asset: Json, records: Records, file: string): ImportReading => {
  const name = text(asset.name) ?? "Untitled"
  const place = { file, entry: name }
  const resolve = (reference: Json): Json => records.byId.get(String(reference.id)) ?? reference
  // The original format, embedded or its own record; failing that, the first format with text.
  const original = isRecord(asset.original)
    ? (isRecord(asset.original.reference) ? asset.original.reference : resolve(asset.original))
    : undefined
  const formats = [original, ...iterable(asset.formats).map(resolve)].filter((format): format is Json => format !== undefined)
  const format = formats.find((candidate) => codeOf(candidate) !== undefined)
  const code = codeOf(format)
  if (code === undefined) {
    return { ...emptyReading, skipped: [{ place, reason: "has no text format (an image or a file without text)" }] }
  }
  if (code.trim() === "") return { ...emptyReading, skipped: [{ place, reason: "is empty" }] }
  const classification = isRecord(format?.classification) ? text(format.classification.specific) : undefined
  const language = classification === undefined ? undefined : languageNamed(classification)
  const tags = iterable(asset.tags).map(resolve).map((tag) => text(tag.text)).filter((tag): tag is string => tag !== undefined)
  const websites = iterable(asset.websites).map(resolve).flatMap((website) => {
    const url = text(website.url)
    return url === undefined ? [] : [{ url, ...(text(website.name) === undefined ? {} : { name: text(website.name)! }) }]
  })
  const description = iterable(asset.annotations).map(resolve)
    .find((annotation) => annotation.type === "DESCRIPTION" && typeof annotation.text === "string")?.text as string | undefined
  const id = String(asset.id)
  const created = isoTime(isRecord(asset.created) ? asset.created.value : undefined)
  const updated = isoTime(isRecord(asset.updated) ? asset.updated.value : undefined)
  const snippet: ImportedSnippet = {
    key: id,
    ...(isUuid(id) ? { id: id.toLowerCase() } : {}),
    name,
    code,
    ...(language === undefined ? {} : { language }),
    tags: [...new Set(tags)],
    websites,
    ...(description === undefined || description.trim() === "" ? {} : { description }),
    ...(created === undefined ? {} : { created }),
    ...(updated === undefined ? {} : { updated }),
    place
  }
  return { snippets: [snippet], problems: [], skipped: [] }
}

export const readPieces = (files: ReadonlyArray<SourceFile>): ImportReading => {
  const problems: Array<LeftOut> = []
  const byId = new Map<string, Json>()
  const assets: Array<{ readonly asset: Json; readonly file: string }> = []
  const markdown: Array<string> = []
  for (const file of files) {
    if (file.path.endsWith(".md")) {
      markdown.push(file.path)
      continue
    }
    if (!file.path.endsWith(".json")) continue
    const parsed = parseJsonFile(file)
    if ("problem" in parsed) {
      problems.push(parsed.problem)
      continue
    }
    const json = parsed.json
    const material = foldersOf(file.path).slice(-1)[0]
    if (isAsset(json) && (material === undefined || material === "assets" || files.length === 1)) {
      assets.push({ asset: json, file: file.path })
    } else if (isRecord(json) && Array.isArray(json.iterable) && json.iterable.some(isAsset)) {
      for (const asset of json.iterable.filter(isAsset)) assets.push({ asset, file: file.path })
    } else if (isRecord(json) && typeof json.id === "string") {
      byId.set(json.id, json)
    }
  }
  if (assets.length === 0) {
    const reason = markdown.length > 0
      ? "holds only the export's Markdown pages; import the export's folder itself, whose data/ holds the JSON records"
      : "holds no Pieces assets (the export's data/assets records, or a saved /assets answer)"
    return { ...emptyReading, problems: [...problems, { place: { file: files[0]?.path ?? "." }, reason }] }
  }
  return concatReadings([{ ...emptyReading, problems }, ...assets.map(({ asset, file }) => readAsset(asset, { byId }, file))])
}
