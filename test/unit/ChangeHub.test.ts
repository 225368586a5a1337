import { describe, expect, it } from "@effect/vitest"
import { Effect, Queue } from "effect"
import { buildAsset } from "../../src/domain/AssetBuilder.ts"
import { ApplicationId, AssetId, FormatId } from "../../src/domain/Common.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"
import { AssetChange, ChangeHub } from "../../src/services/ChangeHub.ts"

const asset = buildAsset({
  name: "x",
  application: {
    id: ApplicationId.make("55555555-5555-4555-8555-555555555555"),
    name: "VS_CODE",
    version: "1",
    platform: "LINUX",
    onboarded: false,
    privacy: "OPEN"
  },
  classification: { generic: "CODE", specific: "js" },
  byteLength: 1,
  fragment: { string: { raw: "x" } },
  metadata: {},
  pseudo: false
}, {
  assetId: AssetId.make("11111111-1111-4111-8111-111111111111"),
  formatId: FormatId.make("22222222-2222-4222-8222-222222222222"),
  nextId: () => "33333333-3333-4333-8333-333333333333",
  creator: "44444444-4444-4444-8444-444444444444",
  now: timestamp(new Date(0))
})

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
