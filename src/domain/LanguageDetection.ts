/**
 * The language of a snippet, detected: after a few unambiguous rules (shebang, `<?php`, JSON whole or in part,
 * a Python package's imports, prose, lines only Go or an SQL script writes, a README's prose around fenced examples,
 * a YAML document's or a stylesheet's lines: `LanguageLines`), a linear model over the snippet's features
 * (`LanguageFeatures`) picks among the 18 languages it was trained on (`scripts/trainLanguageModel.ts`, from sources
 * apart from those it is measured on); within a family the syntax decides (`LanguageFamilies`), and Markdown's own
 * blocks tell a README's HTML from a page; a snippet the model is not sure of is `txt`. Kotlin, Swift and C# had no
 * training sources here: each is answered when two of its distinctive lines appear. Measured by
 * `npm run bench:languages`.
 */
import { Buffer } from "node:buffer"
import type { ClassificationSpecificValue } from "./ClassificationSpecifics.ts"
import { familyMember, familyOf } from "./LanguageFamilies.ts"
import { languageFeatures } from "./LanguageFeatures.ts"
import {
  isGoSource,
  isMarkdownWithCode,
  isMarkdownWithHtml,
  isPythonImportList,
  isSqlScript,
  isStylesheet,
  isYamlDocument
} from "./LanguageLines.ts"
import trained from "./LanguageModel.json" with { type: "json" }

/**
 * The model as committed: its features one per line, and their weights (one per feature and language, in
 * `languages` order, in 1/scale steps) as little-endian 16-bit integers in base64. Kept as two strings rather than an
 * object per feature, the model takes a few MB of memory instead of about a hundred.
 */
interface TrainedModel {
  readonly languages: ReadonlyArray<ClassificationSpecificValue>
  readonly scale: number
  readonly bias: ReadonlyArray<number>
  readonly features: string
  readonly weights: string
}

const model = trained as unknown as TrainedModel
const LANGUAGES = model.languages.length
// Built without intermediate arrays: a pair per feature, or a list of every byte of the weights, would take tens of
// MB for a moment, and the service's memory keeps what its heap once took.
const rowOf = new Map<string, number>()
for (const [row, feature] of model.features.split("\n").entries()) rowOf.set(feature, row * LANGUAGES)
const weights = (() => {
  const bytes = Buffer.from(model.weights, "base64")
  return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2)
})()

/** Each language's family, in `languages` order. */
const FAMILIES = model.languages.map(familyOf)
const HTML = model.languages.indexOf("html")
const MARKDOWN = model.languages.indexOf("md")
const HTML_TAG = /<\/?[A-Za-z][\w-]*[\s>\/]|<!--|<!DOCTYPE/i
/** Lines of a comment (`///`, `#`, ` * `): a tag there is a doc comment's markup (`<tt>`, `<a href>`), not a page's. */
const COMMENT_LINE = /^[ \t]*(?:\/\/|#|\*|--).*$/gm

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

/** One line of JSON: an optional `"key":`, then a value or an opening bracket, closing brackets, a comma. */
const JSON_LINE =
  /^\s*(?:"(?:[^"\\]|\\.)*"\s*:\s*)?(?:[[{]|"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null)?\s*[\]}]*\s*,?\s*$/
const JSON_MEMBER = /^\s*"(?:[^"\\]|\\.)*"\s*:/m
/** Share of a snippet's lines that must read as JSON, with a member among them, for a part of a JSON file. */
const JSON_SHARE = 0.9

/** A part of a JSON document, cut anywhere (so `JSON.parse` refuses it): nearly every line reads as JSON. */
const isJsonLines = (text: string) => {
  const lines = text.split("\n").filter((line) => line.trim() !== "")
  return JSON_MEMBER.test(text) && lines.filter((line) => JSON_LINE.test(line)).length >= JSON_SHARE * lines.length
}

/** A detected language, and how sure the detector is of it (the model's probability; 1 for a rule). */
export interface Detection {
  readonly ext: ClassificationSpecificValue
  readonly confidence: number
}

/**
 * Below this probability a snippet is too short or too plain to tell, and is answered `txt` rather than a guess in
 * the wrong family. Chosen on windows of 2–6 lines from the tuning sources kept back (`scripts/trainLanguageModel.ts`).
 */
export const MIN_CONFIDENCE = 0.7

const ruled = (ext: ClassificationSpecificValue): Detection => ({ ext, confidence: 1 })

/** The language of a piece of text with the detector's confidence, before the `txt` threshold. */
export const detectWithConfidence = (text: string): Detection => {
  const trimmed = text.trimStart()
  for (const [pattern, ext] of shebangs) {
    if (pattern.test(trimmed)) return ruled(ext)
  }
  if (trimmed.startsWith("<?php")) return ruled("php")
  if (isJson(trimmed)) return ruled("json")
  const sample = text.slice(0, MAX_DETECTION_CHARS)
  if (isJsonLines(sample)) return ruled("json")
  // Before the prose check: a list of imports holds none of code's characters.
  if (isPythonImportList(sample)) return ruled("py")
  if (!CODE_CHARACTERS.test(sample)) return ruled("txt")
  for (const [language, patterns] of Object.entries(distinctive)) {
    if (patterns.filter((pattern) => pattern.test(sample)).length >= DISTINCT_LINES) {
      return ruled(DISTINCT_EXTENSION[language])
    }
  }
  if (isGoSource(sample)) return ruled("go")
  if (isSqlScript(sample)) return ruled("sql")
  if (isMarkdownWithCode(sample)) return ruled("md")
  if (isYamlDocument(sample)) return ruled("yaml")
  if (isStylesheet(sample)) return ruled("css")
  return modelDetection(sample)
}

/**
 * What the model answers for a sample (of at most `MAX_DETECTION_CHARS`), the family's member told by its syntax:
 * `detectWithConfidence` once no rule decided. Exported for the tuning scripts, which weigh rules against it.
 */
export const modelDetection = (sample: string): Detection => {
  const scores = Float64Array.from(model.bias)
  let weighed = 0
  for (const feature of languageFeatures(sample)) {
    const row = rowOf.get(feature)
    if (row === undefined) continue
    weighed++
    for (let k = 0; k < LANGUAGES; k++) scores[k] += weights[row + k]
  }
  if (weighed === 0) return ruled("txt")
  // HTML is markup: without a tag outside comments it is the next most likely language (a stylesheet, a header).
  if (!HTML_TAG.test(sample.replace(COMMENT_LINE, ""))) scores[HTML] = -Infinity
  let best = 0
  for (let k = 1; k < LANGUAGES; k++) if (scores[k] > scores[best]) best = k
  const markdown = best === HTML && isMarkdownWithHtml(sample)
  // The probability of the best language: the family counts as one, since its member is told by syntax; so does
  // markup, when Markdown's blocks tell it.
  let total = 0
  let chosen = 0
  for (let k = 0; k < LANGUAGES; k++) {
    const share = Math.exp((scores[k] - scores[best]) / model.scale)
    total += share
    if (FAMILIES[k] === FAMILIES[best] || (markdown && k === MARKDOWN)) chosen += share
  }
  return { ext: markdown ? "md" : familyMember(model.languages[best], sample), confidence: chosen / total }
}

/** The language of a piece of text, as a lower-case extension, or `txt` when it does not look like code. */
export const detectLanguage = (text: string): ClassificationSpecificValue => {
  const detection = detectWithConfidence(text)
  return detection.confidence < MIN_CONFIDENCE ? "txt" : detection.ext
}
