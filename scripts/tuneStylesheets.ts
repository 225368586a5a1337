/**
 * Where the stylesheet rule of `LanguageLines` was chosen: windows of 10–40 lines of CSS the model does not train on,
 * written with custom properties, `:where()` and nesting (`ROOT/tune2/npm`: Open Props, water.css and
 * modern-normalize, `npm pack`; and the CSS of the packages in `ROOT/tune2`; none in `bench/heldout`), against the
 * tuning windows of every other language (`TuningSources`) and the READMEs in `node_modules`. For each share of
 * stylesheet lines it prints how many CSS windows the model alone (`RuleWeighing.modelAnswer`) and the rule with it answer CSS,
 * and how many windows of the others the model answered right that the rule would take.
 * `npx tsx scripts/tuneStylesheets.ts ROOT`, ROOT as the trainer's.
 */
import { seeded } from "../bench/scaleCorpus.ts"
import { CSS_SHARE, stylesheetShare } from "../src/domain/LanguageLines.ts"
import { weighRule, windowsToSpare } from "./RuleWeighing.ts"
import { filesUnder, windowsAmong } from "./SourceFiles.ts"

const root = process.argv[2] ?? "/work/scratch/debs"
const random = seeded(79)
const cssUnder = (dir: string) =>
  filesUnder(dir, { name: /^(?!.*\.min\.css$).*\.css$/, minBytes: 200, maxBytes: 400_000 })


const css = Object.entries({
  "Open Props": cssUnder(`${root}/tune2/npm/open-props-1.7.7`),
  "water.css, modern-normalize": [
    ...cssUnder(`${root}/tune2/npm/water.css-2.1.1`),
    ...cssUnder(`${root}/tune2/npm/modern-normalize-3.0.1`)
  ],
  "Debian packages' CSS": cssUnder(`${root}/tune2/usr/share`)
}).map(([label, files]) => [label, windowsAmong(files, 400, random)] as const)
const others = windowsToSpare(root, "css", 600, random)

weighRule({
  language: "css",
  name: "CSS",
  share: stylesheetShare,
  thresholds: [0.7, 0.8, 0.9],
  chosen: CSS_SHARE,
  sources: css,
  others
})
