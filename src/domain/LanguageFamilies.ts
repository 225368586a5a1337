/**
 * Languages that extend another: TypeScript is JavaScript with types, C++ is (nearly) C with classes, templates and
 * namespaces. Code that uses none of the extension's own syntax is valid in both, and a model that weighs habits
 * guesses between them by which library a window looks like. So the model tells the family, and the syntax only the
 * extension has tells which of the two: with any of it, the extension; without, the base language. One habit counts
 * as well where C and C++ share every token: how the window comments (`commentedInCppStyle`).
 */
import type { ClassificationSpecificValue } from "./ClassificationSpecifics.ts"
import { holdsTypeScriptSyntax } from "./TypeScriptSyntax.ts"

/** Comments (whole, or the rest of one a window starts inside) and string literals: their words are not syntax. */
const COMMENTS_AND_STRINGS =
  /\/\*[\s\S]*?(?:\*\/|$)|^[ \t]*\*.*$|\/\/.*$|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/gm

const TYPE = String.raw`(?:string|number|boolean|any|unknown|void|never|object|bigint|symbol|[A-Z][\w$.]*)`

/**
 * TypeScript's syntax is found by a parser (`TypeScriptSyntax`), and by these patterns in fragments the parser cannot
 * place: a method cut from its class, the middle of a parameter list, members of an interface. They are what is kept
 * of the patterns that told TypeScript before the parser (tuned on some projects' style, they missed a fifth of other
 * projects' TypeScript): those that, after the parser, took no JavaScript for TypeScript on the tuning sources.
 */
const TYPESCRIPT_FRAGMENTS: ReadonlyArray<RegExp> = [
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
  // a function type's result: () => void)
  /=>[ \t]*(?:void|string|number|boolean|never|unknown)[ \t]*[)};,|]/,
  // a destructured parameter's type: ({ value }: Descriptor)
  /\}\??:[ \t]*[A-Za-z_$]/,
  // type arguments continued on the next line: Refinement<
  /[A-Z][\w$]*<$/m,
  // a later parameter's type: (a, b: Foo)
  /,[ \t]*[A-Za-z_$][\w$]*\??:[ \t]*[A-Z][\w$.]*(?:\[\])*[ \t]*\)/,
  // a class's or an interface's property, cut from its body: columns: ColumnMetadata[];, joinTableName: string;
  // (JavaScript would read a label before an expression, which nobody writes; a switch's default is left out)
  new RegExp(
    String.raw`^[ \t]*(?!default\b)[A-Za-z_$][\w$]*:[ \t]*(?!(?:break|continue|return|throw)\b)` +
      String.raw`[A-Za-z_$][\w$.]*(?:<[^>\n]*>)?(?:\[\])*[ \t]*;[ \t]*$`,
    "m"
  )
]

