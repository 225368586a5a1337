import { describe, expect, it } from "@effect/vitest"
import { nestsDeeperThan } from "../../src/http/JsonNesting.ts"

describe("nestsDeeperThan", () => {
  it("counts arrays and objects inside each other", () => {
    expect(nestsDeeperThan(`{"a":[{"b":[1]}]}`, 4)).toBe(false)
    expect(nestsDeeperThan(`{"a":[{"b":[1]}]}`, 3)).toBe(true)
    expect(nestsDeeperThan(`[[],[],[],[]]`, 2)).toBe(false)
  })

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(nestsDeeperThan(JSON.stringify({ code: "[[[[{{{{\\\"[[[[" }), 1)).toBe(false)
    expect(nestsDeeperThan(JSON.stringify(["\"", ["\\", [[]]]]), 3)).toBe(true)
  })
})
