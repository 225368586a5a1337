import { describe, expect, it } from "@effect/vitest"
import { Effect, Queue } from "effect"
import { AssetChange, ChangeHub } from "../../src/services/ChangeHub.ts"
import { codeAsset } from "./TestAssets.ts"

const asset = codeAsset({ code: "x", ext: "js", name: "x" })

describe("ChangeHub", () => {
  it.scoped("a subscriber receives, in order, every change published after it subscribed", () =>
    Effect.gen(function*() {
      const hub = yield* ChangeHub
      yield* hub.publish(AssetChange.Created({ asset }))
      const changes = yield* hub.subscribe()
      yield* hub.publish(AssetChange.Updated({ asset }))
      yield* hub.publish(AssetChange.Deleted({ asset }))
      const received = yield* Queue.takeAll(changes)
      expect(Array.from(received).map((c) => c._tag)).toEqual(["Updated", "Deleted"])
    }).pipe(Effect.provide(ChangeHub.Default)))
})

describe("ChangeHub subscriptions", () => {
  it.effect("are counted while their scope lives and released when it closes", () =>
    Effect.gen(function*() {
      const hub = yield* ChangeHub
      yield* Effect.scoped(Effect.gen(function*() {
        yield* hub.subscribe()
        yield* hub.subscribe()
        expect(hub.subscriberCount()).toBe(2)
      }))
      expect(hub.subscriberCount()).toBe(0)
    }).pipe(Effect.provide(ChangeHub.Default)))
})
