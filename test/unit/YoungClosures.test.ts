/**
 * The build's rewrite of function literals assigned to properties (`scripts/youngClosures.mjs`), which V8 would
 * allocate in old space: each one found, wrapped as `(0, …)` so that the code does what it did, and nothing else
 * touched. `build.test.ts` checks that the bundle holds none.
 */
import { execFileSync } from "node:child_process"
import { expect, it } from "vitest"
import { propertyClosures, withYoungClosures } from "../../scripts/youngClosures.mjs"

/** Whether V8 allocates the closure `source` assigns to `o.f` in the young generation (a fresh Node, natives on). */
const allocatedYoung = (source: string): boolean =>
  JSON.parse(execFileSync(process.execPath, [
    "--allow-natives-syntax",
    "-e",
    `function make() { const o = {}; ${source}; return o.f } console.log(%InYoungGeneration(make()))`
  ], { encoding: "utf8" }))

it("is needed: V8 allocates a closure assigned to a property in old space, and the rewritten one young", () => {
  const assigned = "o.f = () => o"
  expect(allocatedYoung(assigned)).toBe(false)
  expect(allocatedYoung(withYoungClosures(assigned, "a.js"))).toBe(true)
})

it("wraps arrow functions and function expressions assigned to a property or an element", () => {
  expect(withYoungClosures("effect.i0 = (resume) => { pending = resume }", "a.js"))
    .toBe("effect.i0 = (0, (resume) => { pending = resume })")
  expect(withYoungClosures("this.onwrite = function (er) { onwrite(this, er) }", "a.js"))
    .toBe("this.onwrite = (0, function (er) { onwrite(this, er) })")
  expect(withYoungClosures("handlers[name] = async x => x", "a.js")).toBe("handlers[name] = (0, async x => x)")
})

it("sees through parentheses and TypeScript's type assertions, which the compiled code drops", () => {
  expect(withYoungClosures("response.writeHead = ((...args: Array<unknown>) => args) as typeof response.writeHead", "a.ts"))
    .toBe("response.writeHead = (0, ((...args: Array<unknown>) => args) as typeof response.writeHead)")
})

it("reads a script in the dialect its name says, JSX included", () => {
  expect(withYoungClosures("view.render = () => <p>{name}</p>", "View.tsx")).toBe("view.render = (0, () => <p>{name}</p>)")
  expect(withYoungClosures("view.render = function () { return <p /> }", "View.jsx"))
    .toBe("view.render = (0, function () { return <p /> })")
})

it("wraps nested ones, each where it stands", () => {
  expect(withYoungClosures("a.b = function () { c.d = () => 2 }", "a.js"))
    .toBe("a.b = (0, function () { c.d = (0, () => 2) })")
})

it("leaves what V8 allocates young as it is", () => {
  const young = [
    "const run = () => 1; this.run = run",
    "class Fiber { run = () => this.drain() }",
    "const handlers = { onPull: () => 1 }",
    "value = () => 1",
    "a.b = (0, () => 1)",
    "a.b = make(() => 1)",
    "if (a.b == (() => 1)) {}"
  ]
  for (const text of young) {
    expect(propertyClosures(text, "a.ts")).toEqual([])
    expect(withYoungClosures(text, "a.ts")).toBe(text)
  }
})

it("runs the same after the rewrite", () => {
  const text = "const o = {}; let seen = 0; o.f = (x) => { seen = x * 2 }; o.f(21); return seen"
  const run = (source: string) => new Function(source)() as number
  expect(run(withYoungClosures(text, "a.js"))).toBe(run(text))
})
