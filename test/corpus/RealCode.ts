/**
 * A corpus of real code for the search and similarity fixtures and benchmarks: functions cut from the source files
 * of installed packages (TypeScript and JavaScript from `node_modules`, C from the SQLite amalgamation that
 * better-sqlite3 shipped), deduplicated, in a deterministic order. The cut is kept in `test/fixtures/real-code.json.gz`,
 * so that the benchmarks read the same code whatever the project's dependencies are now; running this file cuts it
 * again from what `node_modules` holds (`npx tsx test/corpus/RealCode.ts`).
 */
import { createHash } from "node:crypto"
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { gunzipSync, gzipSync } from "node:zlib"

export interface CodeFunction {
  /** The function's own name, as the code declares it. */
  readonly name: string
  readonly ext: "ts" | "js" | "c"
  readonly code: string
  /** Where it was cut from, relative to the project. */
  readonly origin: string
}

/** Function declarations, `const name = (...) => {`, and methods on a line of their own. */
const JS_START = new RegExp(
  [
    /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*[<(]/.source,
    /^\s*(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:<[^=]*>)?\([^)]*\)?[^;]*=>\s*\{\s*$/.source,
    /^\s+(?:(?:public|private|protected|static|async|override)\s+)*(?!(?:if|for|while|switch|catch|function|return)\b)([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*(?::\s*[^{;]+)?\{\s*$/.source
  ].join("|")
)
const C_START = /^(?:static\s+|SQLITE_API\s+|SQLITE_PRIVATE\s+|const\s+|unsigned\s+|inline\s+)*[A-Za-z_][\w]*[\s*]+\**([A-Za-z_]\w*)\s*\(/

/** The index just past the brace that closes the one at `open`, skipping strings and comments; -1 if none. */
const closingBrace = (text: string, open: number): number => {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    const c = text[i]
    if (c === "/" && text[i + 1] === "/") i = text.indexOf("\n", i) === -1 ? text.length : text.indexOf("\n", i)
    else if (c === "/" && text[i + 1] === "*") i = text.indexOf("*/", i + 2) === -1 ? text.length : text.indexOf("*/", i + 2) + 1
    else if (c === "\"" || c === "'" || c === "`") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === "\\") i++
    } else if (c === "{") depth++
    else if (c === "}" && --depth === 0) return i + 1
  }
  return -1
}

const functionsIn = (path: string, origin: string, ext: CodeFunction["ext"]): Array<CodeFunction> => {
  const text = readFileSync(path, "utf8")
  const start = ext === "c" ? C_START : JS_START
  const found: Array<CodeFunction> = []
  let offset = 0
  for (const line of text.split("\n")) {
    const lineStart = offset
    offset += line.length + 1
    const match = start.exec(line)
    if (match === null || line.trimEnd().endsWith(";")) continue
    const open = text.indexOf("{", lineStart)
    // The body must open within a few lines of the signature.
    if (open === -1 || text.slice(lineStart, open).split("\n").length > 6) continue
    const end = closingBrace(text, open)
    if (end === -1) continue
    const code = text.slice(lineStart, end)
    const lines = code.split("\n").length
    const name = match.slice(1).find((group) => group !== undefined) ?? "anonymous"
    if (lines >= 3 && lines <= 80) found.push({ name, ext, code, origin })
  }
  return found
}

const SOURCES: ReadonlyArray<{ dir: string; ext: CodeFunction["ext"]; suffixes: ReadonlyArray<string> }> = [
  { dir: "node_modules/effect/src", ext: "ts", suffixes: [".ts"] },
  { dir: "node_modules/@effect", ext: "ts", suffixes: [".ts"] },
  { dir: "node_modules/typescript/lib", ext: "js", suffixes: ["typescript.js"] },
  { dir: "node_modules/highlight.js/lib", ext: "js", suffixes: [".js"] },
  { dir: "node_modules/fuse.js/dist", ext: "js", suffixes: ["fuse.mjs"] },
  { dir: "node_modules/ajv/lib", ext: "ts", suffixes: [".ts"] },
  { dir: "node_modules/vitest/dist", ext: "js", suffixes: [".js"] },
  { dir: "node_modules/vite/dist", ext: "js", suffixes: [".js"] },
  { dir: "node_modules/better-sqlite3/deps/sqlite3", ext: "c", suffixes: ["sqlite3.c"] }
]

const filesUnder = (dir: string, suffixes: ReadonlyArray<string>): Array<string> =>
  readdirSync(dir).sort().flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return filesUnder(path, suffixes)
    if (entry.endsWith(".d.ts") || path.includes("/dist/dts/")) return []
    return suffixes.some((suffix) => entry.endsWith(suffix)) ? [path] : []
  })

/** Every distinct function of the sources as installed under `root`, in a fixed order (by file, then position). */
const cutRealCode = (root: string): Array<CodeFunction> => {
  const seen = new Set<string>()
  const all: Array<CodeFunction> = []
  for (const source of SOURCES) {
    for (const path of filesUnder(join(root, source.dir), source.suffixes)) {
      for (const fn of functionsIn(path, path.slice(root.length + 1), source.ext)) {
        const hash = createHash("sha1").update(fn.code.replace(/\s+/g, " ")).digest("hex")
        if (seen.has(hash)) continue
        seen.add(hash)
        all.push(fn)
      }
    }
  }
  return all
}

const FROZEN = fileURLToPath(new URL("../fixtures/real-code.json.gz", import.meta.url))
const ORIGIN = "Functions cut by test/corpus/RealCode.ts from source files of packages that npm install put in " +
  "node_modules (effect and @effect/* and vitest/vite: MIT; typescript: Apache-2.0; highlight.js: BSD-3-Clause; " +
  "fuse.js: Apache-2.0; ajv: MIT; the SQLite amalgamation shipped by better-sqlite3: public domain); each entry " +
  "names its file."

let frozen: ReadonlyArray<CodeFunction> | undefined

/** The corpus as cut and kept (`test/fixtures/real-code.json.gz`): the same functions on every machine. */
export const realCodeFunctions = (): Array<CodeFunction> => {
  frozen ??= (JSON.parse(gunzipSync(readFileSync(FROZEN)).toString("utf8")) as { entries: Array<CodeFunction> })
    .entries
  return [...frozen]
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const entries = cutRealCode(process.cwd())
  writeFileSync(FROZEN, gzipSync(JSON.stringify({ origin: ORIGIN, entries }), { level: 9 }))
  console.log(`${entries.length} functions kept in ${FROZEN}`)
}
