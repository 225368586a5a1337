/**
 * Trains the language model (`src/domain/LanguageModel.json`) that `detectLanguage` reads: a multinomial logistic
 * regression over the features of `languageFeatures` plus a share of naive Bayes's log-counts, fitted on windows of
 * 3–40 lines cut from the **tuning** sources below. With `VALIDATE=1` the last source of each language is kept back
 * whole (every fifth file of a language with one source): trained without it, the model is judged on it, and every
 * choice below (features, sources, epochs, pruning, the naive Bayes share, the `txt` threshold) was made on those
 * figures, which this script prints. None of these sources is in `bench/heldout`, which is what the detector is
 * reported on (`npm run bench:languages`); the committed model is left as it was. Without `VALIDATE`, it trains on
 * everything and writes the model.
 *
 * Run once on a machine holding them: `npx tsx scripts/trainLanguageModel.ts ROOT`, after
 * `bash scripts/fetchTuningSources.sh ROOT` (which brings what follows there; a few minutes), ROOT holding, unpacked with
 * `apt-get download` and `dpkg-deb -x PACKAGE.deb ROOT/t`: golang-github-stretchr-testify-dev, -sirupsen-logrus-dev,
 * -google-go-cmp-dev, -spf13-pflag-dev, golang-golang-x-sync-dev, golang-github-gorilla-websocket-dev;
 * librust-serde-json-dev, -anyhow-dev, -rand-core-dev; ruby-rack, ruby-thor; php-symfony-console,
 * php-guzzlehttp-psr7; bluez-source (its `usr/src/bluez.tar.bz2` unpacked in ROOT/c); ansible-core; libjs-bootstrap,
 * libjs-bootstrap4, libjs-jquery-ui, sphinx-rtd-theme-common, fonts-font-awesome; openjdk-17-source (its `src.zip`'s
 * java.net, java.time, java.nio, java.text, java.math unpacked in ROOT/java-tune, and java.logging, java.sql,
 * java.net.http, jdk.httpserver in ROOT/java-tune2); nlohmann-json3-dev, libfmt-dev, googletest, catch2,
 * libspdlog-dev (in ROOT/cpp); and, from `npm pack` unpacked in ROOT/npm: immer@10, mobx@6, @reduxjs/toolkit@2,
 * @tanstack/query-core@5, @trpc/server@11, @trpc/client@11, @tanstack/router-core@1, @tanstack/form-core@1,
 * @tanstack/table-core@8, fp-ts@2, type-fest@4, lodash@4, express@4 (versions as the paths below). The rest is on
 * the machine: the project's node_modules, Python 3.11's standard library and site-packages, Perl's site modules, C
 * headers of glibc, FreeType and GnuTLS, libstdc++'s extension headers, /usr/bin scripts, Debian's HTML
 * documentation, the Google Cloud SDK's YAML and botocore JSON, cfn-lint's JSON schemas. The model holds weights of
 * features, no code.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { seeded } from "../bench/scaleCorpus.ts"
import { languageFeatures } from "../src/domain/LanguageFeatures.ts"
import { isShellScript, windowAt } from "./SourceFiles.ts"
import { filesOfSource, tuningSources } from "./TuningSources.ts"

const root = process.argv[2] ?? "/work/scratch/debs"
const SOURCES = tuningSources(root)

/** A choice made on the kept-back windows; `VALIDATE=1 NAME=value` tries another. */
const chosen = (name: string, value: number) => Number(process.env[name] ?? value)
/** Training windows per language, and at most this many from one file, so that no language or file wins by volume. */
const TRAINING_WINDOWS = chosen("TRAINING_WINDOWS", 6000)
const WINDOWS_PER_FILE = chosen("WINDOWS_PER_FILE", 24)
/** Windows per language cut from the sources kept back, where choices are made. */
const TUNING_WINDOWS = 150
/** A feature is weighed when this many training windows hold it; rarer ones are names, not habits. */
const MIN_WINDOWS = chosen("MIN_WINDOWS", 3)
const MIN_SOURCES = chosen("MIN_SOURCES", 3)
/** How much the naive Bayes counts weigh beside the regression's weights. */
const COUNTS_SHARE = chosen("COUNTS_SHARE", 0.1)
const EPOCHS = chosen("EPOCHS", 6)
/** How strongly weights are pulled towards zero (L2), against learning one package's names. */
const DECAY = chosen("DECAY", 0)
/** Weights nearer zero than this are dropped from the committed model: they rarely change an answer. */
const PRUNE = chosen("PRUNE", 0.3)
/** Weights are kept as integers in 1/SCALE steps. */
const SCALE = 100
const validating = process.env.VALIDATE === "1"

const random = seeded(2411)

interface Window {
  readonly language: number
  /** Which of all the sources it was cut from. */
  readonly source: number
  readonly code: string
}

