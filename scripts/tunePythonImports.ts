/**
 * Where the Python import-list rule of `LanguageLines` was chosen: windows of 10–40 lines of Python the model does
 * not train on (Ansible's modules in `ROOT/t`, and the machine's Debian Python packages in
 * `/usr/lib/python3/dist-packages`; none in `bench/heldout`), against the tuning windows of every other language
 * (`TuningSources`) and the READMEs in `node_modules`. For each share of import lines it prints how many Python windows
 * the model alone (`RuleWeighing.modelAnswer`) and the rule with it answer Python, and how many windows of the others
 * the model answered right that the rule would take. `npx tsx scripts/tunePythonImports.ts ROOT`, ROOT as the
 * trainer's.
 */
import { seeded } from "../bench/scaleCorpus.ts"
import { PYTHON_IMPORTS_SHARE, pythonImportShare } from "../src/domain/LanguageLines.ts"
import { weighRule, windowsToSpare } from "./RuleWeighing.ts"
import { filesUnder, windowsAmong } from "./SourceFiles.ts"

const root = process.argv[2] ?? "/work/scratch/debs"
const random = seeded(67)
const pythonUnder = (dir: string, name: RegExp) => filesUnder(dir, { name, minBytes: 200, maxBytes: 300_000 })

const python = Object.entries({
  ansible: pythonUnder(`${root}/t/usr/lib/python3/dist-packages/ansible`, /\.py$/),
  "Debian's Python packages": pythonUnder("/usr/lib/python3/dist-packages", /\.py$/),
  // Packages' `__init__.py` alone: where lists of imports are.
  "their __init__.py": [
    ...pythonUnder(`${root}/t/usr/lib/python3/dist-packages/ansible`, /^__init__\.py$/),
    ...pythonUnder("/usr/lib/python3/dist-packages", /^__init__\.py$/)
  ]
}).map(([label, files]) => [label, windowsAmong(files, 400, random)] as const)
const others = windowsToSpare(root, "py", 1500, random)

weighRule({
  language: "py",
  name: "Python",
  share: pythonImportShare,
  thresholds: [0.6, 0.7, 0.8, 0.9],
  chosen: PYTHON_IMPORTS_SHARE,
  sources: python,
  others
})
