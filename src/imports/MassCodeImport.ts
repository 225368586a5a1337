/**
 * massCode: its `db.json` (v1 to v3: folders, snippets with fragments, tags by id) and its Markdown vault (v4.6 on:
 * a folder per massCode folder, a snippet per `.md` file with YAML front matter and a fenced block per fragment
 * under `## Fragment: LABEL`; tags are ids named in `.masscode/state.json`). Each fragment becomes a snippet (named
 * with its label when the snippet has several); folders become tags; snippets in massCode's trash are left out.
 */
import { parse as parseYaml } from "yaml"
import { languageNamed } from "../domain/LanguageNames.ts"
import {
  baseName,
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


/** The vault's own folder: its state file, inbox (snippets in no folder) and trash. */
const META_FOLDER = ".masscode"

interface Fragment {
  readonly label: string
  readonly language: string | undefined
  readonly value: string
}

interface MassCodeSnippet {
  /** Its identity among the snippets of every massCode library (`identityInVault` for a vault's). */
  readonly id: string
  /** The identity earlier versions of this importer gave it, when that was another. */
  readonly formerId?: string | undefined
  /** The library's own id, which this service's export writes (`asset_id`). */
  readonly assetId?: string | undefined
  readonly name: string
  readonly description: string | undefined
  readonly fragments: ReadonlyArray<Fragment>
  readonly tags: ReadonlyArray<string>
  readonly folders: ReadonlyArray<string>
  readonly websites?: ReadonlyArray<string> | undefined
  readonly deleted: boolean
  readonly created: string | undefined
  readonly updated: string | undefined
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined)
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** A massCode snippet's fragments as library snippets. */
const snippetsOf = (snippet: MassCodeSnippet, file: string, line: number | undefined): ImportReading => {
  const place = (label?: string) => ({
    file,
    ...(line === undefined ? {} : { line }),
    entry: label === undefined ? snippet.name : `${snippet.name} (${label})`
  })
  if (snippet.deleted) return { ...emptyReading, skipped: [{ place: place(), reason: "is in massCode's trash" }] }
  const snippets: Array<ImportedSnippet> = []
  const skipped: Array<LeftOut> = []
  snippet.fragments.forEach((fragment, index) => {
    const several = snippet.fragments.length > 1
    if (fragment.value.trim() === "") {
      skipped.push({ place: place(several ? fragment.label : undefined), reason: "is empty" })
      return
    }
    const language = fragment.language === undefined ? undefined : languageNamed(fragment.language)
    snippets.push({
      key: `${snippet.id}/${index}`,
      ...(snippet.formerId === undefined ? {} : { formerKey: `${snippet.formerId}/${index}` }),
      ...(snippet.assetId !== undefined && !several ? { id: snippet.assetId } : {}),
      name: several ? `${snippet.name} — ${fragment.label}` : snippet.name,
      code: fragment.value,
      ...(language === undefined ? {} : { language }),
      tags: [...new Set([...snippet.folders, ...snippet.tags])],
      websites: (snippet.websites ?? []).map((url) => ({ url })),
      ...(snippet.description === undefined || snippet.description.trim() === "" ? {} : { description: snippet.description }),
      ...(snippet.created === undefined ? {} : { created: snippet.created }),
      ...(snippet.updated === undefined ? {} : { updated: snippet.updated }),
      place: place(several ? fragment.label : undefined)
    })
  })
  return { snippets, problems: [], skipped }
}

/** `db.json`: folders (nested by `parentId`), tags and snippets, each by id. */
const readDatabase = (file: SourceFile, json: unknown): ImportReading => {
  if (!isRecord(json) || !Array.isArray(json.snippets)) {
    return { ...emptyReading, problems: [{ place: { file: file.path }, reason: "is not a massCode db.json (no snippets)" }] }
  }
  const folders = new Map<string, { name: string; parent: string | undefined }>()
  for (const folder of Array.isArray(json.folders) ? json.folders : []) {
    if (isRecord(folder) && folder.id !== undefined) {
      folders.set(String(folder.id), { name: text(folder.name) ?? "", parent: folder.parentId == null ? undefined : String(folder.parentId) })
    }
  }
  const tagNames = new Map<string, string>()
  for (const tag of Array.isArray(json.tags) ? json.tags : []) {
    if (isRecord(tag) && tag.id !== undefined && typeof tag.name === "string") tagNames.set(String(tag.id), tag.name)
  }
  const folderPath = (id: string | undefined): Array<string> => {
    const names: Array<string> = []
    const seen = new Set<string>()
    for (let at = id; at !== undefined && !seen.has(at); at = folders.get(at)?.parent) {
      seen.add(at)
      const folder = folders.get(at)
      if (folder !== undefined && folder.name !== "") names.unshift(folder.name)
    }
    return names
  }
  return concatReadings(json.snippets.map((entry: unknown, index: number): ImportReading => {
    const where = { file: file.path, entry: `snippet #${index + 1}` }
    if (!isRecord(entry)) return { ...emptyReading, problems: [{ place: where, reason: "is not a snippet" }] }
    const content = entry.content
    // v2 and v3 keep fragments; the first versions kept one text and its language on the snippet.
    const fragments: Array<Fragment> | undefined = Array.isArray(content)
      ? content.filter(isRecord).map((fragment, at) => ({
        label: text(fragment.label) ?? `Fragment ${at + 1}`,
        language: text(fragment.language),
        value: text(fragment.value) ?? ""
      }))
      : typeof content === "string"
      ? [{ label: "Fragment 1", language: text(entry.language), value: content }]
      : undefined
    if (fragments === undefined) return { ...emptyReading, problems: [{ place: where, reason: "has no content" }] }
    const tagIds = Array.isArray(entry.tagsIds) ? entry.tagsIds : Array.isArray(entry.tags) ? entry.tags : []
    return snippetsOf({
      id: String(entry.id ?? index),
      name: text(entry.name) ?? "Untitled snippet",
      description: text(entry.description),
      fragments,
      tags: tagIds.map((id: unknown) => tagNames.get(String(id))).filter((name): name is string => name !== undefined),
      folders: folderPath(entry.folderId == null || entry.folderId === "" ? undefined : String(entry.folderId)),
      deleted: entry.isDeleted === true || entry.isDeleted === 1,
      created: isoTime(entry.createdAt),
      updated: isoTime(entry.updatedAt)
    }, file.path, undefined)
  }))
}

/** Splits a vault file into its front matter and body, as massCode does. */
const splitFrontMatter = (source: string) => {
  const match = source.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/)
  return match === null ? undefined : { frontMatter: match[1]!, body: match[2] ?? "" }
}

