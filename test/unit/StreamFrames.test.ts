import { describe, expect, it } from "@effect/vitest"
import { markDeleted } from "../../src/domain/AssetBuilder.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"
import { assetsSnapshotFrame, commitFrame, identifiersSnapshotFrame } from "../../src/http/StreamFrames.ts"
import { AssetChange, type Commit } from "../../src/domain/Commit.ts"
import { frameText } from "./FrameText.ts"
import { codeAsset } from "./TestAssets.ts"

const asset = (pseudo = false) => codeAsset({ code: "const x=1", ext: "js", name: "x", pseudo })
const commit = (assets: Commit["assets"], metadata: Commit["metadata"] = []): Commit => ({
  assets,
  metadata,
  applications: [],
  intentions: [],
  proposals: []
})

describe("StreamFrames", () => {
  it("identifier frames: the snapshot lists ids; a commit names the ids it changed, a deletion says so", () => {
    expect(JSON.parse(identifiersSnapshotFrame("asset", ["a", "b"]))).toEqual({
      iterable: [{ asset: { id: "a" } }, { asset: { id: "b" } }]
    })
    const created = asset()
    const other = asset()
    const both = commit([AssetChange.Created({ asset: created, row: 1 }), AssetChange.Deleted({ asset: other, row: 1 })])
    expect(JSON.parse(frameText(commitFrame(both, "identifiers")))).toEqual({
      iterable: [{ asset: { id: created.id } }, { asset: { id: other.id }, deleted: true }]
    })
  })

  it("asset frames carry the assets, without content on the plain stream; a deletion carries its time", () => {
    const deleted = markDeleted(asset(), timestamp(new Date(1000)))
    const lean = JSON.parse(frameText(commitFrame(commit([AssetChange.Deleted({ asset: deleted, row: 1 })]), "assets")))
    expect(lean.iterable[0].deleted.value).toBe(new Date(1000).toISOString())
    const created = commit([AssetChange.Created({ asset: asset(), row: 1 })])
    expect(JSON.parse(frameText(commitFrame(created, "assets"))).iterable[0].formats.iterable[0].fragment).toBeUndefined()
    expect(JSON.parse(frameText(commitFrame(created, "transferables"))).iterable[0].formats.iterable[0].fragment.string.raw)
      .toBe("const x=1")
    expect(JSON.parse(assetsSnapshotFrame(['{"id":"a"}', '{"id":"b"}']))).toEqual({ iterable: [{ id: "a" }, { id: "b" }] })
  })

  it("tag frames name the tags a commit changed; a commit that concerns no stream has no frame for it", () => {
    const tags = commit([], [{ kind: "tag", id: "t1", deleted: false }, { kind: "tag", id: "t2", deleted: true }])
    expect(JSON.parse(frameText(commitFrame(tags, "tags")))).toEqual({
      iterable: [{ tag: { id: "t1" } }, { tag: { id: "t2" }, deleted: true }]
    })
    expect(commitFrame(tags, "identifiers")).toBeUndefined()
    expect(commitFrame(commit([AssetChange.Created({ asset: asset(), row: 1 })]), "tags")).toBeUndefined()
  })

  it("leaves pseudo assets out", () => {
    const pseudo = commit([AssetChange.Created({ asset: asset(true), row: 1 })])
    expect(commitFrame(pseudo, "identifiers")).toBeUndefined()
    expect(commitFrame(pseudo, "transferables")).toBeUndefined()
  })
})
