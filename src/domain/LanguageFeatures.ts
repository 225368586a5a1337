/**
 * The features a language model weighs in a text: its words as written (keywords and library names are what tell
 * languages apart: `def`, `fn`, `func`, `puts`, `echo`), its runs of symbols (`:=`, `->`, `=>`, `{`, `$`), pairs of
 * neighbouring tokens, what starts and ends its lines (`^#include`, `^-`, `;$`, `:$`), how they are indented, and the
 * shapes of three neighbouring tokens: `a : Aa )` is a parameter's type annotation (TypeScript, not JavaScript),
 * `Aa < Aa >` a generic, `" : "` a JSON key, whatever the names in them.
 */
const WORD_OR_SYMBOLS = /[A-Za-z_][\w]*|[^\sA-Za-z_\d]+/g

/**
 * Words kept as themselves in shapes: the keywords and built-in types of the languages told apart, so that
 * `const a : Aa =` (an annotated declaration) differs from `a : Aa ,` (an object's entry) and `) : void {`.
 */
const KEYWORDS = new Set(
  ("abstract any as async await bool boolean break case catch char class const constexpr continue def default " +
    "defer delete do double elif else end enum except explicit export extends extern false final float fn for " +
    "from func function go if impl implements import in inline int interface is keyof let long match mod module " +
    "mut namespace new nil none None null number object operator override package private protected pub public " +
    "readonly return self Self signed sizeof static string struct super switch template this throw throws trait " +
    "true try type typedef typename typeof undefined union unknown unsigned use using var virtual void volatile " +
    "where while with yield").split(" ")
)

/** A token's shape: a keyword itself, a word's case pattern (`a`, `Aa`, `AA`), a symbol or number itself. */
const shapeOf = (token: string): string =>
  KEYWORDS.has(token)
    ? token
    : /^[A-Z][A-Z\d_]+$/.test(token)
    ? "AA"
    : /^[A-Z]/.test(token)
    ? "Aa"
    : /^[a-z_]/.test(token)
    ? "a"
    : token

/** Each distinct feature of a text once: a snippet's length should not multiply what one habit says. */
export const languageFeatures = (text: string): Array<string> => {
  const features = new Set<string>()
  for (const line of text.split("\n")) {
    const tokens = line.match(WORD_OR_SYMBOLS)
    if (tokens === null) continue
    // Long symbol runs (rules of dashes, minified code) say little beyond their first characters.
    const kept = tokens.map((token) => token.length > 3 && !/\w/.test(token) ? token.slice(0, 3) : token)
    const shapes = kept.map(shapeOf)
    for (let i = 0; i < kept.length; i++) {
      features.add(kept[i])
      // Pairs of neighbours say how words and symbols combine (`fn main`, `:= range`, `} else`, `-> None`).
      if (i > 0) features.add(`${kept[i - 1]} ${kept[i]}`)
      if (i > 1) features.add(`~${shapes[i - 2]} ${shapes[i - 1]} ${shapes[i]}`)
    }
    features.add(`^${tokens[0].slice(0, 3)}`)
    features.add(`${tokens[tokens.length - 1].slice(-1)}$`)
    const indent = /^(\t| {4}| {2})/.exec(line)?.[1]
    if (indent !== undefined) features.add(`indent:${indent === "\t" ? "tab" : indent.length}`)
  }
  return [...features]
}
