import { describe, expect, it } from "@effect/vitest"
import { formatContentReplaced, interactedWith, reclassified, renamed } from "../../src/domain/AssetEdits.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"
import { codeAsset } from "./TestAssets.ts"

const saved = codeAsset({ code: "print('hi')", ext: "py", name: "hi" }, new Date(1000))
const later = timestamp(new Date(5000))

describe("asset edits", () => {
  it("a rename changes the name everywhere the asset repeats it, and moves updated", () => {
    const edited = renamed(saved, "greeting", later)
    expect(edited.name).toBe("greeting")
    expect(edited.formats.iterable[0].asset.name).toBe("greeting")
    expect(edited.updated).toEqual(later)
    expect(edited.formats.iterable[0].asset.updated).toEqual(later)
    expect(edited.created).toEqual(saved.created)
  })

  it("a reclassification changes the format, its preview and original copies, and the fragment's ext", () => {
    const edited = reclassified(saved, { generic: "CODE", specific: "rb" }, later)
    for (const format of [edited.formats.iterable[0], edited.preview.base.reference!, edited.original.reference!]) {
      expect(format.classification.specific).toBe("rb")
      expect(format.fragment?.metadata?.ext).toBe("rb")
      expect(format.updated).toEqual(later)
    }
  })

  it("new content replaces the format's text and its size everywhere", () => {
    const formatId = saved.formats.iterable[0].id
    const edited = formatContentReplaced(saved, formatId, { fragment: { string: { raw: "puts 'héllo'" } }, byteLength: 13 }, {
      generic: "CODE",
      specific: "rb"
    }, later)
    for (const format of [edited.formats.iterable[0], edited.preview.base.reference!, edited.original.reference!]) {
      expect(format.fragment?.string?.raw).toBe("puts 'héllo'")
      expect(format.bytes).toEqual({ value: 13, readable: "13 B" })
      expect(format.classification.specific).toBe("rb")
    }
    expect(edited.updated).toEqual(later)
  })

  it("an interaction raises the scores named and sets interacted, but leaves updated alone", () => {
    const used = interactedWith(interactedWith(saved, ["reuse"], later), ["reuse", "reference"], later)
    expect(used.score).toMatchObject({ reuse: 2, reference: 1, update: 0 })
    expect(used.interacted).toEqual(later)
    expect(used.updated).toEqual(saved.updated)
  })
})
