/**
 * A name for a snippet saved without one: the first function, class or type it defines, else its first line.
 */

/** Keyword definition forms across common languages; the first capture group is the name. */
const definitions: ReadonlyArray<RegExp> = [
  /\b(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/,
  /\b(?:class|interface|struct|enum|trait|protocol|record|object|module|type)\s+([A-Za-z_$][\w$]*)/,
  /\bdef\s+([A-Za-z_][\w]*[?!]?)/,
  /\bfn\s+([A-Za-z_][\w]*)/,
  /\bfunc\s+(?:\([^)]*\)\s*)?([A-Za-z_][\w]*)/,
  /\bfun\s+(?:<[^>]*>\s*)?(?:[\w.]+\.)?([A-Za-z_][\w]*)/,
  /\bsub\s+([A-Za-z_][\w]*)/,
  /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>/,
  /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:TABLE|VIEW|FUNCTION|INDEX|PROCEDURE)\s+(?:IF\s+NOT\s+EXISTS\s+)?([\w."]+)/i
]

/** A C-family method or function: types, a name, parameters, an opening brace. Only when no keyword form matched. */
const typedDefinition = /^\s*(?:[\w<>[\],*&:]+\s+)+([A-Za-z_][\w]*)\s*\([^;{}]*\)\s*(?:const\s*)?(?:throws\s+[\w.,\s]+)?\{/m

const MAX_NAME_LENGTH = 60

const firstLine = (code: string) => {
  const line = code.split("\n").map((l) => l.trim()).find((l) => l.length > 0) ?? ""
  return line.length > MAX_NAME_LENGTH ? `${line.slice(0, MAX_NAME_LENGTH - 1)}…` : line
}

export const deriveName = (code: string): string => {
  let best: { index: number; name: string } | undefined
  for (const pattern of definitions) {
    const match = pattern.exec(code)
    if (match?.[1] !== undefined && (best === undefined || match.index < best.index)) {
      best = { index: match.index, name: match[1] }
    }
  }
  if (best !== undefined) return best.name
  const typed = typedDefinition.exec(code)?.[1]
  if (typed !== undefined) return typed
  const line = firstLine(code)
  return line.length > 0 ? line : "Untitled snippet"
}
