import { describe, expect, it } from "@effect/vitest"
import { buildAsset, markDeleted } from "../../src/domain/AssetBuilder.ts"
import { ApplicationId, AssetId, FormatId } from "../../src/domain/Common.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"
import {
  assetsSnapshotFrame,
  changeFrame,
  identifiersSnapshotFrame,
  isStreamed
} from "../../src/http/StreamFrames.ts"
import { AssetChange } from "../../src/services/ChangeHub.ts"

const asset = (pseudo = false) =>
  buildAsset({
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
    byteLength: 9,
    fragment: { string: { raw: "const x=1" } },
    metadata: {},
    pseudo
  }, {
    assetId: AssetId.make("11111111-1111-4111-8111-111111111111"),
    formatId: FormatId.make("22222222-2222-4222-8222-222222222222"),
    nextId: () => "33333333-3333-4333-8333-333333333333",
    creator: "44444444-4444-4444-8444-444444444444",
    now: timestamp(new Date(0))
  })

describe("StreamFrames", () => {
  it("identifier frames: the snapshot lists ids; a change names its id, a deletion says so", () => {
    expect(JSON.parse(identifiersSnapshotFrame(["a", "b"]))).toEqual({
      iterable: [{ asset: { id: "a" } }, { asset: { id: "b" } }]
    })
    const created = asset()
    expect(JSON.parse(changeFrame(AssetChange.Created({ asset: created }), "identifiers"))).toEqual({
      iterable: [{ asset: { id: created.id } }]
    })
    expect(JSON.parse(changeFrame(AssetChange.Deleted({ asset: created }), "identifiers"))).toEqual({
      iterable: [{ asset: { id: created.id }, deleted: true }]
    })
  })

  it("asset frames carry the asset, without content on the plain stream; a deletion carries its time", () => {
    const deleted = markDeleted(asset(), timestamp(new Date(1000)))
    const change = AssetChange.Deleted({ asset: deleted })
    const lean = JSON.parse(changeFrame(change, "assets"))
    expect(lean.iterable[0].deleted.value).toBe(new Date(1000).toISOString())
    const created = AssetChange.Created({ asset: asset() })
    expect(JSON.parse(changeFrame(created, "assets")).iterable[0].formats.iterable[0].fragment).toBeUndefined()
    expect(JSON.parse(changeFrame(created, "transferables")).iterable[0].formats.iterable[0].fragment.string.raw)
      .toBe("const x=1")
    expect(JSON.parse(assetsSnapshotFrame(['{"id":"a"}', '{"id":"b"}']))).toEqual({ iterable: [{ id: "a" }, { id: "b" }] })
  })

  it("leaves pseudo assets out", () => {
    expect(isStreamed(AssetChange.Created({ asset: asset(true) }))).toBe(false)
    expect(isStreamed(AssetChange.Created({ asset: asset(false) }))).toBe(true)
  })
})
