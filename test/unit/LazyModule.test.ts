import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { loadedOnFirstUse } from "../../src/LazyModule.ts"

describe("loadedOnFirstUse", () => {
  it.live("loads once; a first caller interrupted mid-load does not spoil it for the others", () =>
    Effect.gen(function*() {
      let loads = 0
      const value = loadedOnFirstUse(() =>
        new Promise<number>((resolve) => {
          loads++
          setTimeout(() => resolve(42), 50)
        })
      )
      const first = yield* Effect.forkChild(value)
      yield* Effect.sleep("10 millis")
      yield* Fiber.interrupt(first)
      expect(yield* Effect.timeout(value, "1 second")).toBe(42)
      expect(yield* value).toBe(42)
      expect(loads).toBe(1)
    }))
})
