/**
 * How a developer's copy of saved code differs from it, as functions of the code (and its language where it
 * matters): the disguises `bench:similarity` sends to `suggest`. Deterministic for a given seed.
 */
import { seeded } from "./scaleCorpus.ts"

/** Words each language reserves: never renamed. Everything else that looks like a name is an identifier. */
const KEYWORDS: Record<string, ReadonlySet<string>> = (() => {
  const words = (text: string) => new Set(text.split(/\s+/))
  const js = "break case catch class const continue debugger default delete do else export extends false finally " +
    "for function if import in instanceof new null return super switch this throw true try typeof var void while " +
    "with yield let static await async of get set undefined"
  const ts = `${js} interface type enum implements private protected public readonly declare namespace as is keyof ` +
    "abstract never unknown any string number boolean"
  return {
    js: words(js),
    ts: words(ts),
    java: words("abstract assert boolean break byte case catch char class const continue default do double else " +
      "enum extends final finally float for goto if implements import instanceof int interface long native new " +
      "package private protected public return short static strictfp super switch synchronized this throw throws " +
      "transient try void volatile while true false null var record yield"),
    c: words("auto break case char const continue default do double else enum extern float for goto if inline int " +
      "long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile " +
      "while NULL"),
    go: words("break case chan const continue default defer else fallthrough for func go goto if import interface " +
      "map package range return select struct switch type var nil true false"),
    rs: words("as break const continue crate else enum extern false fn for if impl in let loop match mod move mut " +
      "pub ref return self Self static struct super trait true type unsafe use where while async await dyn"),
    py: words("False None True and as assert async await break class continue def del elif else except finally for " +
      "from global if import in is lambda nonlocal not or pass raise return try while with yield self"),
    rb: words("BEGIN END alias and begin break case class def defined do else elsif end ensure false for if in " +
      "module next nil not or redo rescue retry return self super then true undef unless until when while yield")
  }
})()

/** Names a renaming picks from: ordinary words, some of them reserved in other languages (`from`, `fn`, `match`). */
const NAME_PARTS = ("value item node entry record result total count index buffer cursor handle target source " +
  "from is as def fn func match go impl mut type chunk token frame slot cell width").split(" ")

const CODE = /("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|\/\*[\s\S]*?\*\/|\/\/[^\n]*|#[^\n]*)|([A-Za-z_$][\w$]*)/g

/**
 * Every identifier renamed consistently, library and method names too (a true Type-2 clone): each distinct name
 * gets a fresh one; keywords, strings, comments, numbers and symbols stay.
 */
export const renameEveryIdentifier = (code: string, ext: string, seed: number): string => {
  const keywords = KEYWORDS[ext] ?? KEYWORDS.js
  const random = seeded(seed)
  const names = new Map<string, string>()
  return code.replace(CODE, (match, literal: string | undefined, name: string | undefined) => {
    // Strings and comments stay; so does a `#` line of C (`#include`), which this reads as a comment.
    if (literal !== undefined || name === undefined || keywords.has(name)) return match
    let renamed = names.get(name)
    if (renamed === undefined) {
      const part = NAME_PARTS[Math.floor(random() * NAME_PARTS.length)]
      renamed = names.size % 3 === 0 ? part : `${part}${names.size}`
      names.set(name, renamed)
    }
    return renamed
  })
}

const commentMark = (ext: string) => ext === "py" || ext === "rb" ? "#" : "//"

/** Another indentation (tabs for spaces, or the reverse), a comment added at the top, and blank lines between blocks. */
export const relaid = (code: string, ext: string): string =>
  `${commentMark(ext)} copied from another project\n` +
  code.split("\n").map((line) =>
    line.replace(/^(\t+| +)/, (indent) => indent.startsWith("\t") ? "  ".repeat(indent.length) : "\t".repeat(Math.ceil(indent.length / 2)))
  ).join("\n")

/**
 * One line in `every` edited as people edit: its last name or number replaced by another (a different variable,
 * field or constant); a line with neither gets a call added.
 */
export const editEvery = (code: string, every: number): string => {
  const lines = code.split("\n")
  const changed = lines.length < every ? [Math.floor(lines.length / 2)] : lines.map((_, i) => i).filter((i) => i % every === Math.floor(every / 2))
  for (const i of changed) {
    const words = [...lines[i].matchAll(/[A-Za-z_$][\w$]*|\d+/g)]
    const last = words[words.length - 1]
    lines[i] = last?.index === undefined
      ? `${lines[i]} logChange(${i});`
      : lines[i].slice(0, last.index) + (/^\d/.test(last[0]) ? String(Number(last[0]) + 7) : `${last[0]}Edited`) +
        lines[i].slice(last.index + last[0].length)
  }
  return lines.join("\n")
}

/** The same code whatever its layout and comments: how the benchmark tells a function saved twice. */
export const sameCode = (code: string): string =>
  code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|(?<=^|\s)#[^\n]*/g, " ").replace(/\s+/g, "")

/** A contiguous run of 40–60% of the lines (at least four), from a place the seed picks. */
export const fragment = (code: string, seed: number): string => {
  const random = seeded(seed)
  const lines = code.split("\n")
  const size = Math.max(4, Math.round(lines.length * (0.4 + 0.2 * random())))
  const start = Math.floor(random() * (lines.length - size + 1))
  return lines.slice(start, start + size).join("\n")
}

/**
 * The code with every identifier, string and number abstracted to its kind, in the language's own terms: how the
 * benchmark tells a never-saved function that is a Type-2 clone of a saved one (reuse is then right, not wrong).
 */
export const sameShape = (code: string, ext: string): string => {
  const keywords = KEYWORDS[ext] ?? KEYWORDS.js
  return code.replace(CODE, (match, literal: string | undefined, name: string | undefined) => {
    if (literal !== undefined) return /^["'`]/.test(literal) ? "S" : " "
    return name !== undefined && !keywords.has(name) ? "$" : match
  }).replace(/\b\d[\w.]*/g, "0").replace(/\s+/g, "")
}

/** One edit where people make them: a letter replaced, dropped, doubled or swapped with the next. */
export const withTypo = (word: string, random: () => number) => {
  const at = 1 + Math.floor(random() * (word.length - 2))
  const letter = "etaoinsrhl"[Math.floor(random() * 10)]
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + (word[at] === letter ? "q" : letter) + word.slice(at + 1)
    case 1:
      return word.slice(0, at) + word.slice(at + 1)
    case 2:
      return word.slice(0, at) + letter + word.slice(at)
    default:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
  }
}

/**
 * A name with one typo inside the `length` letters from `start` (the name a family of versions shares): two
 * neighbours swapped or a letter left out, the module before it (`typescript.`) and the suffix after it (`_v7`)
 * typed right. Never at the base's first letter, where people rarely slip.
 */
export const withTypoInBase = (name: string, start: number, length: number, random: () => number) => {
  const at = start + 1 + Math.floor(random() * (length - 2))
  return random() < 0.5
    ? name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2)
    : name.slice(0, at) + name.slice(at + 1)
}
