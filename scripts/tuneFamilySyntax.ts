/**
 * How the detector tells TypeScript from JavaScript, on windows of 10–40 lines cut from the language model's tuning
 * sources of the two (`TuningSources`, none in `bench/heldout`): of the TypeScript windows in which the compiler
 * finds TypeScript-only syntax, how many `familyMember` answers TypeScript; of all TypeScript windows; and of
 * JavaScript windows, how many it takes for TypeScript. Where the syntax checks
 * (`LanguageFamilies`, `TypeScriptSyntax`) were chosen: `npx tsx scripts/tuneFamilySyntax.ts ROOT`, ROOT as the
 * trainer's.
 */
import { seeded } from "../bench/scaleCorpus.ts"
import { compilerFindsTypeScript } from "../bench/compilerFindsTypeScript.ts"
import { familyMember } from "../src/domain/LanguageFamilies.ts"
import { windowsAmong } from "./SourceFiles.ts"
import { filesOfSource, type TuningSource, tuningSources } from "./TuningSources.ts"

const WINDOWS = 1500
const random = seeded(20261125)

const windowsOf = (sources: ReadonlyArray<TuningSource>): Array<string> =>
  windowsAmong(sources.flatMap((source) => filesOfSource(source, 200, 300_000)), WINDOWS, random)

const sources = tuningSources(process.argv[2] ?? "/work/scratch/debs")
const typescript = windowsOf(sources.ts)
const javascript = windowsOf(sources.js)

const answeredTypeScript = (code: string) => familyMember("js", code) === "ts"
const share = (part: number, whole: number) => `${part}/${whole} = ${(100 * part / whole).toFixed(1)}%`
const withSyntax = typescript.filter(compilerFindsTypeScript)
console.log(`TypeScript windows with TypeScript-only syntax (by the compiler) answered TypeScript: ${share(withSyntax.filter(answeredTypeScript).length, withSyntax.length)}`)
console.log(`all TypeScript windows answered TypeScript: ${share(typescript.filter(answeredTypeScript).length, typescript.length)}`)
console.log(`JavaScript windows answered TypeScript: ${share(javascript.filter(answeredTypeScript).length, javascript.length)} (the compiler finds TypeScript-only syntax in ${javascript.filter(compilerFindsTypeScript).length})`)
