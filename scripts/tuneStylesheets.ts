/**
 * Where the stylesheet rule of `LanguageLines` was chosen: windows of 10–40 lines of CSS the model does not train on,
 * written with custom properties, `:where()` and nesting (`ROOT/tune2/npm`: Open Props, water.css and
 * modern-normalize, `npm pack`; and the CSS of the packages in `ROOT/tune2`; none in `bench/heldout`), against the
 * tuning windows of every other language (`TuningSources`) and the READMEs in `node_modules`. For each share of
 * stylesheet lines it prints how many CSS windows the model alone (`modelDetection`) and the rule with it answer CSS,
 * and how many windows of the others the model answered right that the rule would take.
 * `npx tsx scripts/tuneStylesheets.ts ROOT`, ROOT as the trainer's.
 */
import { seeded } from "../bench/scaleCorpus.ts"
import { MIN_CONFIDENCE, modelDetection } from "../src/domain/LanguageDetection.ts"
import { CSS_SHARE, stylesheetShare } from "../src/domain/LanguageLines.ts"
import { filesUnder, readmesUnder, windowsAmong } from "./SourceFiles.ts"
import { filesOfSource, tuningSources } from "./TuningSources.ts"

const root = process.argv[2] ?? "/work/scratch/debs"
const random = seeded(79)
const cssUnder = (dir: string) =>
  filesUnder(dir, { name: /^(?!.*\.min\.css$).*\.css$/, minBytes: 200, maxBytes: 400_000 })

/** What the model answers, the rules before it left out. */
const modelAnswer = (window: string) => {
  const { ext, confidence } = modelDetection(window)
  return confidence < MIN_CONFIDENCE ? "txt" : ext
}

const css = Object.entries({
  "Open Props": cssUnder(`${root}/tune2/npm/open-props-1.7.7`),
  "water.css, modern-normalize": [
    ...cssUnder(`${root}/tune2/npm/water.css-2.1.1`),
    ...cssUnder(`${root}/tune2/npm/modern-normalize-3.0.1`)
  ],
  "Debian packages' CSS": cssUnder(`${root}/tune2/usr/share`)
}).map(([label, files]) => [label, windowsAmong(files, 400, random)] as const)
const others = Object.entries(tuningSources(root)).filter(([language]) => language !== "css").map((
  [language, sources]
) => [language, windowsAmong(sources.flatMap((source) => filesOfSource(source, 200, 300_000)), 600, random)] as const)
const readmes = windowsAmong(readmesUnder("node_modules"), 600, random)

for (const share of [0.7, 0.8, 0.9]) {
  const rule = (window: string) => stylesheetShare(window) >= share
  const answered = css.map(([label, windows]) =>
    `${label} ${windows.filter((window) => modelAnswer(window) === "css").length} → ` +
    `${windows.filter((window) => rule(window) || modelAnswer(window) === "css").length}/${windows.length}`
  )
  const taken = [...others, ["READMEs", readmes] as const].map(([label, windows]) => {
    const language = label === "READMEs" ? "md" : label
    return `${label} ${windows.filter((window) => modelAnswer(window) === language && rule(window)).length}`
  })
  console.log(`share ${share}${share === CSS_SHARE ? " (chosen)" : ""}: CSS windows answered CSS, model → with the ` +
    `rule: ${answered.join(", ")}; right answers the rule would take for CSS: ${taken.join(", ")}`)
}
