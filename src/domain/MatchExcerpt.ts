/**
 * A few lines of a snippet around where a search matched it: what a list of results shows instead of whole code.
 */

/** Lines shown on each side of the matching line. */
const CONTEXT_LINES = 2
/** A line longer than this is cut, so that one minified line cannot fill a result. */
const LINE_LIMIT = 160

const cut = (line: string) => line.length > LINE_LIMIT ? `${line.slice(0, LINE_LIMIT)}…` : line

/**
 * The lines around the first line holding one of `terms` (case-insensitively), or the first lines when none does;
 * `…` marks code left out before and after.
 */
export const excerptAround = (code: string, terms: ReadonlyArray<string>): string => {
  const lines = code.replace(/\r\n?/g, "\n").replace(/\n+$/, "").split("\n")
  const needles = terms.map((term) => term.toLowerCase()).filter((term) => term.length > 0)
  const found = needles.length === 0 ? -1 : lines.findIndex((line) => {
    const lower = line.toLowerCase()
    return needles.some((needle) => lower.includes(needle))
  })
  const first = found === -1 ? 0 : Math.max(0, found - CONTEXT_LINES)
  const last = Math.min(lines.length, (found === -1 ? 0 : found) + CONTEXT_LINES + 1 + (found === -1 ? CONTEXT_LINES : 0))
  return [
    ...(first > 0 ? ["…"] : []),
    ...lines.slice(first, last).map(cut),
    ...(last < lines.length ? ["…"] : [])
  ].join("\n")
}
