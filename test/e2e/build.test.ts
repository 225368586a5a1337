/**
 * `npm start` on an unchanged checkout starts from the build it has (`scripts/start.mjs` checks with the function
 * `scripts/build.mjs --if-changed` runs): no file of `dist/` is written again, so instances started together from
 * one checkout never rebuild under each other. The global set-up built `dist/` from these sources just before.
 */
import { execFile } from "node:child_process"
import { readdirSync, statSync } from "node:fs"
import { join } from "node:path"
import { promisify } from "node:util"
import { expect, it } from "vitest"
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
