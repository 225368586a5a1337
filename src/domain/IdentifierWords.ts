/**
 * The words code is made of. Identifiers are split where their words meet (`parseHttpHeader`, `parse_http_header`,
 * `PARSE_HTTP_HEADER` and `parse-http-header` are all "parse http header"; `XMLHttpRequest` is "xml http request";
 * `utf8Decode` is "utf 8 decode"), so a question in words finds the code whose names compose those words. Each
 * identifier also stays whole (lower-cased), so the name itself is found too. Neural code search indexes these
 * words of every asset's name, code, tags and annotations (an FTS5 table with the Porter stemmer, so "headers"
 * finds "header") and splits queries the same way.
 */

/** Identifiers and words: letters, digits, `_` and `$`, in any script. */
const TOKEN = /[\p{L}\p{N}_$]+/gu

/** Where one word of an identifier ends and the next begins. */
const BOUNDARY = /[_$\-]+|(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u

/** The words of one identifier, lower-case: `getHTTPResponse2xx` is get, http, response, 2, xx. */
export const splitIdentifier = (identifier: string): Array<string> =>
  identifier.split(BOUNDARY).filter((part) => part.length > 0).map((part) => part.toLowerCase())

/** Every identifier of a text, whole and split, as one space-separated text to index. */
export const identifierWords = (text: string): string => {
  const words: Array<string> = []
  for (const [token] of text.matchAll(TOKEN)) {
    const parts = splitIdentifier(token)
    const whole = token.toLowerCase().replace(/[$]/g, "")
    if (parts.length !== 1 || parts[0] !== whole) words.push(whole)
    words.push(...parts)
  }
  return words.join(" ")
}

/** Words a question carries that say nothing about code. */
const STOP_WORDS = new Set([
  "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from", "how", "i", "in", "into",
  "is", "it", "its", "me", "my", "of", "on", "or", "that", "the", "this", "to", "what", "when", "where", "which",
  "with", "you"
])

/** The words of a query, split like identifiers, without stop words (unless nothing else is left). */
export const queryWords = (query: string): Array<string> => {
  const words = [...new Set([...query.matchAll(TOKEN)].flatMap(([token]) => splitIdentifier(token)))]
  const meaningful = words.filter((word) => !STOP_WORDS.has(word))
  return meaningful.length > 0 ? meaningful : words
}
