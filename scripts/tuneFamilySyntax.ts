/**
 * How the detector tells TypeScript from JavaScript, on windows of 10–40 lines cut from tuning sources only (packages
 * in this project's node_modules that `scripts/trainLanguageModel.ts` also reads, none in `bench/heldout`): of the
 * TypeScript windows in which the compiler finds TypeScript-only syntax, how many `familyMember` answers TypeScript;
 * of all TypeScript windows; and of JavaScript windows, how many it takes for TypeScript. Where the syntax checks
 * (`LanguageFamilies`, `TypeScriptSyntax`) were chosen: `npx tsx scripts/tuneFamilySyntax.ts`, after `npm install`.
 */
import { readFileSync } from "node:fs"
import { seeded } from "../bench/scaleCorpus.ts"
import { compilerFindsTypeScript } from "../bench/compilerFindsTypeScript.ts"
import { familyMember } from "../src/domain/LanguageFamilies.ts"
import { filesUnder } from "./SourceFiles.ts"

const WINDOWS = 1500
const random = seeded(20261125)

const windowsOf = (sources: ReadonlyArray<readonly [string, RegExp]>): Array<string> => {
  const files = sources.flatMap(([dir, name]) => filesUnder(dir, { name, minBytes: 200, maxBytes: 300_000 }))
  const windows: Array<string> = []
  while (windows.length < WINDOWS) {
    const lines = readFileSync(files[Math.floor(random() * files.length)], "utf8").split("\n")
    const length = 10 + Math.floor(random() * 31)
    if (lines.length < length) continue
    const start = Math.floor(random() * (lines.length - length))
    const window = lines.slice(start, start + length)
    if (window.filter((line) => line.trim() !== "").length >= 0.6 * length) windows.push(window.join("\n"))
  }
  return windows
}

const typescript = windowsOf([
  ["node_modules/effect/src", /\.ts$/],
  ["node_modules/@effect/platform/src", /\.ts$/],
  ["node_modules/@effect/sql/src", /\.ts$/],
  ["node_modules/@effect/cluster/src", /\.ts$/],
  ["node_modules/@types/node", /\.d\.ts$/],
  ["node_modules/@modelcontextprotocol/sdk/dist/esm", /\.d\.ts$/]
])
const javascript = windowsOf([
  ["node_modules/vite/dist", /\.js$/],
  ["node_modules/highlight.js/lib/languages", /\.js$/],
  ["node_modules/vitest/dist", /\.js$/],
  ["node_modules/ws/lib", /\.js$/],
  ["node_modules/autocannon/lib", /\.js$/],
  ["node_modules/chai/lib", /\.js$/],
  ["node_modules/semver", /\.js$/],
  ["node_modules/yaml/dist", /\.js$/],
  ["node_modules/pg/lib", /\.js$/],
  ["node_modules/magic-string/dist", /\.js$/]
])

const answeredTypeScript = (code: string) => familyMember("js", code) === "ts"
const share = (part: number, whole: number) => `${part}/${whole} = ${(100 * part / whole).toFixed(1)}%`
const withSyntax = typescript.filter(compilerFindsTypeScript)
console.log(`TypeScript windows with TypeScript-only syntax (by the compiler) answered TypeScript: ${share(withSyntax.filter(answeredTypeScript).length, withSyntax.length)}`)
console.log(`all TypeScript windows answered TypeScript: ${share(typescript.filter(answeredTypeScript).length, typescript.length)}`)
console.log(`JavaScript windows answered TypeScript: ${share(javascript.filter(answeredTypeScript).length, javascript.length)} (the compiler finds TypeScript-only syntax in ${javascript.filter(compilerFindsTypeScript).length})`)
