/**
 * VS Code snippets: `*.code-snippets` files (a `scope` per snippet names its languages) and a language's
 * `snippets/LANGUAGE.json`, both JSON with comments and trailing commas, read as VS Code reads them (`jsonc-parser`,
 * VS Code's own). Each entry becomes a snippet: its key the name, `body` (a string or lines) the code, `description`
 * the description, the first `scope` (or the file's language) the language; its `prefix` is kept as a comment
 * annotation, which the VS Code export writes back.
 */
import { type Node, parseTree, printParseErrorCode, type ParseError } from "jsonc-parser"
import { languageNamed } from "../domain/LanguageNames.ts"
import {
  baseName,
  concatReadings,
  emptyReading,
  type ImportedSnippet,
  type ImportReading,
  lineAt,
  lineFinder,
  type LeftOut,
  type SourceFile
} from "./ImportedSnippet.ts"

/** How a VS Code prefix is kept in an annotation, so that an export can write it back. */
export const PREFIX_NOTE = "VS Code prefix: "

const valueOf = (node: Node | undefined): unknown => {
  if (node === undefined) return undefined
  switch (node.type) {
    case "string":
    case "number":
    case "boolean":
    case "null":
      return node.value
    case "array":
      return (node.children ?? []).map(valueOf)
    case "object":
      return Object.fromEntries((node.children ?? []).map((property) => [property.children?.[0]?.value, valueOf(property.children?.[1])]))
    default:
      return undefined
  }
}

const lines = (value: unknown): string | undefined =>
  typeof value === "string"
    ? value
    : Array.isArray(value) && value.every((line) => typeof line === "string")
    ? value.join("\n")
    : undefined

const readFile = (file: SourceFile): ImportReading => {
  const errors: Array<ParseError> = []
  const tree = parseTree(file.text, errors, { allowTrailingComma: true, disallowComments: false })
  if (errors.length > 0 || tree === undefined || tree.type !== "object") {
    const first = errors[0]
    return {
      ...emptyReading,
      problems: [{
        place: { file: file.path, line: lineAt(file.text, first?.offset ?? 0) },
        reason: first === undefined
          ? "is not a VS Code snippets file (an object of snippets)"
          : `is not valid JSON with comments: ${printParseErrorCode(first.error)}`
      }]
    }
  }
  // `snippets/typescript.json` holds TypeScript snippets; a `.code-snippets` file names languages per snippet.
  const fileLanguage = file.path.endsWith(".json") ? languageNamed(baseName(file.path).replace(/\.json$/, "")) : undefined
  const snippets: Array<ImportedSnippet> = []
  const problems: Array<LeftOut> = []
  const skipped: Array<LeftOut> = []
  const lineOf = lineFinder(file.text)
  for (const property of tree.children ?? []) {
    const name = String(property.children?.[0]?.value ?? "")
    const place = { file: file.path, line: lineOf(property.offset), entry: name }
    const entry = valueOf(property.children?.[1])
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      problems.push({ place, reason: "is not a snippet (an object with a body)" })
      continue
    }
    const fields = entry as Record<string, unknown>
    const body = lines(fields.body)
    if (body === undefined) {
      problems.push({ place, reason: "has no body (a string or a list of lines)" })
      continue
    }
    if (body.trim() === "") {
      skipped.push({ place, reason: "has an empty body" })
      continue
    }
    const scopes = typeof fields.scope === "string" ? fields.scope.split(",").map((scope) => scope.trim()) : []
    const language = scopes.map(languageNamed).find((known) => known !== undefined) ?? fileLanguage
    const prefixes = typeof fields.prefix === "string"
      ? [fields.prefix]
      : Array.isArray(fields.prefix)
      ? fields.prefix.filter((prefix): prefix is string => typeof prefix === "string")
      : []
    const description = lines(fields.description)
    snippets.push({
      key: `${baseName(file.path)}#${name}`,
      name: name.trim() === "" ? prefixes[0] ?? "VS Code snippet" : name,
      code: body,
      ...(language === undefined ? {} : { language }),
      tags: [],
      websites: [],
      ...(description === undefined || description.trim() === "" ? {} : { description }),
      ...(prefixes.length === 0 ? {} : { note: `${PREFIX_NOTE}${prefixes.join(", ")}` }),
      place
    })
  }
  return { snippets, problems, skipped }
}

export const readVsCodeSnippets = (files: ReadonlyArray<SourceFile>): ImportReading =>
  concatReadings(files.map((file) =>
    file.path.endsWith(".code-snippets") || file.path.endsWith(".json")
      ? readFile(file)
      : { ...emptyReading, skipped: [{ place: { file: file.path }, reason: "is not a .code-snippets or .json file" }] }
  ))