/** Windows of `low`–`high` lines at random places in the files, mostly not blank, at most `perFile` a file. */
const windowsOf = (
  language: number,
  files: ReadonlyArray<{ path: string; source: number }>,
  wanted: number,
  low: number,
  high: number,
  perFile: number
) => {
  const out: Array<Window> = []
  for (let round = 0; round < perFile && out.length < wanted; round++) {
    for (const { path, source } of files) {
      if (out.length === wanted) break
      const lines = readFileSync(path, "utf8").split("\n")
      const code = windowAt(lines, low + Math.floor(random() * (high - low + 1)), random)
      if (code !== undefined) out.push({ language, source, code })
    }
  }
  return out
}

const languages = Object.keys(SOURCES)
const training: Array<Window> = []
const tuning: Array<Window> = []
/** Windows of 2–6 lines from the same sources kept back, where the `txt` threshold is chosen. */
const short: Array<Window> = []
let sourceCount = 0
const readable = (ext: string, path: string) => {
  const head = readFileSync(path, "utf8").slice(0, 2000)
  return !head.includes("\u0000") && (ext !== "sh" || isShellScript(head))
}
languages.forEach((ext, language) => {
  const sources = SOURCES[ext].map((tuningSource) => {
    const source = sourceCount++
    return filesOfSource(tuningSource, 200, 20_000_000).filter((path) => readable(ext, path))
      .map((path) => ({ path, source }))
  })
  // Shuffled with the seed. Kept back when validating: the last source, or every fifth file of a language's only one.
  const shuffled = <A>(files: ReadonlyArray<A>) =>
    files.map((file) => ({ file, key: random() })).sort((a, b) => a.key - b.key).map((x) => x.file)
  const [fitted, kept] = !validating
    ? [shuffled(sources.flat()), []]
    : sources.length > 1
    ? [shuffled(sources.slice(0, -1).flat()), shuffled(sources[sources.length - 1])]
    : [shuffled(sources[0]).filter((_, i) => i % 5 !== 0), shuffled(sources[0]).filter((_, i) => i % 5 === 0)]
  training.push(...windowsOf(language, fitted, TRAINING_WINDOWS, 3, 40, WINDOWS_PER_FILE))
  tuning.push(...windowsOf(language, kept, TUNING_WINDOWS, 10, 40, WINDOWS_PER_FILE))
  short.push(...windowsOf(language, kept, TUNING_WINDOWS, 2, 6, WINDOWS_PER_FILE))
  console.log(`${ext}: ${sources.flat().length} files, ${training.filter((w) => w.language === language).length} training and ${tuning.filter((w) => w.language === language).length} kept-back windows`)
})

// The vocabulary: features held by at least MIN_WINDOWS training windows from at least MIN_SOURCES sources (a name
// that only one package uses says which package, not which language).
const featured = training.map((window) => languageFeatures(window.code))
const held = new Map<string, { windows: number; sources: Set<number> }>()
featured.forEach((features, i) => {
  for (const feature of features) {
    const seen = held.get(feature) ?? { windows: 0, sources: new Set<number>() }
    seen.windows++
    if (seen.sources.size < MIN_SOURCES) seen.sources.add(training[i].source)
    held.set(feature, seen)
  }
})
const index = new Map<string, number>()
for (const [feature, seen] of held) {
  if (seen.windows >= MIN_WINDOWS && seen.sources.size >= MIN_SOURCES) index.set(feature, index.size)
}
const encode = (features: ReadonlyArray<string>) => Int32Array.from(features.flatMap((f) => index.get(f) ?? []))
const encoded = featured.map(encode)
console.log(`${index.size} features`)

// Softmax regression by stochastic gradient descent with AdaGrad steps.
const K = languages.length
const weights = new Float32Array(index.size * K)
const squares = new Float32Array(index.size * K).fill(1e-6)
const bias = new Float32Array(K)
const logits = new Float64Array(K)
const probabilities = (features: Int32Array) => {
  logits.set(bias)
  for (const f of features) for (let k = 0; k < K; k++) logits[k] += weights[f * K + k]
  const top = Math.max(...logits)
  let sum = 0
  for (let k = 0; k < K; k++) sum += logits[k] = Math.exp(logits[k] - top)
  for (let k = 0; k < K; k++) logits[k] /= sum
  return logits
}
const order = training.map((_, i) => i)
for (let epoch = 0; epoch < EPOCHS; epoch++) {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  let loss = 0
  for (const i of order) {
    const p = probabilities(encoded[i])
    loss -= Math.log(p[training[i].language] + 1e-12)
    for (let k = 0; k < K; k++) {
      const gradient = p[k] - (k === training[i].language ? 1 : 0)
      bias[k] -= 0.01 * gradient
      for (const f of encoded[i]) {
        const at = f * K + k
        const step = gradient + DECAY * weights[at]
        squares[at] += step * step
        weights[at] -= 0.5 * step / Math.sqrt(squares[at])
      }
    }
  }
  console.log(`epoch ${epoch + 1}: mean loss ${(loss / order.length).toFixed(4)}`)
}