/** The fragments of a vault file's body: `## Fragment: LABEL` then a fence (three backticks or more). */
export const vaultFragments = (body: string): Array<Fragment> => {
  const lines = body.split(/\r?\n/)
  const fragments: Array<Fragment> = []
  for (let at = 0; at < lines.length; at++) {
    if (!lines[at]!.startsWith("## Fragment:")) continue
    const label = lines[at]!.slice("## Fragment:".length).trim() || "Fragment"
    const fenceLine = lines[at + 1]
    const fence = fenceLine?.match(/^`{3,}/)?.[0]
    if (fence === undefined) continue
    const language = fenceLine!.slice(fence.length).trim() || undefined
    const value: Array<string> = []
    at += 2
    while (at < lines.length && lines[at]!.trim() !== fence) value.push(lines[at++]!)
    fragments.push({ label, language, value: value.join("\n") })
  }
  if (fragments.length === 0 && body.trim() !== "") fragments.push({ label: "Fragment 1", language: undefined, value: body })
  return fragments
}

/**
 * A vault's snippet ids are numbers counted per vault (`state.json`'s `counters`): snippet 1 of one vault is not
 * snippet 1 of another. Its time of creation, which massCode never changes, tells them apart (a file without one, by
 * its place in the vault).
 */
const identityInVault = (id: string, createdAt: string | undefined, relative: string) =>
  `vault:${createdAt ?? relative}:${id}`

const readVault = (files: ReadonlyArray<SourceFile>): ImportReading => {
  const stateFile = files.find((file) => file.path.split("/").slice(-2).join("/") === `${META_FOLDER}/state.json`)
  const root = stateFile === undefined ? "" : foldersOf(stateFile.path).slice(0, -1).join("/")
  const tagNames = new Map<string, string>()
  const problems: Array<LeftOut> = []
  if (stateFile !== undefined) {
    const parsed = parseJsonFile(stateFile)
    if ("problem" in parsed) problems.push({ ...parsed.problem, reason: `${parsed.problem.reason}; tags are left as ids` })
    else if (isRecord(parsed.json) && Array.isArray(parsed.json.tags)) {
      for (const tag of parsed.json.tags) {
        if (isRecord(tag) && tag.id !== undefined && typeof tag.name === "string") tagNames.set(String(tag.id), tag.name)
      }
    }
  }
  const readings = files.filter((file) => file.path.endsWith(".md")).map((file): ImportReading => {
    const relative = root === "" ? file.path : file.path.slice(root.length + 1)
    const folders = foldersOf(relative)
    const split = splitFrontMatter(file.text)
    if (split === undefined) return { ...emptyReading, skipped: [{ place: { file: file.path }, reason: "has no front matter (not a massCode snippet)" }] }
    let frontMatter: unknown
    try {
      frontMatter = parseYaml(split.frontMatter)
    } catch (error) {
      const line = (error as { linePos?: ReadonlyArray<{ line: number }> }).linePos?.[0]?.line
      return {
        ...emptyReading,
        problems: [{ place: { file: file.path, line: (line ?? 0) + 1 }, reason: `has front matter that is not YAML: ${(error as Error).message.split("\n")[0]}` }]
      }
    }
    if (!isRecord(frontMatter)) return { ...emptyReading, problems: [{ place: { file: file.path, line: 2 }, reason: "has front matter that is not a map of fields" }] }
    const tagIds = Array.isArray(frontMatter.tags) ? frontMatter.tags : []
    // Written by this service's export: its tags by name (its folder is its first tag).
    const tagNamesWritten = Array.isArray(frontMatter.tag_names) ? frontMatter.tag_names.map(String) : undefined
    const assetId = text(frontMatter.asset_id)
    const id = String(frontMatter.id ?? relative)
    const created = isoTime(frontMatter.createdAt)
    return snippetsOf({
      id: identityInVault(id, created, relative),
      formerId: id,
      ...(assetId !== undefined && isUuid(assetId) ? { assetId: assetId.toLowerCase() } : {}),
      name: text(frontMatter.name) ?? baseName(file.path).replace(/\.md$/, ""),
      description: text(frontMatter.description),
      fragments: vaultFragments(split.body),
      tags: tagNamesWritten ?? tagIds.map((id: unknown) => tagNames.get(String(id)) ?? String(id)),
      // The inbox holds snippets in no folder; the trash, deleted ones.
      folders: folders[0] === META_FOLDER || tagNamesWritten !== undefined ? [] : folders,
      websites: Array.isArray(frontMatter.websites) ? frontMatter.websites.filter((url): url is string => typeof url === "string") : [],
      deleted: frontMatter.isDeleted === 1 || frontMatter.isDeleted === true || (folders[0] === META_FOLDER && folders[1] === "trash"),
      created,
      updated: isoTime(frontMatter.updatedAt)
    }, file.path, 1)
  })
  return concatReadings([{ ...emptyReading, problems }, ...readings])
}

export const readMassCode = (files: ReadonlyArray<SourceFile>): ImportReading => {
  const databases = files.filter((file) => baseName(file.path) === "db.json" || (files.length === 1 && file.path.endsWith(".json")))
  if (databases.length > 0 && !files.some((file) => file.path.endsWith(".md"))) {
    return concatReadings(databases.map((file) => {
      const parsed = parseJsonFile(file)
      return "problem" in parsed ? { ...emptyReading, problems: [parsed.problem] } : readDatabase(file, parsed.json)
    }))
  }
  return readVault(files)
}
