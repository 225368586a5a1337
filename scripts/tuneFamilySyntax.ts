/**
 * How the detector tells TypeScript from JavaScript, on windows of 10–40 lines cut from the language model's tuning
 * sources of the two (`TuningSources`, none in `bench/heldout`): of the TypeScript windows in which the compiler
 * finds TypeScript-only syntax, how many `familyMember` answers TypeScript; of all TypeScript windows; and of
 * JavaScript windows, how many it takes for TypeScript. Then C and C++: the tuning sources' windows, and windows of
 * headers the model does not train on (`ROOT/tune2`: Asio, cereal, Eigen, GLM, oneTBB and yaml-cpp for C++; curl,
 * libevent, libgit2, libpng and libuv for C), how many `familyMember` answers C++. Where the syntax
 * checks (`LanguageFamilies`, `TypeScriptSyntax`) were chosen: `npx tsx scripts/tuneFamilySyntax.ts ROOT`, ROOT as
 * the trainer's.
 */
import { seeded } from "../bench/scaleCorpus.ts"
import { compilerFindsTypeScript } from "../bench/compilerFindsTypeScript.ts"
import { familyMember } from "../src/domain/LanguageFamilies.ts"
import { filesUnder, windowsAmong } from "./SourceFiles.ts"
import { filesOfSource, type TuningSource, tuningSources } from "./TuningSources.ts"

const WINDOWS = 1500
const random = seeded(20261125)

const windowsOf = (sources: ReadonlyArray<TuningSource>): Array<string> =>
  windowsAmong(sources.flatMap((source) => filesOfSource(source, 200, 300_000)), WINDOWS, random)

const root = process.argv[2] ?? "/work/scratch/debs"
const sources = tuningSources(root)
const typescript = windowsOf(sources.ts)
const javascript = windowsOf(sources.js)

const answeredTypeScript = (code: string) => familyMember("js", code) === "ts"
const share = (part: number, whole: number) => `${part}/${whole} = ${(100 * part / whole).toFixed(1)}%`
const withSyntax = typescript.filter(compilerFindsTypeScript)
console.log(`TypeScript windows with TypeScript-only syntax (by the compiler) answered TypeScript: ${share(withSyntax.filter(answeredTypeScript).length, withSyntax.length)}`)
console.log(`all TypeScript windows answered TypeScript: ${share(typescript.filter(answeredTypeScript).length, typescript.length)}`)
console.log(`JavaScript windows answered TypeScript: ${share(javascript.filter(answeredTypeScript).length, javascript.length)} (the compiler finds TypeScript-only syntax in ${javascript.filter(compilerFindsTypeScript).length})`)

// C and C++, drawn after the figures above so that those stay as they were.
const headersIn = (names: ReadonlyArray<string>) =>
  names.flatMap((name) =>
    filesUnder(`${root}/tune2/usr/include/${name}`, { name: /\.(?:h|hpp|inl)$|^[A-Z]\w+$/, minBytes: 200, maxBytes: 300_000 })
  )
const families = [
  ["C (tuning sources)", windowsOf(sources.c)],
  ["C++ (tuning sources)", windowsOf(sources.cpp)],
  [
    "C (headers not trained on)",
    windowsAmong(headersIn(["event2", "git2", "libpng16", "uv", "x86_64-linux-gnu/curl"]), WINDOWS, random)
  ],
  [
    "C++ (headers not trained on)",
    windowsAmong(headersIn(["asio", "cereal", "eigen3", "glm", "oneapi", "tbb", "yaml-cpp"]), WINDOWS, random)
  ]
] as const
for (const [label, windows] of families) {
  const cpp = windows.filter((window) => familyMember("c", window) === "cpp").length
  console.log(`${label} windows answered C++ (of the family, by syntax): ${share(cpp, windows.length)}`)
}
