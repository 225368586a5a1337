/**
 * A function literal assigned straight to a property (`effect.effect_instruction_i0 = (resume) => { … }`) is, by a
 * heuristic of V8's parser meant for methods set up once, allocated in the old generation. Made per call, such a
 * closure dies young but stays in old space until the next full collection, and old space counts as live to every
 * young collection in between: whatever its context holds survives them all. Effect's `async` makes one per
 * asynchronous wait (its context holds the waiting fiber's resume callback, so the fiber, its result and its answer
 * stayed), and so did the `Server-Timing` wrapper of every answer's head. ArrayBuffers of answers piled up until V8's
 * limit for them forced a full collection: the peak memory under searches (bench/README.md, thirty-seventh session).
 *
 * The build rewrites each such assignment into `target = (0, <function>)`: the same function, no longer a literal
 * on the right of an assignment to a property, so V8 allocates it young like any other closure. esbuild keeps the
 * comma (it drops it only when minifying syntax, which this build does not). Lines stay as they were, so stack
 * traces keep their line numbers. Node's own code is not the bundle's: what it makes so is avoided where it is
 * met (`src/domain/StoredAsset.ts`).
 */
import { readFileSync } from "node:fs"
import ts from "typescript"

/** Cheap test that a file may hold such an assignment (a property or element, `=`, then a function's start). */
const MAY_ASSIGN_FUNCTION = /(?:\.[\w$#]+|\])\s*=\s*(?:async\b\s*)?(?:function\b|[(<]|[\w$]+\s*=>)/

/** A script's dialect, as its name ends: `js`, `jsx`, `ts` or `tsx` (esbuild's loaders of the same names). */
const dialectOf = (fileName) => /\.[mc]?([jt]sx?)$/.exec(fileName)?.[1] ?? "js"

const scriptKind = (fileName) =>
  ({ js: ts.ScriptKind.JS, jsx: ts.ScriptKind.JSX, ts: ts.ScriptKind.TS, tsx: ts.ScriptKind.TSX })[dialectOf(fileName)]

/** The expression inside parentheses and TypeScript's type assertions, which V8 (or the compiled code) sees through. */
const unwrapped = (node) =>
  ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) ||
    ts.isTypeAssertionExpression(node) || ts.isNonNullExpression(node)
    ? unwrapped(node.expression)
    : node

const isFunctionLiteral = (node) => ts.isArrowFunction(node) || ts.isFunctionExpression(node)

/** Where function literals are assigned straight to a property or element, as [start, end) offsets into `text`. */
export const propertyClosures = (text, fileName) => {
  if (!MAY_ASSIGN_FUNCTION.test(text)) return []
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName))
  const found = []
  const visit = (node) => {
    if (
      ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      (ts.isPropertyAccessExpression(node.left) || ts.isElementAccessExpression(node.left)) &&
      isFunctionLiteral(unwrapped(node.right))
    ) found.push([node.right.getStart(source), node.right.end])
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** `text` with each of its property closures wrapped as `(0, <function>)` (nested ones too). */
export const withYoungClosures = (text, fileName) =>
  propertyClosures(text, fileName)
    .flatMap(([start, end]) => [[start, "(0, "], [end, ")"]])
    // From the end back, so that each insertion leaves the offsets before it as they were.
    .sort(([a], [b]) => b - a)
    .reduce((out, [at, inserted]) => `${out.slice(0, at)}${inserted}${out.slice(at)}`, text)

/** The esbuild plugin: every script the bundle reads, from `src/` or `node_modules/`, with its closures made young. */
export const youngClosures = () => ({
  name: "young-closures",
  setup(build) {
    build.onLoad({ filter: /\.[mc]?[jt]sx?$/ }, (args) => {
      if (/\.d\.[mc]?ts$/.test(args.path)) return undefined
      const text = readFileSync(args.path, "utf8")
      const rewritten = withYoungClosures(text, args.path)
      if (rewritten === text) return undefined
      return { contents: rewritten, loader: dialectOf(args.path) }
    })
  }
})
