import { expect, it } from "@effect/vitest"
import { Effect, Layer, Stream } from "effect"
import { listingAnswers } from "../../src/http/ListingAnswers.ts"
import { MemoryAtRest } from "../../src/runtime/MemoryAtRest.ts"

it.effect("asks for memory back once a listing's pages are all sent, not before", () => {
  let asked = 0
  const memory = Layer.succeed(MemoryAtRest, {
    giveBackIfGrown: Effect.die(new Error("a listing asks only after it ends")),
    giveBackAfterListing: Effect.sync(() => asked++)
  })
  return Effect.gen(function*() {
    const listing = yield* listingAnswers
    const pages = Stream.tap(Stream.make(["a"], ["b"]), () => Effect.sync(() => expect(asked).toBe(0)))
    expect(yield* Stream.runCollect(listing(pages))).toEqual([["a"], ["b"]])
    expect(asked).toBe(1)
  }).pipe(Effect.provide(memory))
})

it.effect("sends a listing as it is where the runtime's collector cannot be reached", () =>
  Effect.gen(function*() {
    const listing = yield* listingAnswers
    expect(yield* Stream.runCollect(listing(Stream.make(1, 2, 3)))).toEqual([1, 2, 3])
  }))
