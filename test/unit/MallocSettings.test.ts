/**
 * The glibc setting `npm start` restarts with (`scripts/mallocSettings.mjs`): added to what the user set, never twice,
 * never over the user's own threshold (`RuntimeFlags.test.ts` checks that `deno task start` sets the same).
 */
import { expect, it } from "vitest"
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
