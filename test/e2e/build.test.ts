/**
 * `npm start` on an unchanged checkout starts from the build it has (`scripts/start.mjs` checks with the function
 * `scripts/build.mjs --if-changed` runs): no file of `dist/` is written again, so instances started together from
 * one checkout never rebuild under each other. The global set-up built `dist/` from these sources just before.
 */
import { execFile } from "node:child_process"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { promisify } from "node:util"
import { expect, it } from "vitest"
import { propertyClosures } from "../../scripts/youngClosures.mjs"
import { runtime } from "./ServiceProcess.ts"

const root = new URL("../..", import.meta.url).pathname
const dist = join(root, "dist")

const times = () =>
  Object.fromEntries((readdirSync(dist, { recursive: true }) as Array<string>)
    .filter((name) => statSync(join(dist, name)).isFile())
    .map((name) => [name, statSync(join(dist, name)).mtimeMs]))

it.skipIf(runtime === "deno")("a start on an unchanged checkout writes nothing in dist/", async () => {
  const before = times()
  expect(Object.keys(before)).toContain("main.js")
  await promisify(execFile)("node", [join(root, "scripts/build.mjs"), "--if-changed"])
  expect(times()).toEqual(before)
})

/** The scripts of the current build: `main.js` and every module it imports, statically or on demand. */
const builtScripts = () => {
  const found = new Set<string>()
  const visit = (name: string) => {
    if (found.has(name)) return
    found.add(name)
    for (const [, imported] of readFileSync(join(dist, name), "utf8").matchAll(/["']\.\/([\w.-]+\.js)["']/g)) visit(imported)
  }
  visit("main.js")
  return [...found]
}

it.skipIf(runtime === "deno")("the bundle assigns no function literal to a property (V8 would allocate it old)", () => {
  const scripts = builtScripts()
  expect(scripts.length).toBeGreaterThan(1)
  const found = scripts.flatMap((name) => {
    const text = readFileSync(join(dist, name), "utf8")
    return propertyClosures(text, name).map(([start]) => `${name}: ${text.slice(start - 40, start + 40)}`)
  })
  expect(found).toEqual([])
})
