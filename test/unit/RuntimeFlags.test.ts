/**
 * The V8 settings the service makes at run time (`HeapGrowth.ts`, `Pretenuring.ts`, `Maglev.ts`) take effect on
 * Node only: Deno ignores `setFlagsFromString`, so `deno task start` repeats them in its `--v8-flags`. This keeps
 * the two alike.
 */
import { expect, it } from "vitest"
import { readFileSync } from "node:fs"
import { HEAP_GROWING_PERCENT } from "../../src/HeapGrowth.ts"
import { NO_MAGLEV } from "../../src/Maglev.ts"
import { NO_PRETENURING } from "../../src/Pretenuring.ts"

const denoV8Flags = () => {
  const start: string = JSON.parse(readFileSync(new URL("../../deno.json", import.meta.url), "utf8")).tasks.start
  return /--v8-flags=(\S+)/.exec(start)?.[1].split(",") ?? []
}

it("deno task start passes the V8 settings the service makes on Node", () => {
  const setOnNode = [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`, NO_PRETENURING, NO_MAGLEV]
  expect(denoV8Flags()).toEqual(expect.arrayContaining(setOnNode))
})
