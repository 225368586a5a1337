/**
 * The V8 flags `npm start` restarts with (`src/runtime/RuntimeSettings.mjs`) must be repeated by `deno task start`,
 * whose `--v8-flags` are the only way to give them to Deno. This keeps the two alike, and checks the restart's test
 * of what a process lacks.
 */
import { expect, it } from "vitest"
import { readFileSync } from "node:fs"
import { LAUNCH_FLAGS, missingLaunchFlags } from "../../src/runtime/RuntimeSettings.mjs"

/** The command `deno task start` runs the service with: the last of its commands. */
const denoServiceCommand = (): string => {
  const start: string = JSON.parse(readFileSync(new URL("../../deno.json", import.meta.url), "utf8")).tasks.start
  return start.split("&&").at(-1)!.trim()
}

it("deno task start passes the V8 flags npm start restarts with", () => {
  const denoV8Flags = /--v8-flags=(\S+)/.exec(denoServiceCommand())?.[1].split(",") ?? []
  expect(denoV8Flags).toEqual(Object.values(LAUNCH_FLAGS))
})

it("restarts only for the flags a process lacks, never over one given on its command line", () => {
  expect(missingLaunchFlags([])).toEqual(Object.values(LAUNCH_FLAGS))
  expect(missingLaunchFlags(Object.values(LAUNCH_FLAGS))).toEqual([])
  expect(missingLaunchFlags(["--max-semi-space-size=16"])).toEqual([LAUNCH_FLAGS["heap-growth"], LAUNCH_FLAGS["no-maglev"]])
})
