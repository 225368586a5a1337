/**
 * Where the YAML document rule of `LanguageLines` was chosen: windows of 10–40 lines of YAML the model does not train
 * on (`ROOT/tune2`: the countries gem's data, GitHub Linguist's lists, rubocop-rspec's configuration; and the Cloud
 * SDK's command surface, whose platform files the model reads but not these; none in `bench/heldout`), against the
 * tuning windows of every other language (`TuningSources`) and the READMEs in `node_modules` (Markdown lists read
 * like YAML). For each share of YAML lines it prints how many YAML windows the model alone (`modelDetection`) and the
 * rule with it answer YAML, and how many windows of the others the model answered right that the rule would take.
 * `npx tsx scripts/tuneYamlDocuments.ts ROOT`, ROOT as the trainer's.
 */
import { seeded } from "../bench/scaleCorpus.ts"
import { MIN_CONFIDENCE, modelDetection } from "../src/domain/LanguageDetection.ts"
import { YAML_SHARE, yamlDocumentShare } from "../src/domain/LanguageLines.ts"
import { filesUnder, readmesUnder, windowsAmong } from "./SourceFiles.ts"
import { filesOfSource, tuningSources } from "./TuningSources.ts"

const root = process.argv[2] ?? "/work/scratch/debs"
const random = seeded(59)
const yamlUnder = (dir: string) => filesUnder(dir, { name: /\.ya?ml$/, minBytes: 200, maxBytes: 400_000 })

/** What the model answers, the rules before it left out. */
const modelAnswer = (window: string) => {
  const { ext, confidence } = modelDetection(window)
  return confidence < MIN_CONFIDENCE ? "txt" : ext
}

const yaml = Object.entries({
  countries: yamlUnder(`${root}/tune2/usr/share/rubygems-integration/all/gems`),
  linguist: yamlUnder(`${root}/tune2/usr/lib/x86_64-linux-gnu/rubygems-integration`),
  "rubocop-rspec": yamlUnder(`${root}/tune2/etc/rubocop`),
  "Cloud SDK surface": yamlUnder("/usr/lib/google-cloud-sdk/lib/surface")
}).map(([label, files]) => [label, windowsAmong(files, 400, random)] as const)
const others = Object.entries(tuningSources(root)).filter(([language]) => language !== "yaml").map((
  [language, sources]
) => [language, windowsAmong(sources.flatMap((source) => filesOfSource(source, 200, 300_000)), 600, random)] as const)
const readmes = windowsAmong(readmesUnder("node_modules"), 1500, random)

for (const share of [0.7, 0.8, 0.9, 0.95]) {
  const rule = (window: string) => yamlDocumentShare(window) >= share
  const answered = yaml.map(([label, windows]) =>
    `${label} ${windows.filter((window) => modelAnswer(window) === "yaml").length} → ` +
    `${windows.filter((window) => rule(window) || modelAnswer(window) === "yaml").length}/${windows.length}`
  )
  const taken = [...others, ["READMEs", readmes] as const].map(([label, windows]) => {
    const language = label === "READMEs" ? "md" : label
    return `${label} ${windows.filter((window) => modelAnswer(window) === language && rule(window)).length}`
  })
  console.log(`share ${share}${share === YAML_SHARE ? " (chosen)" : ""}: YAML windows answered YAML, model → with ` +
    `the rule: ${answered.join(", ")}; right answers the rule would take for YAML: ${taken.join(", ")}`)
}
