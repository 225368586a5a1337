/**
 * Whether the TypeScript compiler, reading code as JavaScript, reports syntax only TypeScript has (TS8xxx: "type
 * annotations can only be used in TypeScript files", …) outside its comments: what a TypeScript user would call
 * TypeScript. The measure the detector's TypeScript is judged by (`bench/languages.ts`, `scripts/tuneFamilySyntax.ts`).
 */
import ts from "typescript"

/** Where a text's comments are, as the TypeScript scanner reads them: examples in doc comments are not syntax. */
const commentRanges = (code: string) => {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, code)
  const ranges: Array<[number, number]> = []
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) {
      ranges.push([scanner.getTokenStart(), scanner.getTokenEnd()])
    }
  }
  return ranges
}

export const compilerFindsTypeScript = (code: string): boolean => {
  const comments = commentRanges(code)
  return (ts.transpileModule(code, { fileName: "window.js", reportDiagnostics: true, compilerOptions: { allowJs: true } })
    .diagnostics ?? []).some((diagnostic) =>
      diagnostic.code >= 8000 && diagnostic.code < 9000 &&
      !comments.some(([start, end]) => diagnostic.start! >= start && diagnostic.start! < end)
    )
}
