/**
 * Write requests on their way to the commit path: counted from their receipt until they reach a commit or end, and
 * waited for by a transaction about to start, so that writes sent together share it.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { LibraryServices } from "../../src/services/LibraryServices.ts"
import { Commits } from "../../src/services/Commits.ts"
import { WritesOnTheWay } from "../../src/services/WritesOnTheWay.ts"
import { WriterLock } from "../../src/storage/WriterLock.ts"
import { codeAsset } from "./TestAssets.ts"
import { engineLayer } from "./TestLayers.ts"

describe("WritesOnTheWay", () => {
  it.effect("counts a request from its receipt until it reaches a commit or ends, once", () =>
    Effect.gen(function*() {
      const onTheWay = yield* WritesOnTheWay
      const refused = onTheWay.received()
      const committing = onTheWay.received()
      expect(onTheWay.count()).toBe(2)
      onTheWay.ended(refused)
      onTheWay.ended(refused)
      expect(onTheWay.count()).toBe(1)
      yield* onTheWay.within(committing, onTheWay.arrived)
      expect(onTheWay.count()).toBe(0)
      onTheWay.ended(committing)
      yield* onTheWay.arrived // outside any request: nothing to give up
      expect(onTheWay.count()).toBe(0)
    }).pipe(Effect.provide(WritesOnTheWay.layer)))
})

/** The transactions the commit path started. */
let transactions = 0
const CountingWriterLock = Layer.effect(
  WriterLock,
  Effect.map(WriterLock, (lock) => ({
    ...lock,
    transaction: <A, E, R>(write: Effect.Effect<A, E, R>) =>
      Effect.suspend(() => {
        transactions++
        return lock.transaction(write)
      })
  }))
)

const nextTurn = Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))

// On SQLite, where one transaction runs at a time; PostgreSQL runs several at once, and a second write takes its own.
layer(LibraryServices.pipe(Layer.provide(CountingWriterLock), Layer.provideMerge(engineLayer("sqlite"))))(
  "the commit path and writes on their way (sqlite)",
  (it) => {
    it.effect("a write whose request is still on its way joins the transaction of one that reached the queue", () =>
      Effect.gen(function*() {
        const commits = yield* Commits
        const onTheWay = yield* WritesOnTheWay
        const [first, second] = [1, 2].map((i) => codeAsset({ code: `const onTheWay${i} = ${i}`, ext: "ts" }))
        const place = onTheWay.received()
        const before = transactions
        const firstWrite = yield* Effect.forkChild(commits.commit((tx) => tx.create(first)))
        // The second request is read and prepared while the first waits (turns of the event loop that queue
        // nothing), then reaches the commit path.
        for (let turn = 0; turn < 3; turn++) yield* nextTurn
        const secondWrite = yield* Effect.forkChild(onTheWay.within(place, commits.commit((tx) => tx.create(second))))
        yield* Fiber.join(firstWrite)
        yield* Fiber.join(secondWrite)
        expect(transactions - before).toBe(1)
        expect(onTheWay.count()).toBe(0)
      }))
  }
)
