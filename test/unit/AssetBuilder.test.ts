import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { Asset } from "../../src/domain/Asset.ts"
import { buildAsset, byteDescriptor, markDeleted, withoutTransferables } from "../../src/domain/AssetBuilder.ts"
import { ApplicationId, AssetId, FormatId } from "../../src/domain/Common.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"

const now = timestamp(new Date("2026-01-02T03:04:05Z"))
let counter = 0
const ids = {
  assetId: AssetId.make("11111111-1111-4111-8111-111111111111"),
  formatId: FormatId.make("22222222-2222-4222-8222-222222222222"),
  nextId: () => `33333333-3333-4333-8333-${String(++counter).padStart(12, "0")}`,
  creator: "44444444-4444-4444-8444-444444444444",
  now
}
const application = {
  id: ApplicationId.make("55555555-5555-4555-8555-555555555555"),
  name: "VS_CODE" as const,
  version: "1.0",
  platform: "LINUX" as const,
  onboarded: false,
  privacy: "OPEN" as const
}
const asset = buildAsset({
  name: "add",
  application,
  classification: { generic: "CODE", specific: "ts" },
  byteLength: 42,
  fragment: { string: { raw: "const add = (a: number, b: number) => a + b" }, metadata: { ext: "ts" } },
  metadata: { tags: [{ text: "math" }], annotations: [{ type: "DESCRIPTION", text: "adds" }] },
  pseudo: false
}, ids)

describe("buildAsset", () => {
  it("makes one BOTH format that is also the preview and the original", () => {
    expect(asset.formats.iterable).toHaveLength(1)
    const [format] = asset.formats.iterable
    expect(format.role).toBe("BOTH")
    expect(asset.preview.base.id).toBe(format.id)
    expect(asset.original.reference?.asset).toBe(asset.id)
    expect(format.asset.formats.iterable).toEqual([{ id: format.id }])
    expect(format.fragment?.string?.raw).toContain("a + b")
  })

  it("gives tags and annotations ids and the creation time", () => {
    expect(asset.tags?.iterable.map((t) => t.text)).toEqual(["math"])
    expect(asset.annotations?.iterable[0]).toMatchObject({ type: "DESCRIPTION", text: "adds", created: now })
    expect(asset.mechanism).toBe("MANUAL")
  })

  it("is a valid Asset", () => {
    expect(Schema.is(Asset)(asset)).toBe(true)
  })
})

describe("withoutTransferables", () => {
  it("removes fragment and file everywhere and keeps all metadata", () => {
    const lean = withoutTransferables(asset)
    expect(JSON.stringify(lean)).not.toContain("a + b")
    expect(lean.formats.iterable[0].classification).toEqual({ generic: "CODE", specific: "ts" })
    expect(lean.original.reference?.bytes.value).toBe(42)
    expect(lean.name).toBe("add")
  })
})

describe("markDeleted", () => {
  it("stamps the deletion and drops the content", () => {
    const at = timestamp(new Date("2026-02-02T00:00:00Z"))
    const deleted = markDeleted(asset, at)
    expect(deleted.deleted).toEqual(at)
    expect(JSON.stringify(deleted)).not.toContain("a + b")
  })
})

describe("byteDescriptor", () => {
  it("reads as bytes below a kilobyte and in larger units above", () => {
    expect(byteDescriptor(512)).toEqual({ value: 512, readable: "512 B" })
    expect(byteDescriptor(1536)).toEqual({ value: 1536, readable: "1.5 KB" })
    expect(byteDescriptor(5 * 1024 * 1024).readable).toBe("5.0 MB")
  })
})
