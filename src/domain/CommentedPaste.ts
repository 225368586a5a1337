/**
 * A paste that is mostly comments (a block of documentation, the comments around a call), recognised by its text:
 * code fingerprints leave comments out, so that a copy with other comments still compares, and such a paste has too
 * little code left to compare. A saved snippet that holds its lines as they are, one after another, holds the paste.
 */

/** Lines a commented paste has at least: a line or two of comment is found in many snippets. */
const MIN_LINES = 3
/** Characters other than whitespace it has at least. */
const MIN_CHARACTERS = 100
/** Words looked up to find the snippets that may hold it: its longest, which are the rarest. */
const LOOKED_UP_WORDS = 3

/** A comment's line in the languages we see: `//`, `#`, `/*`, a block comment's `*`, `--`, `<!--`. */
const COMMENT_LINE = /^(?:\/\/|#|\/\*|\*|--|<!--)/
const WORD = /[A-Za-z][A-Za-z0-9_]{5,}/g

export interface CommentedPaste {
  /** Its lines, trimmed, blank ones left out. */
  readonly lines: ReadonlyArray<string>
  /** Words that a snippet holding it holds (its longest). */
  readonly words: ReadonlyArray<string>
}

/** A text's lines, trimmed, blank ones left out. */
export const trimmedLines = (text: string) => text.split("\n").map((line) => line.trim()).filter((line) => line !== "")

/** The paste, when at least half of its lines (three or more) are comments and it has words to look up. */
export const commentedPaste = (text: string): CommentedPaste | undefined => {
  const lines = trimmedLines(text)
  if (lines.length < MIN_LINES) return undefined
  const comments = lines.filter((line) => COMMENT_LINE.test(line)).length
  if (2 * comments < lines.length) return undefined
  if (lines.reduce((sum, line) => sum + line.replace(/\s+/g, "").length, 0) < MIN_CHARACTERS) return undefined
  const words = [...new Set(lines.flatMap((line) => line.match(WORD) ?? []))]
    .sort((a, b) => b.length - a.length)
    .slice(0, LOOKED_UP_WORDS)
  return words.length === 0 ? undefined : { lines, words }
}

/**
 * Whether `saved` holds the paste's lines one after another, leading and trailing whitespace aside; its first line
 * may be the end of a saved line and its last the start of one (a selection rarely starts and ends at a line's edge).
 */
export const holdsPaste = (saved: string, paste: CommentedPaste): boolean => {
  const { lines } = paste
  const savedLines = trimmedLines(saved)
  const last = lines.length - 1
  for (let start = 0; start + last < savedLines.length; start++) {
    if (!savedLines[start].endsWith(lines[0])) continue
    let i = 1
    while (i < last && savedLines[start + i] === lines[i]) i++
    if (i === last && savedLines[start + last].startsWith(lines[last])) return true
  }
  return false
}

/**
 * The share of a query's lines (trimmed, blank ones aside) that a saved snippet holds as they are: of snippets whose
 * code is equally alike, the one the query was copied from holds its comments too.
 */
export const linesHeld = (queryLines: ReadonlyArray<string>, saved: string): number => {
  if (queryLines.length === 0) return 0
  const savedLines = new Set(trimmedLines(saved))
  return queryLines.filter((line) => savedLines.has(line)).length / queryLines.length
}
