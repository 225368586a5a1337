/**
 * Languages that extend another: TypeScript is JavaScript with types, C++ is (nearly) C with classes, templates and
 * namespaces. Code that uses none of the extension's own syntax is valid in both, and a model that weighs habits
 * guesses between them by which library a window looks like. So the model tells the family, and the syntax only the
 * extension has tells which of the two: with any of it, the extension; without, the base language.
 */
import type { ClassificationSpecificValue } from "./ClassificationSpecifics.ts"

/** Comments (whole, or the rest of one a window starts inside) and string literals: their words are not syntax. */
const COMMENTS_AND_STRINGS =
  /\/\*[\s\S]*?(?:\*\/|$)|^[ \t]*\*.*$|\/\/.*$|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/gm

const TYPE = String.raw`(?:string|number|boolean|any|unknown|void|never|object|bigint|symbol|[A-Z][\w$.]*)`

/** Syntax TypeScript has and JavaScript does not. */
const TYPESCRIPT_ONLY: ReadonlyArray<RegExp> = [
  // interface Point, enum Color, declare const, namespace NS, abstract class
  /\b(?:interface|enum|namespace|declare|abstract\s+class)\s+[A-Za-z_$]/,
  /\bimplements\s+[A-Z]/,
  // type Alias<T> = …, import type, export type
  /\btype\s+[A-Z][\w$]*\s*(?:<[^>\n]*>)?\s*=/,
  /\b(?:import|export)\s+type\b/,
  // import { type Options, … }
  /[{,]\s*type\s+[A-Za-z_$][\w$]*\s*(?:[,}]|as\b)/,
  // class members: private readonly x, public static f(
  /\b(?:public|private|protected|readonly)\s+(?:(?:readonly|static|async|abstract|override)\s+)*[A-Za-z_$#]/,
  // const x: Foo = …
  /\b(?:const|let|var)\s+[A-Za-z_$][\w$]*\s*:\s*[A-Za-z_$[{(]/,
  // a return type: ): Foo {, ): Promise<void> =>, ): string | undefined {
  /\):[ \t]*[\w$.][\w$.<>[\]|&, ]*(?:\{|=>|;|$)/m,
  // a first parameter's type: (cxt: KeywordCxt), (x: number,
  new RegExp(String.raw`\([ \t]*[A-Za-z_$][\w$]*\??:[ \t]*${TYPE}(?:<[^>\n]*>)?(?:\[\])*[ \t]*[,)=]`),
  // an optional member or parameter: name?: string
  /[\w$]\?:[ \t]*[\w$[{(]/,
  // generics: Array<string>, Map<Key, Value>(
  new RegExp(String.raw`[A-Za-z_$][\w$]*<${TYPE}(?:\[\])?(?:\s*,\s*${TYPE}(?:\[\])?)*>`),
  // x as Foo, as const (imports and exports rename with `as` in JavaScript too)
  new RegExp(String.raw`^(?!\s*(?:import|export)\b).*\bas\s+(?:const\b|${TYPE}\b)`, "m"),
  // non-null assertions: value!.field, list.shift()!, copy![key] (in JavaScript `!` after a value only starts `!=`;
  // JSX text such as `Welcome!</p>` is followed by neither of these)
  /[\w$)\]]!(?:[.[);,]|[ \t]*$)/m,
  // a member or parameter of a built-in type, one per line: `  expected: string,`
  /[A-Za-z_$][\w$]*\??:[ \t]*(?:string|number|boolean|unknown|any|void|never|bigint|symbol)\b(?![ \t]*[(.:?])/,
  // a function type's result: () => void)
  /=>[ \t]*(?:void|string|number|boolean|never|unknown)[ \t]*[)};,|]/,
  // type parameters of an arrow function: = <E, A>(
  /(?:^|[=(,:][ \t]*)<[A-Z][\w$]*(?:\s+extends\s+[^<>,]+)?(?:\s*,\s*[A-Z][\w$]*(?:\s+extends\s+[^<>,]+)?)*>\s*\(/m,
  // a destructured parameter's type: ({ value }: Descriptor)
  /\}\??:[ \t]*[A-Za-z_$]/,
  // type arguments continued on the next line: Refinement<
  /[A-Z][\w$]*<$/m,
  // a later parameter's type: (a, b: Foo)
  /,[ \t]*[A-Za-z_$][\w$]*\??:[ \t]*[A-Z][\w$.]*(?:\[\])*[ \t]*\)/,
  // a declared member: `  next?: Foo;` (an object literal separates with commas)
  /^[ \t]*(?:readonly[ \t]+)?[A-Za-z_$][\w$]*[?!]?:[ \t]*[\w$.<>[\]|&(), ]+;[ \t]*$/m,
  // an index signature: [key: string]: unknown
  /\[[A-Za-z_$][\w$]*:[ \t]*(?:string|number|symbol)\]/,
  // constrained type parameters, type operators and checks: <T extends Key>, keyof T, infer R, x satisfies Foo
  /<[A-Z][\w$]*\s+extends\s/,
  /\b(?:keyof|infer)\s+[A-Za-z_$]/,
  /\bsatisfies\s+[A-Za-z_${]/
]

/** Syntax C++ has and C does not. */
const CPP_ONLY: ReadonlyArray<RegExp> = [
  /::/,
  /\btemplate\s*</,
  /\b(?:typename|nullptr|constexpr|noexcept|decltype|virtual|explicit|friend|mutable|consteval)\b/,
  /\bnamespace\s+[\w:]*\s*\{/,
  /\busing\s+(?:namespace\s+)?[\w:]+\s*[;=]/,
  /\b(?:public|private|protected)\s*:/,
  /\bclass\s+[A-Za-z_]\w*\s*(?:final\s*)?[:{]/,
  /\b(?:static|dynamic|reinterpret|const)_cast\s*</,
  /\boperator\s*(?:\(\)|\[\]|[^\w\s(]+|new|delete)\s*\(/,
  /\)\s*(?:const\s*)?(?:override|final)\b/,
  // references: const Foo& x, Foo&& y)
  /\w&&?\s+[A-Za-z_]\w*\s*[,)=;]/,
  /\(\s*const\s+[\w:<>]+\s*&/,
  // headers of the C++ library: <vector>, <iostream>
  /^#\s*include\s*<[a-z_]+>/m,
  /\bnew\s+[A-Za-z_][\w<>]*\s*[(\[{;]/,
  /\bdelete\b\s*(?:\[\s*\])?\s*[A-Za-z_]/,
  /\bthis->/
]

interface Family {
  readonly base: ClassificationSpecificValue
  readonly extension: ClassificationSpecificValue
  /** Syntax only the extension has. */
  readonly only: ReadonlyArray<RegExp>
}

const EXTENDED: Partial<Record<ClassificationSpecificValue, Family>> = {}
for (const family of [
  { base: "js", extension: "ts", only: TYPESCRIPT_ONLY },
  { base: "c", extension: "cpp", only: CPP_ONLY }
] as const) {
  EXTENDED[family.base] = family
  EXTENDED[family.extension] = family
}

/** The family a language belongs to, named by its base language (`ts` and `js` are both `js`); others are their own. */
export const familyOf = (language: ClassificationSpecificValue): ClassificationSpecificValue =>
  EXTENDED[language]?.base ?? language

/** Which of its family a language the model chose is, by the syntax in the code; other languages as they are. */
export const familyMember = (chosen: ClassificationSpecificValue, code: string): ClassificationSpecificValue => {
  const family = EXTENDED[chosen]
  if (family === undefined) return chosen
  const syntax = code.replace(COMMENTS_AND_STRINGS, " ")
  return family.only.some((pattern) => pattern.test(syntax)) ? family.extension : family.base
}
