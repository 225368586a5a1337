/**
 * Why a value did not decode, as the service says it: every problem with the path to it and its kind, in the shape
 * of a 400's `issues` and of the one line an import names. The kinds are the ones this API has always answered
 * (`Missing`, `Unexpected`, `Type`, `Refinement`, `Transformation`, `Forbidden`); Schema's standard formatter gives
 * each problem's message and path but not its kind, so the tree is walked here down to the node each kind comes from
 * and that node is formatted.
 */
import { Schema, SchemaIssue } from "effect"

export type DecodeIssueKind = "Missing" | "Unexpected" | "Type" | "Refinement" | "Transformation" | "Forbidden"

export interface DecodeIssue {
  readonly _tag: DecodeIssueKind
  readonly path: ReadonlyArray<string | number>
  readonly message: string
}

/** A `DecodeIssue` as the API documents it. */
export const DecodeIssueSchema = Schema.Struct({
  _tag: Schema.Literals(["Missing", "Unexpected", "Type", "Refinement", "Transformation", "Forbidden"]),
  path: Schema.Array(Schema.Union([Schema.String, Schema.Number])),
  message: Schema.String
})

const standard = SchemaIssue.makeFormatterStandardSchemaV1()

const segmentOf = (key: PropertyKey | { readonly key: PropertyKey }): string | number => {
  const segment = typeof key === "object" && key !== null ? key.key : key
  return typeof segment === "number" ? segment : String(segment)
}

/** The problems under `issue`, at `path`, as the standard formatter words them, all of kind `kind`. */
const formatted = (issue: SchemaIssue.Issue, path: ReadonlyArray<string | number>, kind: DecodeIssueKind) =>
  standard(issue).issues.map((found): DecodeIssue => ({
    _tag: kind,
    path: [...path, ...(found.path ?? []).map(segmentOf)],
    message: found.message
  }))

const leafKind = (issue: SchemaIssue.Issue): DecodeIssueKind => {
  switch (issue._tag) {
    case "MissingKey":
      return "Missing"
    case "UnexpectedKey":
      return "Unexpected"
    case "Forbidden":
      return "Forbidden"
    case "InvalidValue":
      return "Refinement"
    default:
      return "Type"
  }
}

const walk = (issue: SchemaIssue.Issue, path: ReadonlyArray<string | number>): Array<DecodeIssue> => {
  switch (issue._tag) {
    case "Filter":
      return formatted(issue, path, "Refinement")
    case "Encoding":
      return formatted(issue, path, "Transformation")
    case "Pointer":
      return walk(issue.issue, [...path, ...issue.path.map(segmentOf)])
    case "Composite":
    case "AnyOf":
      return issue.issues.length > 0 ? issue.issues.flatMap((inner) => walk(inner, path)) : formatted(issue, path, "Type")
    default:
      return formatted(issue, path, leafKind(issue))
  }
}

/** Every problem of a failed decode, with its path (keys as strings, indexes as numbers) and kind. */
export const decodeIssues = (error: Schema.SchemaError): Array<DecodeIssue> => walk(error.issue, [])

/** The issues as one line: `path: message; …` (`body` for the whole value). */
export const decodeIssuesText = (issues: ReadonlyArray<DecodeIssue>): string =>
  issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ")
