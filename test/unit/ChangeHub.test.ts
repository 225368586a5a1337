import { describe, expect, it } from "@effect/vitest"
import { Effect, Queue } from "effect"
import { AssetChange } from "../../src/domain/Commit.ts"
import { ChangeHub } from "../../src/services/ChangeHub.ts"
import { codeAsset } from "./TestAssets.ts"

const asset = codeAsset({ code: "x", ext: "js", name: "x" })
const commit = (change: AssetChange) => ({ assets: [change], metadata: [], applications: [], intentions: [] })

describe("ChangeHub", () => {
  it.scoped("a subscriber receives, in order, every commit published after it subscribed", () =>
    Effect.gen(function*() {
      const hub = yield* ChangeHub
      yield* hub.publish(commit(AssetChange.Created({ asset, row: 1 })))
      const commits = yield* hub.subscribe()
      yield* hub.publish(commit(AssetChange.Updated({ asset, row: 1 })))
      yield* hub.publish(commit(AssetChange.Deleted({ asset, row: 1 })))
      const received = yield* Queue.takeAll(commits)
      expect(Array.from(received).map((c) => c.assets[0]._tag)).toEqual(["Updated", "Deleted"])
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
