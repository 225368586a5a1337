import { describe, expect, it } from "@effect/vitest"
import { Effect, Logger, PubSub } from "effect"
import { AssetChange } from "../../src/domain/Commit.ts"
import { ChangeHub } from "../../src/services/ChangeHub.ts"
import { codeAsset } from "./TestAssets.ts"

const asset = codeAsset({ code: "x", ext: "js", name: "x" })
const commit = (change: AssetChange) => ({ assets: [change], metadata: [], applications: [], intentions: [], proposals: [] })

describe("ChangeHub", () => {
  it.effect("a subscriber receives, in order, every commit published after it subscribed", () =>
    Effect.gen(function*() {
      const hub = yield* ChangeHub
      yield* hub.publish(commit(AssetChange.Created({ asset, row: 1 })))
      const commits = yield* hub.subscribe()
      yield* hub.publish(commit(AssetChange.Updated({ asset, row: 1 })))
      yield* hub.publish(commit(AssetChange.Deleted({ asset, row: 1 })))
      const received = yield* PubSub.takeAll(commits)
      expect(Array.from(received).map((c) => c.assets[0]._tag)).toEqual(["Updated", "Deleted"])
    }).pipe(Effect.provide(ChangeHub.layer)))
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
    }).pipe(Effect.provide(ChangeHub.layer)))
})

describe("ChangeHub followers", () => {
  it.live("are called with every commit published after they follow, in order, one after the other", () =>
    Effect.gen(function*() {
      const hub = yield* ChangeHub
      yield* hub.publish(commit(AssetChange.Created({ asset, row: 1 })))
      // Let the delivery fiber hand on the commit published before anyone followed.
      yield* Effect.sleep("10 millis")
      const calls: Array<string> = []
      yield* hub.follow((c) => calls.push(`first ${c.assets[0]._tag}`))
      yield* hub.follow((c) => calls.push(`second ${c.assets[0]._tag}`))
      yield* hub.publish(commit(AssetChange.Updated({ asset, row: 1 })))
      yield* hub.publish(commit(AssetChange.Deleted({ asset, row: 1 })))
      while (calls.length < 4) yield* Effect.sleep("1 millis")
      expect(calls).toEqual(["first Updated", "second Updated", "first Deleted", "second Deleted"])
    }).pipe(Effect.provide(ChangeHub.layer)))

  it.live("a follower that fails costs the others nothing", () =>
    Effect.gen(function*() {
      const hub = yield* ChangeHub
      const received: Array<string> = []
      yield* hub.follow(() => {
        throw new Error("a broken follower")
      })
      yield* hub.follow((c) => received.push(c.assets[0]._tag))
      yield* hub.publish(commit(AssetChange.Created({ asset, row: 1 })))
      yield* hub.publish(commit(AssetChange.Updated({ asset, row: 1 })))
      while (received.length < 2) yield* Effect.sleep("1 millis")
      expect(received).toEqual(["Created", "Updated"])
    }).pipe(Effect.provide(ChangeHub.layer), Effect.provide(Logger.layer([]))))

  it.live("count as subscribers while their scope lives, and are not called once it closed", () =>
    Effect.gen(function*() {
      const hub = yield* ChangeHub
      const received: Array<string> = []
      yield* Effect.scoped(Effect.gen(function*() {
        yield* hub.follow((c) => received.push(c.assets[0]._tag))
        expect(hub.subscriberCount()).toBe(1)
      }))
      expect(hub.subscriberCount()).toBe(0)
      yield* hub.publish(commit(AssetChange.Created({ asset, row: 1 })))
      yield* Effect.sleep("10 millis")
      expect(received).toEqual([])
    }).pipe(Effect.provide(ChangeHub.layer)))
})
