/**
 * GitHub Gists: the JSON the Gists API answers (`GET /gists/{id}`, or a list of gists each with its files'
 * `content`) saved to a file, or a folder of cloned gists (a folder per gist, named by its id, with `.git/config`
 * naming its URL). Each file of a gist becomes a snippet: the gist's description (with the file's name when the
 * gist has several) its name, the file's language its language, the gist's page a website.
 */
import { languageNamed, languageOfFileName } from "../domain/LanguageNames.ts"
import {
  baseName,
  concatReadings,
  emptyReading,
  foldersOf,
  type ImportedSnippet,
  type ImportReading,
  isoTime,
  type LeftOut,
  parseJsonFile,
  type SourceFile
} from "./ImportedSnippet.ts"

interface GistFile {
  readonly filename?: unknown
  readonly language?: unknown
  readonly content?: unknown
  readonly truncated?: unknown
}

interface Gist {
  readonly id?: unknown
  readonly html_url?: unknown
  readonly description?: unknown
  readonly created_at?: unknown
  readonly updated_at?: unknown
  readonly files?: Record<string, GistFile>
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const isGist = (value: unknown): value is Gist => isRecord(value) && isRecord(value.files)

const text = (value: unknown) => (typeof value === "string" ? value : undefined)

/** A gist's snippet name: its description, with the file's name when there are several files or no description. */
const nameOf = (description: string | undefined, fileName: string, files: number) => {
  const said = description?.trim()
  if (said === undefined || said === "") return fileName
  return files > 1 ? `${said} — ${fileName}` : said
}

/** A gist's snippets, and the files it leaves out, each placed at the file `fileOf` names for its key in `files`. */
const readGist = (gist: Gist, fileOf: (key: string) => string, entry: string): ImportReading => {
  const id = text(gist.id) ?? entry
  const files = Object.entries(gist.files ?? {})
  const snippets: Array<ImportedSnippet> = []
  const problems: Array<LeftOut> = []
  const skipped: Array<LeftOut> = []
  for (const [key, gistFile] of files) {
    const fileName = text(gistFile?.filename) ?? key
    const place = { file: fileOf(key), entry: `${entry} ${fileName}` }
    const content = text(gistFile?.content)
    if (content === undefined) {
      problems.push({
        place,
        reason: "has no content: the Gists API leaves it out of lists (GET /gists); save each gist from GET /gists/{id}"
      })
      continue
    }
    if (gistFile.truncated === true) {
      problems.push({ place, reason: "was truncated by the Gists API (over 1 MB); clone the gist instead" })
      continue
    }
    if (content.trim() === "") {
      skipped.push({ place, reason: "is empty" })
      continue
    }
    const language = text(gistFile.language)
    const url = text(gist.html_url)
    const created = isoTime(gist.created_at)
    const updated = isoTime(gist.updated_at)
    snippets.push({
      key: `${id}/${fileName}`,
      name: nameOf(text(gist.description), fileName, files.length),
      code: content,
      ...withLanguage((language === undefined ? undefined : languageNamed(language)) ?? languageOfFileName(fileName)),
      tags: [],
      websites: url === undefined ? [] : [{ url, name: "GitHub Gist" }],
      ...(created === undefined ? {} : { created }),
      ...(updated === undefined ? {} : { updated }),
      place
    })
  }
  return { snippets, problems, skipped }
}

const withLanguage = (language: string | undefined) => (language === undefined ? {} : { language })

/** A saved API answer: one gist, or a list of them. */
const readApiAnswer = (file: SourceFile, json: unknown): ImportReading => {
  const inFile = () => file.path
  if (isGist(json)) return readGist(json, inFile, `gist ${text(json.id) ?? ""}`.trim())
  if (!Array.isArray(json)) {
    return {
      snippets: [],
      problems: [{ place: { file: file.path }, reason: "is not a Gists API answer (a gist, or a list of gists)" }],
      skipped: []
    }
  }
  return concatReadings(json.map((gist, index) =>
    isGist(gist)
      ? readGist(gist, inFile, `gist ${text(gist.id) ?? `#${index + 1}`}`)
      : {
        snippets: [],
        problems: [{ place: { file: file.path, entry: `#${index + 1}` }, reason: "is not a gist (it has no files)" }],
        skipped: []
      }
  ))
}

/** The gist page a clone's `.git/config` names (`https://gist.github.com/ID.git`). */
const pageOfClone = (config: string | undefined) => {
  const url = config?.match(/url\s*=\s*(\S+)/)?.[1]
  if (url === undefined) return undefined
  const id = url.match(/gist\.github\.com[:/](?:[^/]+\/)?([0-9a-f]+)(?:\.git)?$/i)?.[1]
  return id === undefined ? url.replace(/\.git$/, "") : `https://gist.github.com/${id}`
}

/** Cloned gists: the files of each folder (its git data aside) make one gist. */
const readClones = (files: ReadonlyArray<SourceFile>): ImportReading => {
  const byGist = new Map<string, Array<SourceFile>>()
  const configs = new Map<string, string>()
  for (const file of files) {
    const folders = foldersOf(file.path)
    const gitAt = folders.indexOf(".git")
    if (gitAt >= 0) {
      if (baseName(file.path) === "config" && gitAt === folders.length - 1) {
        configs.set(folders.slice(0, gitAt).join("/"), file.text)
      }
      continue
    }
    const folder = folders.join("/")
    byGist.set(folder, [...(byGist.get(folder) ?? []), file])
  }
  return concatReadings([...byGist].map(([folder, gistFiles]) => {
    const id = folder.split("/").pop() || "gist"
    const gist: Gist = {
      id,
      html_url: pageOfClone(configs.get(folder)),
      files: Object.fromEntries(gistFiles.map((file) => [baseName(file.path), { content: file.text }]))
    }
    // Each entry's place is its own file as it was read (`/a/b` stays so), not the folder.
    const pathOf = new Map(gistFiles.map((file) => [baseName(file.path), file.path]))
    const reading = readGist(gist, (key) => pathOf.get(key) ?? (folder || "."), `gist ${id}`)
    return { ...reading, snippets: reading.snippets.map((snippet) => ({ ...snippet, place: { file: snippet.place.file } })) }
  }))
}

export const readGists = (files: ReadonlyArray<SourceFile>): ImportReading => {
  const jsonFiles = files.filter((file) => file.path.endsWith(".json") && !foldersOf(file.path).includes(".git"))
  // Saved API answers are JSON files only; a folder of clones holds other files too.
  if (jsonFiles.length === 0 || jsonFiles.length < files.length) return readClones(files)
  return concatReadings(jsonFiles.map((file) => {
    const parsed = parseJsonFile(file)
    return "problem" in parsed ? { ...emptyReading, problems: [parsed.problem] } : readApiAnswer(file, parsed.json)
  }))
}
