/**
 * What an import answers: for a preview (`dry_run`) what it would do, for an import what it did; per entry, the
 * id it has in the library, the language it was given and the saved snippets it is a near copy of; and every entry
 * left out, with its place and why.
 */
import { Effect, Schema } from "effect"
import { EntryPlace, ImportedSnippet, ImportKind, LeftOut, SourceFile } from "./ImportedSnippet.ts"

const Count = Schema.Struct({ name: Schema.String, count: Schema.Number })

export const ImportedEntry = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  language: Schema.String,
  place: EntryPlace,
  near_copies: Schema.Array(Schema.Struct({ id: Schema.String, name: Schema.String, similarity: Schema.Number }))
})
export type ImportedEntry = typeof ImportedEntry.Type

export const ImportReport = Schema.Struct({
  kind: Schema.String,
  dry_run: Schema.Boolean,
  /** Snippets read from the files. */
  read: Schema.Number,
  /** New to the library: imported, or that would be in a dry run. */
  new: Schema.Number,
  /** Written by this request (0 in a dry run). */
  imported: Schema.Number,
  languages: Schema.Array(Count),
  tags: Schema.Array(Count),
  entries: Schema.Array(ImportedEntry),
  /** Entries not imported, with why: already in the library, repeated, or left out by the importer. */
  skipped: Schema.Array(LeftOut),
  /** Entries that could not be read or stored, with where and why. */
  problems: Schema.Array(LeftOut)
}).annotate({ identifier: "ImportReport" })
export type ImportReport = typeof ImportReport.Type

/**
 * An import: the files as picked (read here by the importer of `kind`), or snippets an importer already read (what
 * `npm run import -- --from KIND` sends, in batches, for sources larger than one request may be).
 */
export const ImportRequest = Schema.Struct({
  kind: ImportKind,
  dry_run: Schema.Boolean.pipe(Schema.withDecodingDefaultType(Effect.succeed(false))),
  files: Schema.optional(Schema.Array(SourceFile)),
  snippets: Schema.optional(Schema.Array(ImportedSnippet))
}).annotate({ identifier: "ImportRequest" })
export type ImportRequest = typeof ImportRequest.Type
