/**
 * Where the Go line rule of `LanguageLines` was checked: of every language's tuning sources (`TuningSources`),
 * how many files hold a line only Go writes (a package clause without `;`, a build constraint); and what
 * `detectLanguage` answers for windows of 10–40 lines of Go packages the model does not train on (`ROOT/tune2`:
 * viper, urfave/cli, go-toml, the Prometheus client, gin; none in `bench/heldout`). `npx tsx scripts/tuneGoLines.ts
 * ROOT`, ROOT as the trainer's.
 */
import { readFileSync } from "node:fs"
import { seeded } from "../bench/scaleCorpus.ts"
import { detectLanguage } from "../src/domain/LanguageDetection.ts"
import { GO_LINE } from "../src/domain/LanguageLines.ts"
import { filesUnder, windowsAmong } from "./SourceFiles.ts"
import { filesOfSource, tuningSources } from "./TuningSources.ts"

const WINDOWS = 600
const root = process.argv[2] ?? "/work/scratch/debs"
const random = seeded(977)

for (const [language, sources] of Object.entries(tuningSources(root))) {
  const files = sources.flatMap((source) => filesOfSource(source, 200, 300_000))
  const holding = files.filter((file) => GO_LINE.test(readFileSync(file, "utf8"))).length
  console.log(`${language}: ${holding} of ${files.length} files hold a Go line`)
}

const files = filesUnder(`${root}/tune2/usr/share/gocode`, { name: /\.go$/, minBytes: 200, maxBytes: 300_000 })
const answered = new Map<string, number>()
for (const window of windowsAmong(files, WINDOWS, random)) {
  const language = detectLanguage(window)
  answered.set(language, (answered.get(language) ?? 0) + 1)
}
console.log(`windows of Go packages not trained on (${files.length} files) answered: ${
  [...answered].sort((a, b) => b[1] - a[1]).map(([language, n]) => `${language} ${n}`).join(", ")
}`)
