/**
 * Whether code uses syntax only TypeScript has (type annotations, interfaces, `implements`, generics, `as`, `!`,
 * modifiers…), as a parser of the language reads it rather than as patterns guess it. The parser is tree-sitter's
 * TSX grammar (TypeScript with JSX, so that JSX in JavaScript is not read as type assertions), as VS Code ships it
 * (`@vscode/tree-sitter-wasm`: the grammars compiled to WebAssembly, no native build, the same on Node and Deno).
 * Tree-sitter reads any fragment: a snippet cut mid-function still parses, its broken parts as error nodes, and
 * TypeScript's constructs inside those count too: on windows of the tuning sources in which the TypeScript compiler
 * finds TypeScript-only syntax, far more are told with them than without, and JavaScript is rarely taken for
 * TypeScript (`npm run bench:languages`). Loaded with the language detector, on the first snippet that needs detecting.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type { TreeCursor } from "@vscode/tree-sitter-wasm"

// Required rather than imported: the package is a UMD script whose exports Node's ES module loader cannot see, and
// its files are read from where it is installed (a bundle would have to carry them).
const installed = createRequire(import.meta.url)
const treeSitter: typeof import("@vscode/tree-sitter-wasm") = installed("@vscode/tree-sitter-wasm")
const grammarFile = (name: string) => readFileSync(installed.resolve(`@vscode/tree-sitter-wasm/wasm/${name}.wasm`))

/** The runtime's own WebAssembly handed over whole, so that it is not looked for beside a bundled script. */
await treeSitter.Parser.init({ wasmBinary: grammarFile("tree-sitter") } as never)
const parser = new treeSitter.Parser().setLanguage(await treeSitter.Language.load(grammarFile("tree-sitter-tsx")))

/**
 * The grammar's nodes that only TypeScript's syntax makes: its node types that tree-sitter's JavaScript grammar does
 * not have, less those it names differently for JavaScript's own syntax (`required_parameter`,
 * `public_field_definition`, `extends_clause`, `type_identifier`…) and Flow's.
 */
const TYPESCRIPT_ONLY = new Set([
  "type_annotation",
  "opting_type_annotation",
  "omitting_type_annotation",
  "adding_type_annotation",
  "optional_parameter",
  "type_predicate_annotation",
  "asserts_annotation",
  "type_arguments",
  "type_parameters",
  "instantiation_expression",
  "as_expression",
  "satisfies_expression",
  "non_null_expression",
  "interface_declaration",
  "type_alias_declaration",
  "enum_declaration",
  "abstract_class_declaration",
  "ambient_declaration",
  "module",
  "internal_module",
  "implements_clause",
  "accessibility_modifier",
  "override_modifier",
  "method_signature",
  "abstract_method_signature",
  "function_signature",
  "index_signature",
  "import_alias",
  "import_require_clause"
])

/** Nodes JavaScript has too, made TypeScript by a keyword: `readonly x`, `import type`, `export type`, `{ type X }`. */
const TYPESCRIPT_KEYWORD_IN = new Set(["public_field_definition", "import_statement", "export_statement", "import_specifier"])
const TYPESCRIPT_KEYWORDS = new Set(["readonly", "type"])

/**
 * A snippet cut inside a block comment without the comment's part, at the start (it closes a comment before opening
 * any) and at the end (it opens one it does not close), so that the comment's prose is not parsed as code.
 */
const withoutCutComments = (code: string): string => {
  let text = code
  const close = text.indexOf("*/")
  const open = text.indexOf("/*")
  if (close >= 0 && (open < 0 || close < open)) text = text.slice(close + 2)
  const last = text.lastIndexOf("/*")
  if (last >= 0 && text.indexOf("*/", last + 2) < 0) text = text.slice(0, last)
  return text
}

/** Depth first from the cursor's node, stopping at the first TypeScript-only node. */
const reachesTypeScriptOnly = (cursor: TreeCursor): boolean => {
  for (;;) {
    const type = cursor.nodeType
    if (TYPESCRIPT_ONLY.has(type)) return true
    if (
      TYPESCRIPT_KEYWORD_IN.has(type) &&
      cursor.currentNode.children.some((child) => child !== null && !child.isNamed && TYPESCRIPT_KEYWORDS.has(child.type))
    ) return true
    if (cursor.gotoFirstChild() || cursor.gotoNextSibling()) continue
    for (;;) {
      if (!cursor.gotoParent()) return false
      if (cursor.gotoNextSibling()) break
    }
  }
}

/** Whether the code, parsed as TypeScript, uses any syntax JavaScript does not have. */
export const holdsTypeScriptSyntax = (code: string): boolean => {
  const tree = parser.parse(withoutCutComments(code))
  if (tree === null) return false
  try {
    const cursor = tree.walk()
    try {
      return reachesTypeScriptOnly(cursor)
    } finally {
      cursor.delete()
    }
  } finally {
    tree.delete()
  }
}
