import { describe, expect, it } from "@effect/vitest"
import { markDeleted } from "../../src/domain/AssetBuilder.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"
import {
  assetsSnapshotFrame,
  changeFrame,
  identifiersSnapshotFrame,
  isStreamed
} from "../../src/http/StreamFrames.ts"
import { AssetChange } from "../../src/services/ChangeHub.ts"
import { codeAsset } from "./TestAssets.ts"

const asset = (pseudo = false) => codeAsset({ code: "const x=1", ext: "js", name: "x", pseudo })

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