// Naive Bayes beside it, on the same windows and features: how often each language's windows hold a feature. Its
// log-probabilities, centred per feature, are weights of the same linear form, so the two add into one model:
// regression learns what separates the languages it saw, the counts keep every habit's share where regression,
// having separated its training windows, stopped learning.
const logCounts = new Float64Array(index.size * K)
const totals = new Float64Array(K)
encoded.forEach((features, i) => {
  for (const f of features) logCounts[f * K + training[i].language]++
  totals[training[i].language] += features.length
})
for (let f = 0; f < index.size; f++) {
  let mean = 0
  for (let k = 0; k < K; k++) mean += logCounts[f * K + k] = Math.log((logCounts[f * K + k] + 1) / (totals[k] + index.size))
  mean /= K
  for (let k = 0; k < K; k++) weights[f * K + k] += COUNTS_SHARE * (logCounts[f * K + k] - mean)
}

// The committed model (`LanguageDetection` reads it): the kept features one per line, their weights in 1/SCALE steps
// as little-endian 16-bit integers in base64, languages in `languages` order.
const kept: Array<string> = []
const rows: Array<number> = []
for (const [feature, f] of index) {
  const row = [...weights.subarray(f * K, f * K + K)]
  if (Math.max(...row.map(Math.abs)) < PRUNE) continue
  kept.push(feature)
  rows.push(...row.map((w) => Math.max(-32768, Math.min(32767, Math.round(w * SCALE)))))
}
const model = {
  languages,
  scale: SCALE,
  bias: [...bias].map((b) => Math.round(b * SCALE)),
  features: kept.join("\n"),
  weights: Buffer.from(Int16Array.from(rows).buffer).toString("base64")
}
// The detector reads the model from its file, so a validating run writes its model there to judge the whole
// detector, and puts the committed one back when it exits, however it ends.
const modelFile = join(process.cwd(), "src/domain/LanguageModel.json")
const committedModel = readFileSync(modelFile, "utf8")
writeFileSync(modelFile, JSON.stringify(model))
console.log(`${kept.length} features kept`)
if (validating) process.on("exit", () => writeFileSync(modelFile, committedModel))

// The committed detector (rules, then this model as written) on the windows kept back.
const { detectLanguage, detectWithConfidence, MIN_CONFIDENCE } = await import("../src/domain/LanguageDetection.ts")
const fixture: ReadonlyArray<{ ext: string; code: string }> = JSON.parse(
  readFileSync(join(process.cwd(), "test/fixtures/languages.json"), "utf8")
).cases
const fixtureRight = fixture.filter((snippet) => detectLanguage(snippet.code) === snippet.ext).length
console.log(`tuning fixture (test/fixtures/languages.json): ${fixtureRight}/${fixture.length}`)
// With VALIDATE=1: the kept-back windows per language with their confusions (MISSES=FILE writes the ones answered
// wrong, to read), and the `txt` threshold's candidates.
if (validating) {
  const answers = tuning.map((window) => detectLanguage(window.code))
  for (const [language, ext] of languages.entries()) {
    const at = tuning.flatMap((window, i) => window.language === language ? [i] : [])
    const misses = new Map<string, number>()
    for (const i of at) if (answers[i] !== ext) misses.set(answers[i], (misses.get(answers[i]) ?? 0) + 1)
    const right = at.length - [...misses.values()].reduce((sum, n) => sum + n, 0)
    console.log(`${ext}: ${right}/${at.length} ${[...misses].sort((a, b) => b[1] - a[1]).map(([to, n]) => `${to} ${n}`).join(", ")}`)
  }
  if (process.env.MISSES !== undefined) {
    writeFileSync(process.env.MISSES, JSON.stringify(tuning.flatMap((window, i) =>
      answers[i] === languages[window.language] ? [] : [{ ext: languages[window.language], answer: answers[i], code: window.code }]
    ), null, 1))
  }
  const right = tuning.filter((window, i) => answers[i] === languages[window.language]).length
  console.log(`tuning windows kept back: ${right}/${tuning.length} = ${(100 * right / tuning.length).toFixed(1)}%`)

  // The `txt` threshold: on short windows, how many are answered right, `txt`, or wrong, at each candidate.
  const detections = [...short, ...tuning].map((window) => ({ window, detection: detectWithConfidence(window.code) }))
  for (const threshold of [0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
    const count = (windows: typeof detections) => {
      const answered = windows.map(({ window, detection }) =>
        detection.confidence < threshold ? "txt" : detection.ext === languages[window.language] ? "right" : "wrong"
      )
      return ["right", "txt", "wrong"].map((kind) => answered.filter((answer) => answer === kind).length).join("/")
    }
    console.log(`txt below ${threshold}${threshold === MIN_CONFIDENCE ? " (chosen)" : ""}: right/txt/wrong on 2–6 lines ${count(detections.slice(0, short.length))}, on 10–40 lines ${count(detections.slice(short.length))}`)
  }
}
