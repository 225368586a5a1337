/**
 * The glibc setting `npm start` restarts with (`scripts/mallocSettings.mjs`): added to what the user set, never twice,
 * never over the user's own threshold; and `deno task start` sets the same.
 */
import { expect, it } from "vitest"
import { readFileSync } from "node:fs"
import { MMAP_THRESHOLD, tunablesWithThreshold } from "../../scripts/mallocSettings.mjs"

const ours = `glibc.malloc.mmap_threshold=${MMAP_THRESHOLD}`

it("sets the threshold where no tunable is set", () => {
  expect(tunablesWithThreshold(undefined)).toBe(ours)
  expect(tunablesWithThreshold("")).toBe(ours)
})

it("keeps the user's other tunables", () => {
  expect(tunablesWithThreshold("glibc.malloc.arena_max=2")).toBe(`glibc.malloc.arena_max=2:${ours}`)
})

it("asks for no restart once a threshold is set, ours or the user's", () => {
  expect(tunablesWithThreshold(ours)).toBeUndefined()
  expect(tunablesWithThreshold("glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=1048576")).toBeUndefined()
})

it("deno task start runs the service with the threshold npm start sets", () => {
  const start: string = JSON.parse(readFileSync(new URL("../../deno.json", import.meta.url), "utf8")).tasks.start
  const service = start.split("&&").at(-1)!.trim()
  expect(service.startsWith(`GLIBC_TUNABLES=${ours} `)).toBe(true)
})
