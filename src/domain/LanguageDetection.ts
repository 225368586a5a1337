/**
 * The language of a snippet, detected: after a few unambiguous rules (shebang, `<?php`, valid JSON, prose), a naive
 * Bayes model over the snippet's features (`LanguageFeatures`: words, symbol runs, neighbouring pairs, line starts
 * and ends, indentation) picks among the 18 languages it was trained on (`scripts/trainLanguageModel.ts`, from
 * sources apart from those it is measured on). Kotlin, Swift and C# had no training sources here: each is answered
 * when two of its distinctive lines appear. On held-out code (`npm run bench:languages`) this beats highlight.js's
 * relevance, which this module used before, and takes a fraction of its time.
 */
import type { ClassificationSpecificValue } from "./ClassificationSpecifics.ts"
import { languageFeatures } from "./LanguageFeatures.ts"
import trained from "./LanguageModel.json" with { type: "json" }

/** Add-alpha smoothing of feature counts. Chosen on the tuning fixture (`test/fixtures/languages.json`). */
const ALPHA = 1

interface LanguageCounts {
  readonly total: number
  readonly counts: Record<string, number>
}

const vocabulary = new Set<string>()
for (const language of Object.values(trained as Record<string, LanguageCounts>)) {
  for (const feature of Object.keys(language.counts)) vocabulary.add(feature)
}
/** Per language: the log-probability of each feature it has seen, and of one it has not. */
const models = Object.entries(trained as Record<string, LanguageCounts>).map(([ext, language]) => {
  const denominator = Math.log(language.total + ALPHA * vocabulary.size)
  const logs = new Map<string, number>()
  for (const [feature, count] of Object.entries(language.counts)) logs.set(feature, Math.log(count + ALPHA) - denominator)
  return { ext: ext as ClassificationSpecificValue, logs, unseen: Math.log(ALPHA) - denominator }
})

/** Lines only one language writes, for the languages the model has no sources for. */
const distinctive: Record<string, ReadonlyArray<RegExp>> = {
  kotlin: [
    /^\s*fun \w+\(/m,
    /^\s*(data )?class \w+\((val|var) /m,
    /\bval \w+ = /,
    /\bprintln\(/
  ],
  swift: [
    /^\s*func \w+\(.*\)( async)?( throws)? -> /m,
    /\bguard let\b/,
    /^\s*import (Foundation|UIKit|SwiftUI)/m,
    /\blet \w+: [A-Z]\w*/
  ],
  csharp: [
    /^\s*using System(\.[\w.]+)?;/m,
    /^\s*namespace [\w.]+/m,
    /\b(public|private) (async )?Task(<[\w?<>]+>)? \w+\(/,
    /\{ get; (private )?set; \}/
  ]
}
const DISTINCT_EXTENSION: Record<string, ClassificationSpecificValue> = { kotlin: "kt", swift: "swift", csharp: "cs" }
/** Distinctive lines a snippet must show to be answered as one of those languages. */
const DISTINCT_LINES = 2

/** Detection reads at most this much of a snippet: enough to tell, and bounded time on huge pastes. */
const MAX_DETECTION_CHARS = 4000

/** Text without any of these is prose, not code. */
const CODE_CHARACTERS = /[{}()[\];=<>$#:|*]/

const shebangs: ReadonlyArray<[RegExp, ClassificationSpecificValue]> = [
  [/^#!.*\b(ba|z|da)?sh\b/, "sh"],
  [/^#!.*\bpython/, "py"],
  [/^#!.*\bnode\b/, "js"],
  [/^#!.*\bperl\b/, "pl"],
  [/^#!.*\bruby\b/, "rb"]
]

const isJson = (text: string) => {
  const trimmed = text.trim()
  if (!(trimmed.startsWith("{") || trimmed.startsWith("["))) return false
  try {
    JSON.parse(trimmed)
    return true
  } catch {
    return false
  }
}

/** The language of a piece of text, as a lower-case extension, or `txt` when it does not look like code. */
export const detectLanguage = (text: string): ClassificationSpecificValue => {
  const trimmed = text.trimStart()
  for (const [pattern, ext] of shebangs) {
    if (pattern.test(trimmed)) return ext
  }
  if (trimmed.startsWith("<?php")) return "php"
  if (isJson(trimmed)) return "json"
  const sample = text.slice(0, MAX_DETECTION_CHARS)
  if (!CODE_CHARACTERS.test(sample)) return "txt"
  for (const [language, patterns] of Object.entries(distinctive)) {
    if (patterns.filter((pattern) => pattern.test(sample)).length >= DISTINCT_LINES) return DISTINCT_EXTENSION[language]
  }
  const features = languageFeatures(sample).filter((feature) => vocabulary.has(feature))
  let best = { ext: "txt" as ClassificationSpecificValue, score: -Infinity }
  for (const model of models) {
    let score = 0
    for (const feature of features) score += model.logs.get(feature) ?? model.unseen
    if (score > best.score) best = { ext: model.ext, score }
  }
  return features.length === 0 ? "txt" : best.ext
}
