/**
 * How deeply a JSON text nests, found by one scan of its characters before anything parses it. The deepest
 * request model (filters with nested operations aside) is about ten levels; a body nesting hundreds of thousands
 * of levels is an attack on every recursive step after `JSON.parse` (schema decoding, encoding, logging).
 */

/** The deepest a request body may nest. */
export const MAX_JSON_DEPTH = 64

/** True when `text` opens more than `maxDepth` arrays or objects inside each other (brackets in strings ignored). */
export const nestsDeeperThan = (text: string, maxDepth: number): boolean => {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 92 /* \ */) i++
      else if (code === 34 /* " */) inString = false
    } else if (code === 34) {
      inString = true
    } else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (++depth > maxDepth) return true
    } else if (code === 125 /* } */ || code === 93 /* ] */) {
      depth--
    }
  }
  return false
}
