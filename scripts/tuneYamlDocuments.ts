/**
 * Where the YAML document rule of `LanguageLines` was chosen: windows of 10–40 lines of YAML the model does not train
 * on (`ROOT/tune2`: the countries gem's data, GitHub Linguist's lists, rubocop-rspec's configuration; and the Cloud
 * SDK's command surface, whose platform files the model reads but not these; none in `bench/heldout`), against the
 * tuning windows of every other language (`TuningSources`) and the READMEs in `node_modules` (Markdown lists read
 * like YAML). For each share of YAML lines it prints how many YAML windows the model alone (`RuleWeighing.modelAnswer`) and the
 * rule with it answer YAML, and how many windows of the others the model answered right that the rule would take.
 * `npx tsx scripts/tuneYamlDocuments.ts ROOT`, ROOT as the trainer's.
 */
import { seeded } from "../bench/scaleCorpus.ts"
import { YAML_SHARE, yamlDocumentShare } from "../src/domain/LanguageLines.ts"
import { weighRule, windowsToSpare } from "./RuleWeighing.ts"
import { filesUnder, windowsAmong } from "./SourceFiles.ts"

const root = process.argv[2] ?? "/work/scratch/debs"
const random = seeded(59)
const yamlUnder = (dir: string) => filesUnder(dir, { name: /\.ya?ml$/, minBytes: 200, maxBytes: 400_000 })


const yaml = Object.entries({
  countries: yamlUnder(`${root}/tune2/usr/share/rubygems-integration/all/gems`),
  linguist: yamlUnder(`${root}/tune2/usr/lib/x86_64-linux-gnu/rubygems-integration`),
  "rubocop-rspec": yamlUnder(`${root}/tune2/etc/rubocop`),
  "Cloud SDK surface": yamlUnder("/usr/lib/google-cloud-sdk/lib/surface")
}).map(([label, files]) => [label, windowsAmong(files, 400, random)] as const)
const others = windowsToSpare(root, "yaml", 1500, random)

weighRule({
  language: "yaml",
  name: "YAML",
  share: yamlDocumentShare,
  thresholds: [0.7, 0.8, 0.9, 0.95],
  chosen: YAML_SHARE,
  sources: yaml,
  others
})
