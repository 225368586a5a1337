/**
 * The features a language model counts in a text: its words as written (keywords and library names are what tell
 * languages apart: `def`, `fn`, `func`, `puts`, `echo`), its runs of symbols (`:=`, `->`, `=>`, `{`, `$`), pairs of
 * neighbouring tokens, what starts and ends its lines (`^#include`, `^-`, `;$`, `:$`) and how they are indented.
 */
const WORD_OR_SYMBOLS = /[A-Za-z_][\w]*|[^\sA-Za-z_\d]+/g

export const languageFeatures = (text: string): Array<string> => {
  const features: Array<string> = []
  for (const line of text.split("\n")) {
    const tokens = line.match(WORD_OR_SYMBOLS)
    if (tokens === null) continue
    // Long symbol runs (rules of dashes, minified code) say little beyond their first characters.
    const kept = tokens.map((token) => token.length > 3 && !/\w/.test(token) ? token.slice(0, 3) : token)
    features.push(...kept)
    // Pairs of neighbours say how words and symbols combine (`fn main`, `:= range`, `} else`, `-> None`).
    for (let i = 1; i < kept.length; i++) features.push(`${kept[i - 1]} ${kept[i]}`)
    features.push(`^${tokens[0].slice(0, 3)}`, `${tokens[tokens.length - 1].slice(-1)}$`)
    const indent = /^(\t| {4}| {2})/.exec(line)?.[1]
    if (indent !== undefined) features.push(`indent:${indent === "\t" ? "tab" : indent.length}`)
  }
  return features
}
