import { expect, it } from "vitest"
import { countsOf } from "../../src/domain/Counts.ts"

it("counts each value, in order of first occurrence", () => {
  expect([...countsOf(["go", "ts", "go", "py", "go", "ts"])]).toEqual([["go", 3], ["ts", 2], ["py", 1]])
  expect([...countsOf([0.5, 1, 0.5])]).toEqual([[0.5, 2], [1, 1]])
  expect(countsOf([]).size).toBe(0)
})
