import { describe, expect, it } from "@effect/vitest"
import { holdsTypeScriptSyntax } from "../../src/domain/TypeScriptSyntax.ts"

/** Each of `codes` holds TypeScript-only syntax or not, as `found` says. */
const expectEach = (codes: ReadonlyArray<string>, found: boolean) => {
  for (const code of codes) expect(holdsTypeScriptSyntax(code), code).toBe(found)
}

describe("holdsTypeScriptSyntax", () => {
  it("finds each kind of TypeScript-only syntax", () => {
    expectEach([
      "const port: number = 8080",
      "function parse(input, strict?) {}",
      "interface Point {\n  x: number\n}",
      "type Handler = (event: Event) => void",
      "enum Color { Red, Green }",
      "declare const VERSION: string",
      "namespace Shapes {\n  export const unit = 1\n}",
      "class Cache implements Store {}",
      "class Cache {\n  private entries = new Map()\n}",
      "class Cache {\n  readonly entries = new Map()\n}",
      "class Child extends Base {\n  override run() {}\n}",
      "abstract class Shape {}",
      "const names = new Set<string>()",
      "function first<T>(items) { return items[0] }",
      "const value = input as Settings",
      "const config = { port: 8080 } satisfies Settings",
      "list.shift()!.close()",
      "import type { Options } from './options'",
      "import { type Options, parse } from './options'",
      "export type { Options }",
      "import fs = require('fs')"
    ], true)
  })

  it("finds none in JavaScript: JSX, renaming imports, ternaries, labels, comparisons, class fields", () => {
    expectEach([
      "const Greeting = () => <p className=\"hello\">Welcome!</p>",
      "import { v1 as uuidv1 } from 'uuid'\nexport { uuidv1 as v1 }",
      "const label = ok ? format(value) : fallback",
      "outer: for (const row of rows) {\n  if (!row) continue outer\n}",
      "if (a < b && c > d) swap(a, d)",
      "class Counter {\n  count = 0\n  static #instances = 0\n}",
      "module.exports = { parse: (text) => JSON.parse(text) }"
    ], false)
  })

  it("finds it in a fragment cut mid-function, its broken parts included", () => {
    expect(holdsTypeScriptSyntax("    return acc\n  }, {})\n}\n\nexport function merge(a: Settings, b: Settings) {\n  return {"))
      .toBe(true)
  })

  it("does not read a comment a snippet starts or ends inside as code", () => {
    const commentTail = " * Can be used as any other assertion.\n * Author: someone <x@example.org>\n */\nfunction add(a, b) {\n  return a + b\n}"
    expect(holdsTypeScriptSyntax(commentTail)).toBe(false)
    expect(holdsTypeScriptSyntax(`${commentTail}\nconst sum: number = add(1, 2)`)).toBe(true)
    const commentHead = "function add(a, b) {\n  return a + b\n}\n/**\n * Parse `source` as a stream.\n * If `incomplete`, a part is left as a buffer"
    expect(holdsTypeScriptSyntax(commentHead)).toBe(false)
  })

  it("finds none in an empty or whitespace snippet", () => {
    expect(holdsTypeScriptSyntax("")).toBe(false)
    expect(holdsTypeScriptSyntax("\n  \n")).toBe(false)
  })
})
