import { expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import {
  AFTER_LISTING,
  givingBackAtRest,
  GROWTH,
  LOOK,
  type Memory,
  MemoryAtRest,
  processMemory
} from "../../src/runtime/MemoryAtRest.ts"
import { RequestsReceived } from "../../src/storage/RequestsReceived.ts"

/** A process whose resident memory the test sets, and whose collections leave `afterCollection`. */
const fakeMemory = (start: number, afterCollection: number) => {
  const state = { resident: start, collections: 0 }
  const memory: Memory = {
    collect: () => {
      state.collections++
      state.resident = afterCollection
    },
    resident: () => state.resident
  }
  return { state, memory }
}

const withUpkeep = (memory: Memory) =>
  Effect.provide(givingBackAtRest(memory).pipe(Layer.provideMerge(RequestsReceived.layer)))

it.effect("collects in the first quiet look once the process grew, and not again until it grows anew", () => {
  const { memory, state } = fakeMemory(100e6, 90e6)
  return Effect.gen(function*() {
    yield* TestClock.adjust(LOOK)
    // Quiet, but grown by nothing yet.
    expect(state.collections).toBe(0)
    state.resident = 100e6 + GROWTH
    yield* TestClock.adjust(LOOK)
    expect(state.collections).toBe(1)
    expect(state.resident).toBe(90e6)
    // Grown again, but less than GROWTH past what the collection left.
    state.resident = 90e6 + GROWTH - 1
    yield* TestClock.adjust(LOOK)
    expect(state.collections).toBe(1)
    state.resident = 90e6 + GROWTH
    yield* TestClock.adjust(LOOK)
    expect(state.collections).toBe(2)
  }).pipe(withUpkeep(memory))
})

it.effect("waits while requests come or one is being answered", () => {
  const { memory, state } = fakeMemory(100e6, 90e6)
  return Effect.gen(function*() {
    const requests = yield* RequestsReceived
    state.resident = 100e6 + 2 * GROWTH
    // A request in every look: no collection between them.
    for (let look = 0; look < 3; look++) {
      requests.received()()
      yield* TestClock.adjust(LOOK)
      expect(state.collections).toBe(0)
    }
    // One being answered across looks (a listing of every asset) is no pause either.
    const answered = requests.received()
    yield* TestClock.adjust(LOOK)
    yield* TestClock.adjust(LOOK)
    expect(state.collections).toBe(0)
    answered()
    // No request since the last look, and none being answered: quiet.
    yield* TestClock.adjust(LOOK)
    expect(state.collections).toBe(1)
  }).pipe(withUpkeep(memory))
})

it.effect("collects at once when asked and grown, without waiting for a quiet moment", () => {
  const { memory, state } = fakeMemory(100e6, 90e6)
  return Effect.gen(function*() {
    const requests = yield* RequestsReceived
    const { giveBackIfGrown } = yield* MemoryAtRest
    const answered = requests.received()
    yield* giveBackIfGrown
    expect(state.collections).toBe(0)
    state.resident = 100e6 + GROWTH
    yield* giveBackIfGrown
    expect(state.collections).toBe(1)
    answered()
  }).pipe(withUpkeep(memory))
})

it.effect("collects a moment after a listing ends, once grown, though requests go on", () => {
  const { memory, state } = fakeMemory(100e6, 90e6)
  return Effect.gen(function*() {
    const requests = yield* RequestsReceived
    const { giveBackAfterListing } = yield* MemoryAtRest
    const answered = requests.received()
    state.resident = 100e6 + GROWTH
    yield* giveBackAfterListing
    // Not while the listing's last bytes may still be on their way.
    expect(state.collections).toBe(0)
    yield* TestClock.adjust(AFTER_LISTING)
    expect(state.collections).toBe(1)
    // Grown by less than GROWTH since: another listing's end collects nothing.
    state.resident = 90e6 + GROWTH - 1
    yield* giveBackAfterListing
    yield* TestClock.adjust(AFTER_LISTING)
    expect(state.collections).toBe(1)
    answered()
  }).pipe(withUpkeep(memory))
})

it("reaches this runtime's collector, which collects what nothing refers to any more", async () => {
  const memory = processMemory()
  expect(memory).toBeDefined()
  const dropped = new WeakRef(Array.from({ length: 20_000 }, (_, i) => [i, i + 1, i + 2]))
  // A weak reference's target stays alive until the job that made it ends.
  await new Promise((resolve) => setTimeout(resolve, 0))
  memory!.collect()
  expect(dropped.deref()).toBeUndefined()
  expect(memory!.resident()).toBeGreaterThan(0)
})
