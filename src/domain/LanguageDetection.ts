/**
 * The language of a snippet, detected: after a few unambiguous rules (shebang, `<?php`, valid JSON), each of the 21
 * languages below scores highlight.js's relevance for the text plus a bonus per distinctive line, and the best score
 * wins. Of the candidates measured on our fixture (README), highlight.js was as accurate as the guesslang model,
 * faster, and needs no model; the bonus fixes its weakness on short snippets. Its grammars are what this module
 * weighs: `Classifier` loads it on the first detection.
 */
import hljs from "highlight.js/lib/core"
import bash from "highlight.js/lib/languages/bash"
import c from "highlight.js/lib/languages/c"
import cpp from "highlight.js/lib/languages/cpp"
import csharp from "highlight.js/lib/languages/csharp"
import css from "highlight.js/lib/languages/css"
import go from "highlight.js/lib/languages/go"
import java from "highlight.js/lib/languages/java"
import javascript from "highlight.js/lib/languages/javascript"
import json from "highlight.js/lib/languages/json"
import kotlin from "highlight.js/lib/languages/kotlin"
import markdown from "highlight.js/lib/languages/markdown"
import perl from "highlight.js/lib/languages/perl"
import php from "highlight.js/lib/languages/php"
import python from "highlight.js/lib/languages/python"
import ruby from "highlight.js/lib/languages/ruby"
import rust from "highlight.js/lib/languages/rust"
import sql from "highlight.js/lib/languages/sql"
import swift from "highlight.js/lib/languages/swift"
import typescript from "highlight.js/lib/languages/typescript"
import xml from "highlight.js/lib/languages/xml"
import yaml from "highlight.js/lib/languages/yaml"
import type { ClassificationSpecificValue } from "./ClassificationSpecifics.ts"

/**
 * highlight.js grammar name → the `ClassificationSpecificEnum` value we answer. The order is a prior: on a tie of
 * scores `detectLanguage` keeps the earlier language, so the more common languages come first.
 */
const grammars = {
  python: [python, "py"],
  javascript: [javascript, "js"],
  typescript: [typescript, "ts"],
  java: [java, "java"],
  csharp: [csharp, "cs"],
  cpp: [cpp, "cpp"],
  c: [c, "c"],
  go: [go, "go"],
  rust: [rust, "rs"],
  php: [php, "php"],
  ruby: [ruby, "rb"],
  kotlin: [kotlin, "kt"],
  swift: [swift, "swift"],
  sql: [sql, "sql"],
  bash: [bash, "sh"],
  perl: [perl, "pl"],
  css: [css, "css"],
  xml: [xml, "html"],
  markdown: [markdown, "md"],
  json: [json, "json"],
  yaml: [yaml, "yaml"]
} as const
const highlighter = hljs.newInstance()
const extensionOf = new Map<string, ClassificationSpecificValue>()
for (const [name, [grammar, ext]] of Object.entries(grammars)) {
  highlighter.registerLanguage(name, grammar)
  extensionOf.set(name, ext)
}
const grammarNames = Object.keys(grammars)

/**
 * Lines that only one language writes. highlight.js scores short snippets weakly (a five-line Python function
 * scores higher as C++), so each distinctive line adds to its language's relevance.
 */
const distinctive: Record<string, ReadonlyArray<RegExp>> = {
  python: [
    /^\s*def \w+\(.*\)\s*(->\s*[\w\[\], .]+)?:\s*$/m,
    /^\s*(from [\w.]+ )?import [\w., ]+$/m,
    /^\s*(elif|except|with) .*:\s*$/m,
    /\bself\.\w+/,
    /^\s*for \w+(, \w+)* in .*:\s*$/m
  ],
  javascript: [
    /\brequire\(['"][^'"]+['"]\)/,
    /\bmodule\.exports\b/,
    /^\s*(const|let|var) \w+ = (async )?\(?[\w, ]*\)? =>/m,
    /\bconsole\.log\(/
  ],
  typescript: [
    /^\s*(export )?(interface|type) \w+(<[^>]+>)? (=|\{)/m,
    /\w\??: (string|number|boolean|void|unknown|Array<|ReadonlyArray<|Record<)/,
    /^\s*import type /m
  ],
  java: [
    /^\s*(public|private|protected) (static )?(final )?[\w<>[\], ]+ \w+\(.*\)\s*(throws [\w, ]+)?\{?\s*$/m,
    /\bSystem\.out\./,
    /^\s*@(Override|Autowired|RestController|GetMapping)/m
  ],
  csharp: [
    /^\s*using System(\.[\w.]+)?;/m,
    /^\s*namespace [\w.]+/m,
    /\b(public|private) (async )?Task(<[\w?<>]+>)? \w+\(/,
    /\{ get; (private )?set; \}/
  ],
  cpp: [
    /^\s*#include <\w+>/m,
    /\bstd::\w+/,
    /^\s*template ?</m
  ],
  c: [
    /^\s*#include <\w+\.h>/m,
    /\b(malloc|printf|sizeof)\(/
  ],
  go: [
    /^package \w+/m,
    /^func (\(\w+ \*?\w+\) )?\w+\(/m,
    /\w+ := /,
    /\bfmt\.\w+\(/
  ],
  rust: [
    /^\s*(pub )?fn \w+(<[^>]+>)?\(/m,
    /\blet mut \b/,
    /^\s*impl\b/m,
    /\w+!\(/,
    /^\s*use \w+::/m
  ],
  php: [
    /\$\w+->\w+/,
    /^\s*<\?php/m,
    /\$this->/
  ],
  ruby: [
    /^\s*def \w+[?!]?(\(.*\))?\s*$/m,
    /^\s*end\s*$/m,
    /\bdo \|\w+(, \w+)*\|/,
    /\bputs\b/
  ],
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
  sql: [
    /^\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE (TABLE|INDEX|VIEW)|ALTER TABLE)\b/im
  ],
  bash: [
    /^\s*(if \[\[? |fi$|done$|esac$)/m,
    /^\s*(echo|export) /m,
    /\$\{?\w+\}?/
  ],
  perl: [
    /^\s*my [$@%]\w+/m,
    /^\s*use strict;/m,
    /^\s*sub \w+ \{/m
  ],
  css: [
    /^\s*[.#]?[\w-]+(\s*[,>+~]\s*[.#]?[\w-]+)*\s*\{\s*$/m,
    /^\s*[\w-]+: [^;]+;\s*$/m
  ],
  xml: [
    /<(div|span|html|body|head|ul|li|p|a|form|input|button|table)\b[^>]*>/i
  ]
}
const DISTINCTIVE_WEIGHT = 3

/** A grammar that meets a token its language cannot have stops early and scores 0: fast, and a strong "no". */
const relevanceOf = (text: string, language: string) => {
  const bonus = (distinctive[language] ?? []).filter((pattern) => pattern.test(text)).length * DISTINCTIVE_WEIGHT
  return highlighter.highlight(text, { language, ignoreIllegals: false }).relevance + bonus
}

/** Detection reads at most this much of a snippet: enough to tell, and bounded time on huge pastes. */
const MAX_DETECTION_CHARS = 4000

/** Below this highlight.js relevance the text is more likely prose than code. */
const MIN_RELEVANCE = 3

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
  let best = { language: "", relevance: 0 }
  for (const language of grammarNames) {
    const relevance = relevanceOf(sample, language)
    if (relevance > best.relevance) best = { language, relevance }
  }
  if (best.relevance < MIN_RELEVANCE) return "txt"
  return extensionOf.get(best.language) ?? "txt"
}
