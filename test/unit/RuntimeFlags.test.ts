/**
 * The young generation's size `npm start` restarts with (`src/runtime/RuntimeSettings.mjs`) must be repeated by
 * `deno task start`, whose `--v8-flags` are the only way to give it to Deno. This keeps the two alike.
 */
import { expect, it } from "vitest"
import { readFileSync } from "node:fs"
import { SEMI_SPACE_FLAG } from "../../src/runtime/RuntimeSettings.mjs"

/** The command `deno task start` runs the service with: the last of its commands. */
const denoServiceCommand = (): string => {
  const start: string = JSON.parse(readFileSync(new URL("../../deno.json", import.meta.url), "utf8")).tasks.start
  return start.split("&&").at(-1)!.trim()
}

it("deno task start passes the young generation's size npm start restarts with", () => {
  const denoV8Flags = /--v8-flags=(\S+)/.exec(denoServiceCommand())?.[1].split(",") ?? []
  expect(denoV8Flags).toEqual([SEMI_SPACE_FLAG])
})
