import { describe, expect, it } from "@effect/vitest"
import { RowSet } from "../../src/domain/RowSet.ts"
import { newestInScope } from "../../src/storage/TextSearch.ts"

describe("newestInScope", () => {
  it("keeps the first matches in scope up to the limit and counts every one in scope", () => {
    const scope = RowSet.of([9, 7, 6, 4, 2])
    expect(newestInScope([10, 9, 8, 7, 6, 5, 4, 2, 1], scope, 3)).toEqual({ rows: [9, 7, 6], count: 5 })
  })

  it("answers nothing for matches all out of scope, and every match in scope under the limit", () => {
    expect(newestInScope([5, 3, 1], RowSet.of([2, 4]), 10)).toEqual({ rows: [], count: 0 })
    expect(newestInScope([5, 3, 1], RowSet.of([1, 3, 5]), 10)).toEqual({ rows: [5, 3, 1], count: 3 })
  })
})
