/**
 * How the detector tells Markdown that holds HTML (a README's badges, a centred logo) from HTML, and Markdown with
 * code examples (which the model reads as their code) from code, on windows of 10–40 lines from the tuning side: the
 * READMEs of the packages in the project's `node_modules` (not `@effect`'s, a training source, nor those of the
 * packages `bench/heldout` draws code from: `SourceFiles.readmesUnder`) and the language model's tuning sources
 * (`TuningSources`). Prints what `detectLanguage` answers for each, then how many READMEs the rule for code examples
 * answers right and how many other tuning windows it would take, for each count of Markdown lines; where the Markdown
 * rules were chosen (they live in `LanguageLines`): `npx tsx scripts/tuneMarkup.ts ROOT`, ROOT as the trainer's.
 */
import { seeded } from "../bench/scaleCorpus.ts"
import { detectLanguage } from "../src/domain/LanguageDetection.ts"
import { MARKDOWN_LINES, markdownLinesAroundCode } from "../src/domain/LanguageLines.ts"
import { modelAnswer } from "./RuleWeighing.ts"
import { readmesUnder, windowsAmong } from "./SourceFiles.ts"
import { filesOfSource, otherLanguagesWindows, tuningSources } from "./TuningSources.ts"

const WINDOWS = 1500
const random = seeded(20261126)

const windowsOf = (files: ReadonlyArray<string>) => windowsAmong(files, WINDOWS, random)

const answers = (windows: ReadonlyArray<string>) => {
  const count = new Map<string, number>()
  for (const window of windows) {
    const language = detectLanguage(window)
    count.set(language, (count.get(language) ?? 0) + 1)
  }
  return [...count].sort((a, b) => b[1] - a[1]).map(([language, n]) => `${language} ${n}`).join(", ")
}

const root = process.argv[2] ?? "/work/scratch/debs"
const sources = tuningSources(root)
const html = sources.html.flatMap((source) => filesOfSource(source, 200, 300_000))
const readmes = windowsOf(readmesUnder("node_modules"))
console.log(`Markdown windows (READMEs in node_modules) answered: ${answers(readmes)}`)
console.log(`HTML windows (tuning sources) answered: ${answers(windowsOf(html))}`)

// The rule for Markdown with code examples, weighed against the model alone on the READMEs and every other
const others = otherLanguagesWindows(root, "md", 600, random)
for (const least of [1, 2, 3]) {
  const rule = (window: string) => markdownLinesAroundCode(window) >= least
  const right = readmes.filter((window) => rule(window) || modelAnswer(window) === "md").length
  const taken = others.map(([language, windows]) =>
    `${language} ${windows.filter((window) => modelAnswer(window) === language && rule(window)).length}`
  )
  console.log(`Markdown lines around code ${least}${least === MARKDOWN_LINES ? " (chosen)" : ""}: READMEs answered ` +
    `Markdown, model ${readmes.filter((window) => modelAnswer(window) === "md").length}, with the rule ${right} of ` +
    `${readmes.length}; right answers the rule would take for Markdown: ${taken.join(", ")}`)
}
