/**
 * What differs between two states of a snippet: its code as a unified diff (lines starting `-` and `+`, by the
 * `diff` package), and each other field that differs, with its value on either side.
 */
import { createTwoFilesPatch } from "diff"
import { Schema } from "effect"
import { changedFields, SnippetField, type SnippetState } from "./Revision.ts"

export const FieldDifference = Schema.Struct({
  field: SnippetField,
  before: Schema.Unknown,
  after: Schema.Unknown
})

export const SnippetDiff = Schema.Struct({
  /** The code's unified diff: empty when the code is the same. */
  code: Schema.String,
  /** The other fields that differ, with their value on either side. */
  fields: Schema.Array(FieldDifference)
}).annotate({ identifier: "SnippetDiff" })
export type SnippetDiff = typeof SnippetDiff.Type

/** Past this many changed lines the diff stops looking for the shortest edit: the whole code is shown replaced. */
const MAX_EDIT_LENGTH = 20_000

const withNewline = (code: string) => code === "" || code.endsWith("\n") ? code : `${code}\n`

/** The unified diff of two texts, named `from` and `to`. */
export const unifiedDiff = (before: string, after: string, from: string, to: string): string => {
  if (before === after) return ""
  const options = { context: 3, maxEditLength: MAX_EDIT_LENGTH }
  const patch = createTwoFilesPatch(from, to, withNewline(before), withNewline(after), undefined, undefined, options)
  // Without the `====` rule the package puts above the file names.
  if (patch !== undefined) return patch.replace(/^=+\n/, "")
  const lines = (text: string, sign: string) => text === "" ? [] : text.split("\n").map((line) => `${sign}${line}`)
  const old = lines(before, "-")
  const next = lines(after, "+")
  return [`--- ${from}`, `+++ ${to}`, `@@ -1,${old.length} +1,${next.length} @@`, ...old, ...next, ""].join("\n")
}

export const snippetDiff = (before: SnippetState, after: SnippetState, from: string, to: string): SnippetDiff => ({
  code: unifiedDiff(before.code, after.code, from, to),
  fields: changedFields(before, after).filter((field) => field !== "code")
    .map((field) => ({ field, before: before[field], after: after[field] }))
})
