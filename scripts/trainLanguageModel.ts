/**
 * Trains the language model (`src/domain/LanguageModel.json`) that `detectLanguage` reads: per language, how often
 * each feature of `languageFeatures` occurs in its tuning sources. Run once on a machine holding them
 * (`npx tsx scripts/trainLanguageModel.ts ROOT`, ROOT holding the Debian packages the sources below name, unpacked
 * with `apt-get download` and `dpkg-deb -x`: Go golang-github-stretchr-testify-dev, -sirupsen-logrus-dev,
 * -google-go-cmp-dev, -spf13-pflag-dev, golang-golang-x-sync-dev, -gorilla-websocket-dev; Rust librust-serde-json-dev,
 * -anyhow-dev, -rand-core-dev; Ruby ruby-rack, ruby-thor; PHP php-symfony-console, php-guzzlehttp-psr7; C
 * bluez-source; YAML ansible, ansible-core; CSS libjs-bootstrap, libjs-bootstrap4, libjs-jquery-ui, sphinx-rtd-theme-common, fonts-font-awesome;
 * Java: the JDK's java.net, java.time, java.nio, java.text, java.math sources in `java-tune`). The model holds
 * counts of features, no code, and is committed. The sources are the **tuning** side only: none of them is in `bench/heldout`, which is what
 * the detector is measured on (`npm run bench:languages`).
 */
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { languageFeatures } from "../src/domain/LanguageFeatures.ts"
import { filesUnder } from "./SourceFiles.ts"

const root = process.argv[2] ?? "/work/scratch/debs"
const SDK = "/usr/lib/google-cloud-sdk"

/** Tuning sources by language: folders and the files in them that count. */
const SOURCES: Record<string, ReadonlyArray<[string, RegExp]>> = {
  py: [["/usr/lib/python3.11", /^[a-z_]+\.py$/]],
  js: [
    ["node_modules/vite/dist", /\.js$/],
    ["node_modules/highlight.js/lib/languages", /\.js$/],
    ["node_modules/vitest/dist", /\.js$/],
    ["node_modules/ws/lib", /\.js$/],
    ["node_modules/autocannon/lib", /\.js$/],
    ["node_modules/chai/lib", /\.js$/],
    ["node_modules/semver", /\.js$/],
    ["node_modules/tinypool/dist", /\.js$/],
    ["node_modules/magic-string/dist", /\.js$/]
  ],
  ts: [["node_modules/effect/src", /\.ts$/], ["node_modules/@effect/platform/src", /\.ts$/]],
  java: [[`${root}/java-tune`, /\.java$/]],
  c: [["node_modules/better-sqlite3/deps/sqlite3", /^sqlite3\.c$/], [`${root}/c/bluez-source`, /\.c$/]],
  cpp: [["/usr/include/c++/12/ext", /./], ["/usr/include/c++/12/tr1", /./], ["/usr/include/c++/12/parallel", /./]],
  go: [[`${root}/t/usr/share/gocode`, /\.go$/]],
  rs: [[`${root}/t/usr/share/cargo/registry`, /\.rs$/]],
  rb: [[`${root}/t/usr/lib/ruby/vendor_ruby`, /\.rb$/], [`${root}/t/usr/share/rubygems-integration`, /\.rb$/]],
  php: [[`${root}/t/usr/share/php`, /\.php$/]],
  pl: [["/usr/share/perl5", /\.pm$/]],
  sh: [["/usr/bin", /^[a-z][\w.-]*$/], ["/usr/sbin", /^[a-z][\w.-]*$/]],
  sql: [["/usr/share/postgresql/15/extension", /\.sql$/]],
  css: [["node_modules/highlight.js/styles", /\.css$/], [`${root}/css`, /^(?!.*\.min\.css$).*\.css$/]],
  html: [["/usr/share/doc", /\.html$/]],
  md: [["/usr/lib/node_modules/npm", /\.md$/]],
  yaml: [[`${SDK}/platform`, /\.ya?ml$/], ["/root/.pyenv/.github", /\.ya?ml$/], [`${root}/yaml`, /\.ya?ml$/]],
  json: [["node_modules", /^(package|tsconfig)\.json$/]]
}

/** Text read per language: the same amount each, so that no language wins by volume. */
const BUDGET = 1_500_000
/** Features kept per language: the most frequent. */
const KEPT = 8000

/** A shell script: a file whose first line runs sh or bash. */
const isShell = (text: string) => /^#!\s*\/(usr\/)?bin\/(env\s+)?(ba)?sh\b/.test(text)

const model: Record<string, { total: number; counts: Record<string, number> }> = {}
for (const [ext, sources] of Object.entries(SOURCES)) {
  const counts = new Map<string, number>()
  let read = 0
  // Each source in turn, its files spread over its folder, until the budget is spent: every source counts.
  const bySource = sources.map(([dir, file]) => {
    const found = filesUnder(dir.startsWith("/") ? dir : join(process.cwd(), dir), {
      name: file,
      minBytes: 200,
      maxBytes: 20_000_000
    })
    const step = Math.max(1, Math.floor(found.length / 200))
    return found.filter((_, i) => i % step === 0)
  })
  const files = Array.from({ length: Math.max(...bySource.map((found) => found.length)) }, (_, i) =>
    bySource.flatMap((found) => found[i] === undefined ? [] : [found[i]])).flat()
  for (let i = 0; i < files.length && read < BUDGET; i++) {
    let text = readFileSync(files[i], "utf8")
    if (text.includes("\u0000")) continue
    if (ext === "sh" && !isShell(text)) continue
    // Stretches of 100 lines spread over the file (at most 20), so that one big file cannot dominate.
    const lines = text.split("\n")
    const stretches = Math.min(20, Math.ceil(lines.length / 100))
    for (let k = 0; k < stretches && read < BUDGET; k++) {
      const start = Math.floor(k * lines.length / stretches)
      text = lines.slice(start, start + 100).join("\n")
      read += text.length
      for (const feature of languageFeatures(text)) counts.set(feature, (counts.get(feature) ?? 0) + 1)
    }
  }
  const kept = [...counts].sort((a, b) => b[1] - a[1]).slice(0, KEPT)
  model[ext] = { total: kept.reduce((sum, [, n]) => sum + n, 0), counts: Object.fromEntries(kept) }
  console.log(`${ext}: ${files.length} files, ${read} characters, ${counts.size} features`)
}
writeFileSync(join(process.cwd(), "src/domain/LanguageModel.json"), JSON.stringify(model))
