/**
 * What an importer reads from another tool's files: snippets in the library's terms, each with the place it was
 * read from, and the entries it could not read or chose to leave out, each with its reason. Importers are pure
 * functions of the files' text, shared by `npm run import -- --from KIND` and the library page.
 */
import { Schema } from "effect"
import { v5 as uuidV5 } from "uuid"

/** The tools the library imports from. */
export const ImportKind = Schema.Literals(["gist", "vscode", "masscode", "pieces", "files"])
export type ImportKind = typeof ImportKind.Type

/**
 * A file handed to an importer: its path within what the user picked (a file, or a folder's files; `/`-separated on
 * every system, as `SourceFiles` and the page's picked folders give them), and its text.
 */
export const SourceFile = Schema.Struct({ path: Schema.String, text: Schema.String })
export type SourceFile = typeof SourceFile.Type

/** Where in the files an entry was read. */
export const EntryPlace = Schema.Struct({
  file: Schema.String,
  line: Schema.optional(Schema.Number),
  entry: Schema.optional(Schema.String)
})
export type EntryPlace = typeof EntryPlace.Type

/** A time as a date text (ISO 8601 as the importers write it); one that is no date is refused with its path. */
const DateText = Schema.String.check(
  Schema.makeFilter((text) => !Number.isNaN(Date.parse(text)), { message: "a date and time (ISO 8601)" })
)

export const ImportedWebsite = Schema.Struct({ url: Schema.String, name: Schema.optional(Schema.String) })

export const ImportedSnippet = Schema.Struct({
  /** Its identity in its source (a gist's id and file name, a snippet's id): the same entry imported again has it. */
  key: Schema.String,
  /**
   * The key an earlier version of its importer gave it, when that was another: a snippet imported then under it
   * (the same one: created at the same time) is found and not imported again.
   */
  formerKey: Schema.optional(Schema.String),
  /** The id the source gave it, when that is one of this library's (Pieces' own exports). */
  id: Schema.optional(Schema.String.check(Schema.isUUID())),
  name: Schema.String,
  code: Schema.String,
  /** An extension or language name the source gave; absent, the service detects it. */
  language: Schema.optional(Schema.String),
  tags: Schema.Array(Schema.String),
  websites: Schema.Array(ImportedWebsite),
  description: Schema.optional(Schema.String),
  /** A remark kept beside the description (a VS Code prefix). */
  note: Schema.optional(Schema.String),
  created: Schema.optional(DateText),
  updated: Schema.optional(DateText),
  place: EntryPlace
})
export type ImportedSnippet = typeof ImportedSnippet.Type

/** An entry left out: one that could not be read (a problem) or one the importer skips on purpose. */
export const LeftOut = Schema.Struct({ place: EntryPlace, reason: Schema.String })
export type LeftOut = typeof LeftOut.Type

export interface ImportReading {
  readonly snippets: ReadonlyArray<ImportedSnippet>
  /** Entries that could not be read (malformed), each with its file and line. */
  readonly problems: ReadonlyArray<LeftOut>
  /** Entries left out on purpose (empty, in the other tool's trash), with why. */
  readonly skipped: ReadonlyArray<LeftOut>
}

export const emptyReading: ImportReading = { snippets: [], problems: [], skipped: [] }

export const concatReadings = (readings: ReadonlyArray<ImportReading>): ImportReading => ({
  snippets: readings.flatMap((reading) => reading.snippets),
  problems: readings.flatMap((reading) => reading.problems),
  skipped: readings.flatMap((reading) => reading.skipped)
})

/** Names the ids of imported snippets (UUID v5), so that importing the same entry again finds it by id. */
const IMPORTED_ID_NAMESPACE = "9b1c7f2e-5d3a-4e8b-a6f1-2c4d8e0b7a93"

const idOfKey = (kind: ImportKind, key: string) => uuidV5(`${kind}\u0000${key}`, IMPORTED_ID_NAMESPACE)

/** The asset id an imported snippet gets: its own when the source gave one, else one derived from its key. */
export const importedAssetId = (kind: ImportKind, snippet: ImportedSnippet): string =>
  snippet.id ?? idOfKey(kind, snippet.key)

/** The asset id an earlier version of its importer gave the snippet, when that was another. */
export const formerAssetId = (kind: ImportKind, snippet: ImportedSnippet): string | undefined =>
  snippet.id !== undefined || snippet.formerKey === undefined ? undefined : idOfKey(kind, snippet.formerKey)

/** The 1-based line of an offset in `text`: the line starts found once, each offset then a binary search. */
export const lineFinder = (text: string) => {
  const starts = [0]
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1)
  return (offset: number): number => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (starts[middle]! <= offset) low = middle
      else high = middle - 1
    }
    return low + 1
  }
}

/** The 1-based line of `offset` in `text` (for one offset; `lineFinder` for many). */
export const lineAt = (text: string, offset: number): number => lineFinder(text)(offset)

/** A file's name without its folders (paths are `/`-separated: a backslash is part of a name). */
export const baseName = (path: string) => path.split("/").pop() ?? path

/** A file's folders, outermost first. */
export const foldersOf = (path: string) => path.split("/").slice(0, -1).filter((part) => part !== "" && part !== ".")

/** A time given as epoch milliseconds or a date text, as ISO 8601; nothing for anything else. */
export const isoTime = (value: unknown): string | undefined => {
  const date = typeof value === "number" ? new Date(value) : typeof value === "string" ? new Date(value) : undefined
  return date === undefined || Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** A file's JSON, or why it is not JSON with the line where reading stopped. */
export const parseJsonFile = (file: SourceFile): { readonly json: unknown } | { readonly problem: LeftOut } => {
  try {
    return { json: JSON.parse(file.text) as unknown }
  } catch (error) {
    const message = (error as Error).message
    const position = message.match(/position (\d+)/)?.[1]
    const line = position === undefined ? lineAt(file.text, file.text.length) : lineAt(file.text, Number(position))
    return { problem: { place: { file: file.path, line }, reason: `is not JSON: ${message}` } }
  }
}

/** Whether `text` is a UUID (an id this library could hold). */
export const isUuid = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)