/** Syntax C++ has and C does not. */
const CPP_ONLY: ReadonlyArray<RegExp> = [
  /::/,
  /\btemplate\s*</,
  /\b(?:typename|nullptr|constexpr|noexcept|decltype|virtual|explicit|friend|mutable|consteval)\b/,
  /\bnamespace\s+[\w:]*\s*\{/,
  /\busing\s+(?:namespace\s+)?[\w:]+\s*[;=]/,
  /\b(?:public|private|protected)\s*:/,
  // a class defined, derived or declared ahead: class Buffer {, class Stream : public Base, class b3Solver;
  /\bclass\s+[A-Za-z_]\w*\s*(?:final\s*)?[:{;]/,
  /\b(?:static|dynamic|reinterpret|const)_cast\s*</,
  /\boperator\s*(?:\(\)|\[\]|[^\w\s(]+|new|delete)\s*\(/,
  // a member function's qualifiers: size_t size() const;, void draw() const override
  /\)\s*(?:const\s*)?(?:override|final)\b/,
  /\)\s*const\s*(?:[;{=]|noexcept\b|->|$)/m,
  // a destructor: ~Stream(), virtual ~Stream()
  /^\s*(?:virtual\s+)?~[A-Za-z_]\w*\s*\(\s*(?:void\s*)?\)/m,
  // references: const Foo& x, Foo&& y), Info& solverInfo()
  /\w&&?\s+[A-Za-z_]\w*\s*[,)=;]/,
  /\w&\s+[A-Za-z_]\w*\s*\(/,
  /\(\s*const\s+[\w:<>]+\s*&/,
  // headers of the C++ library: <vector>, <iostream>
  /^#\s*include\s*<[a-z_]+>/m,
  /\bnew\s+[A-Za-z_][\w<>]*\s*[(\[{;]/,
  /\bdelete\b\s*(?:\[\s*\])?\s*[A-Za-z_]/,
  /\bthis->/,
  /\*this\b/,
  // CUDA's function qualifiers (CUDA is C++)
  /\b__(?:device|global|host)__\b/,
  // a template's arguments, the last a type, before a name: mat<4, 4, float> m, Map<Key, Value>& m
  /\b[A-Za-z_]\w*<\s*(?:[\w:]+\s*,\s*)*(?:int|double|float|char|bool|unsigned|size_t|[A-Z]\w*)\s*>\s*[A-Za-z_&*:(]/,
  // a type named after a template's arguments: typedef mat<4, 4, uint, defaultp> umat4;
  /\btypedef\s+(?:typename\s+)?[\w:]+\s*<[^;]*>\s*[A-Za-z_]\w*\s*;/,
  // a reference to a template's instance: Array<StorageIndex, IPARM_SIZE, 1>& iparm()
  /\w<[^<>\n;]*>\s*&&?\s*[A-Za-z_]\w*\s*[(,);=]/,
  // a member function defined in its class's body, so indented (a C function starts its line):
  // `  void decrement()` then `{`, `	int calls(void) { return total; }`
  new RegExp(
    String.raw`^[ \t]+(?!(?:else|return|case|goto|do)\b)(?:[A-Za-z_][\w*&]*[ \t*&]+)+` +
      String.raw`(?!(?:if|while|for|switch|sizeof|return)\b)[A-Za-z_]\w*\([^()]*\)[ \t]*(?:const[ \t]*)?(?:\n[ \t]*)?\{`,
    "m"
  )
]

/**
 * C++ in a header's documentation: the examples and references of its doc comments (`sf::Transform t;`,
 * `template <> struct traits<T>`), where a C header's comments name C functions. Read in the comments alone.
 */
const CPP_IN_COMMENTS: ReadonlyArray<RegExp> = [/\b[A-Za-z_]\w*::~?[A-Za-z_]\w*/, /\btemplate\s*</]

/**
 * C++'s header names, which a C header never includes nor guards itself with: `#include <asio/detail/config.hpp>`,
 * `#include "Eigen/Core"` (a C header's name always ends in `.h`), `#ifndef YAML_CPP_NODE_HPP`. Read in the code as
 * written (the included name is a string).
 */
const CPP_HEADER_NAME = new RegExp(
  String.raw`^\s*#\s*(?:include\s*[<"](?:[^>"\n]+\.(?:hpp|hh|hxx|ipp|inl|tcc)|(?:[^>"\n]*\/)?[A-Za-z_]\w*)[>"]|` +
    String.raw`(?:ifndef|define)\s+\w+_(?:HPP|HH|HXX|IPP|INL)_*\b)`,
  "m"
)

/**
 * C++'s habit where a window holds no syntax of either: comments written only as `//` lines (C89 had none, and C
 * headers comment in blocks), unless the code keeps C's own habits, a `(void)` parameter list or a `typedef struct`.
 * On the tuning side it answers C++ for 164 of the 303 C++ windows the syntax left as C, and takes 9 of 3,000 C
 * windows (one compatibility header) for C++.
 */
const commentedInCppStyle = (code: string): boolean =>
  (code.match(/^[ \t]*\/\/.*$/gm) ?? []).length >= 3 && !/\/\*|^[ \t]*\*/m.test(code) &&
  !/\w\s*\(void\)|\btypedef\s+(?:struct|enum|union)\b/.test(code)

interface Family {
  readonly base: ClassificationSpecificValue
  readonly extension: ClassificationSpecificValue
  /** Whether code uses syntax only the extension has. */
  readonly extended: (code: string) => boolean
}

/** Whether any of the patterns matches the code outside its comments and strings. */
const matchesOutsideProse = (patterns: ReadonlyArray<RegExp>) => (code: string): boolean => {
  const syntax = code.replace(COMMENTS_AND_STRINGS, " ")
  return patterns.some((pattern) => pattern.test(syntax))
}

/** Whether any of the patterns matches the code's comments (its string literals left out). */
const matchesInComments = (patterns: ReadonlyArray<RegExp>) => (code: string): boolean => {
  const comments = (code.match(COMMENTS_AND_STRINGS) ?? []).filter((part) => !/^["'`]/.test(part)).join("\n")
  return patterns.some((pattern) => pattern.test(comments))
}

const holdsTypeScriptFragment = matchesOutsideProse(TYPESCRIPT_FRAGMENTS)
const holdsCppSyntax = matchesOutsideProse(CPP_ONLY)
const documentsCpp = matchesInComments(CPP_IN_COMMENTS)

const EXTENDED: Partial<Record<ClassificationSpecificValue, Family>> = {}
for (const family of [
  // The patterns first: they cost a hundredth of a parse.
  { base: "js", extension: "ts", extended: (code: string) => holdsTypeScriptFragment(code) || holdsTypeScriptSyntax(code) },
  {
    base: "c",
    extension: "cpp",
    extended: (code: string) =>
      CPP_HEADER_NAME.test(code) || holdsCppSyntax(code) || documentsCpp(code) || commentedInCppStyle(code)
  }
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
  return family.extended(code) ? family.extension : family.base
}
