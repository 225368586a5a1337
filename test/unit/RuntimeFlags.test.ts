/**
 * The settings the service runs with on Node and `deno task start` must repeat for Deno: the V8 settings it makes at
 * run time (`HeapGrowth.ts`, `Pretenuring.ts`, `Maglev.ts`), which Deno ignores from `setFlagsFromString`, so that its
 * `--v8-flags` carries them; and glibc's malloc threshold `npm start` restarts with (`scripts/mallocSettings.mjs`),
 * which the task sets on the service's command. This keeps the two alike.
 */
import { expect, it } from "vitest"
import { readFileSync } from "node:fs"
import { MMAP_THRESHOLD } from "../../scripts/mallocSettings.mjs"
import { HEAP_GROWING_PERCENT } from "../../src/HeapGrowth.ts"
import { NO_MAGLEV } from "../../src/Maglev.ts"
import { NO_PRETENURING } from "../../src/Pretenuring.ts"

/** The command `deno task start` runs the service with: the last of its commands. */
const denoServiceCommand = (): string => {
  const start: string = JSON.parse(readFileSync(new URL("../../deno.json", import.meta.url), "utf8")).tasks.start
  return start.split("&&").at(-1)!.trim()
}

it("deno task start passes the V8 settings the service makes on Node", () => {
  const setOnNode = [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`, NO_PRETENURING, NO_MAGLEV]
  const denoV8Flags = /--v8-flags=(\S+)/.exec(denoServiceCommand())?.[1].split(",") ?? []
  expect(denoV8Flags).toEqual(expect.arrayContaining(setOnNode))
})

it("deno task start runs the service with the malloc threshold npm start sets", () => {
  expect(denoServiceCommand().startsWith(`GLIBC_TUNABLES=glibc.malloc.mmap_threshold=${MMAP_THRESHOLD} `)).toBe(true)
})
