/**
 * A language as a person or a model names it ("TypeScript", "c++", "py"), read as the classification the service
 * stores (`ts`, `cpp`, `py`). Assistants name languages in words more often than by extension.
 */
import { type ClassificationSpecificValue, knownClassification } from "./ClassificationSpecifics.ts"

/**
 * Names and spellings beside the extensions themselves, lower-cased. A `Map`: a file named `__proto__` or
 * `constructor` (an importer reads any name) must find nothing, not an object's own properties.
 */
const NAMES = new Map<string, string>(Object.entries({
  typescript: "ts",
  javascript: "js",
  node: "js",
  nodejs: "js",
  python: "py",
  python3: "py",
  rust: "rs",
  golang: "go",
  "c++": "cpp",
  "c#": "cs",
  csharp: "cs",
  "objective-c": "m",
  objc: "m",
  shell: "sh",
  zsh: "zsh",
  powershell: "ps1",
  ruby: "rb",
  kotlin: "kt",
  markdown: "md",
  perl: "pl",
  haskell: "hs",
  elixir: "ex",
  erlang: "erl",
  clojure: "clj",
  ocaml: "ml",
  julia: "jl",
  fortran: "f90",
  solidity: "sol",
  terraform: "tf",
  latex: "tex",
  plaintext: "txt",
  "plain text": "txt",
  text: "txt",
  batch: "bat",
  coffeescript: "coffee",
  "emacs lisp": "el",
  elisp: "el",
  "common lisp": "lisp",
  racket: "rkt",
  scheme: "scm",
  verilog: "sv",
  systemverilog: "sv",
  "visual basic": "vba",
  vb: "vba",
  pascal: "pas",
  delphi: "pas",
  docker: "dockerfile",
  // VS Code's language ids and massCode's names where they differ from the above
  typescriptreact: "tsx",
  javascriptreact: "jsx",
  shellscript: "sh",
  jsonc: "json",
  plain_text: "txt",
  c_cpp: "cpp",
  sass: "css",
  scss: "css",
  less: "css",
  vue: "html",
  svelte: "html",
  objectivec: "m",
  dockerfile: "hljs-dockerfile",
  makefile: "hljs-makefile",
  yml: "yaml"
}))

/** The stored classification a language name or extension means, if the service knows it. */
export const languageNamed = (name: string): ClassificationSpecificValue | undefined => {
  const folded = name.trim().toLowerCase().replace(/^\./, "")
  return knownClassification(NAMES.get(folded) ?? folded)
}

/** The stored classification a file's name implies: its extension, or a name that is a language (`Dockerfile`). */
export const languageOfFileName = (fileName: string): ClassificationSpecificValue | undefined => {
  const dot = fileName.lastIndexOf(".")
  const extension = dot > 0 ? fileName.slice(dot + 1) : undefined
  return (extension === undefined ? undefined : languageNamed(extension)) ?? knownClassification(fileName) ??
    languageNamed(fileName)
}
