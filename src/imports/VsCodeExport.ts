/**
 * A `.code-snippets` file of saved snippets: each under its name (made unique), its code as body lines, its
 * description, its language as the `scope` VS Code knows it by, and its prefix (the one it was imported with, else
 * its name in lower-case words joined by dashes). Read back by the VS Code importer.
 */
import type { ExportedSnippet } from "./ExportedSnippet.ts"

/** VS Code's language ids where they are not the stored extension. */
const VS_CODE_LANGUAGES: Record<string, string> = {
  ts: "typescript",
  tsx: "typescriptreact",
  js: "javascript",
  jsx: "javascriptreact",
  mjs: "javascript",
  py: "python",
  sh: "shellscript",
  bash: "shellscript",
  zsh: "shellscript",
  rs: "rust",
  rb: "ruby",
  cs: "csharp",
  kt: "kotlin",
  md: "markdown",
  ps1: "powershell",
  txt: "plaintext",
  yml: "yaml",
  pl: "perl",
  hs: "haskell",
  ex: "elixir",
  erl: "erlang",
  m: "objective-c",
  bat: "bat",
  "hljs-dockerfile": "dockerfile",
  "hljs-makefile": "makefile"
}

export const vsCodeLanguage = (language: string) => VS_CODE_LANGUAGES[language] ?? language

const prefixOf = (snippet: ExportedSnippet) =>
  snippet.prefixes.length > 0
    ? (snippet.prefixes.length === 1 ? snippet.prefixes[0]! : snippet.prefixes)
    : snippet.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "snippet"

export const vsCodeSnippetsFile = (snippets: Iterable<ExportedSnippet>): string => {
  // A map, not an object: a snippet may be named "constructor" or "__proto__".
  const entries = new Map<string, unknown>()
  for (const snippet of snippets) {
    let name = snippet.name
    for (let n = 2; entries.has(name); n++) name = `${snippet.name} (${n})`
    entries.set(name, {
      scope: vsCodeLanguage(snippet.language),
      prefix: prefixOf(snippet),
      body: snippet.code.split(/\r?\n/),
      ...(snippet.description === undefined ? {} : { description: snippet.description })
    })
  }
  return `${JSON.stringify(Object.fromEntries(entries), null, "\t")}\n`
}
