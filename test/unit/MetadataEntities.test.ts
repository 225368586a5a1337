import { expect, layer } from "@effect/vitest"
import { Effect, Option, PubSub, Result } from "effect"
import { AssetId } from "../../src/domain/Common.ts"
import { AssetCreator } from "../../src/services/AssetCreator.ts"
import { AssetRepository } from "../../src/services/AssetRepository.ts"
import { AssetSearch } from "../../src/services/AssetSearch.ts"
import { ChangeHub } from "../../src/services/ChangeHub.ts"
import { MetadataEntities } from "../../src/services/MetadataEntities.ts"
import { codeSeed, servicesOn, testEngines, withIds } from "./TestLayers.ts"

const save = (raw: string, tags: ReadonlyArray<string> = []) =>
  Effect.map(Effect.flatMap(AssetCreator, (creator) => creator.create(codeSeed(raw, { ext: "ts", tags }))), (a) =>
    AssetId.make(a.id))

const read = (id: AssetId) => Effect.flatMap(AssetRepository, (repository) => repository.get(id))
const tagTexts = (id: AssetId) => Effect.map(read(id), (asset) => asset.tags!.iterable.map((tag) => tag.text))
const taggedIds = (tag: string) =>
  Effect.flatMap(AssetSearch, (search) =>
    Effect.map(Effect.flatMap(search.search({ tags: [tag], pseudo: false }), withIds), (result) =>
      result.hits.map((hit) => hit.id)))

for (const engine of testEngines) layer(servicesOn(engine))(`MetadataEntities (${engine})`, (it) => {
  it.effect("a tag created twice is one tag; it lists the assets it is on", () =>
    Effect.gen(function*() {
      const metadata = yield* MetadataEntities
      const asset = yield* save("const one = 1")
      const first = yield* metadata.createTag({ text: "Utilities", asset })
      const again = yield* metadata.createTag({ text: " utilities " })
      expect(again.id).toBe(first.id)
      expect((yield* metadata.get("tag", first.id)).assets?.iterable).toEqual([{ id: asset }])
      expect(Option.map(yield* metadata.find("tag", "UTILITIES"), (tag) => tag.id)).toEqual(Option.some(first.id))
      expect(yield* tagTexts(asset)).toEqual(["Utilities"])
    }))

  it.effect("renaming a tag renames it on every asset carrying it, in one commit, without moving their updated", () =>
    Effect.gen(function*() {
      const metadata = yield* MetadataEntities
      const a = yield* save("const a = 1", ["draft"])
      const b = yield* save("const b = 2", ["Draft", "other"])
      const before = yield* read(b)
      const tag = before.tags!.iterable[0]
      const changes = yield* (yield* ChangeHub).subscribe()
      const renamed = yield* metadata.updateTag({ id: tag.id, text: "reviewed" })
      expect(renamed.text).toBe("reviewed")
      expect(yield* tagTexts(a)).toEqual(["reviewed"])
      expect(yield* tagTexts(b)).toEqual(["reviewed", "other"])
      expect((yield* read(b)).updated).toEqual(before.updated)
      expect(new Set(yield* taggedIds("reviewed"))).toEqual(new Set([a, b]))
      expect(yield* taggedIds("draft")).toEqual([])
      const commit = yield* PubSub.take(changes)
      expect(new Set(commit.assets.map((change) => change.asset.id))).toEqual(new Set([a, b]))
      expect(commit.metadata).toContainEqual({ kind: "tag", id: tag.id, deleted: false })
      expect(yield* PubSub.remaining(changes)).toBe(0)
    }))

  it.effect("renaming a tag to another tag's text is a conflict, and changes nothing", () =>
    Effect.gen(function*() {
      const metadata = yield* MetadataEntities
      const first = yield* metadata.createTag({ text: "alpha" })
      yield* metadata.createTag({ text: "beta" })
      const refused = yield* Effect.result(metadata.updateTag({ id: first.id, text: "BETA" }))
      expect(Result.isFailure(refused) && refused.failure._tag).toBe("MetadataConflict")
      expect((yield* metadata.get("tag", first.id)).text).toBe("alpha")
    }))

  it.effect("a deleted tag is gone from its assets and from tag search", () =>
    Effect.gen(function*() {
      const metadata = yield* MetadataEntities
      const asset = yield* save("const doomed = 1", ["doomed", "kept"])
      const doomed = (yield* read(asset)).tags!.iterable[0]
      yield* metadata.remove("tag", doomed.id)
      expect(yield* tagTexts(asset)).toEqual(["kept"])
      expect(yield* taggedIds("doomed")).toEqual([])
      const gone = yield* Effect.result(metadata.get("tag", doomed.id))
      expect(Result.isFailure(gone) && gone.failure._tag).toBe("MetadataNotFound")
    }))

  it.effect("putting a tag on an asset and taking it off edit the asset; twice is once", () =>
    Effect.gen(function*() {
      const metadata = yield* MetadataEntities
      const asset = yield* save("const plain = 1")
      const tag = yield* metadata.createTag({ text: "later" })
      const before = yield* read(asset)
      yield* metadata.associate("tag", tag.id, asset)
      yield* metadata.associate("tag", tag.id, asset)
      const tagged = yield* read(asset)
      expect(tagged.tags!.iterable.map((t) => t.id)).toEqual([tag.id])
      expect(tagged.updated.value >= before.updated.value).toBe(true)
      expect(yield* taggedIds("later")).toEqual([asset])
      yield* metadata.disassociate("tag", tag.id, asset)
      expect(yield* tagTexts(asset)).toEqual([])
      expect((yield* metadata.get("tag", tag.id)).assets?.iterable).toEqual([])
    }))

  it.effect("a website is shared by URL; an annotation belongs to one asset and moves when put on another", () =>
    Effect.gen(function*() {
      const metadata = yield* MetadataEntities
      const a = yield* save("const a = 'a'")
      const b = yield* save("const b = 'b'")
      const site = yield* metadata.createWebsite({ url: "https://example.com/docs", name: "docs", asset: a })
      const same = yield* metadata.createWebsite({ url: "https://example.com/docs", name: "again", asset: b })
      expect(same.id).toBe(site.id)
      expect(new Set(same.assets?.iterable.map((ref) => ref.id))).toEqual(new Set([a, b]))
      const note = yield* metadata.createAnnotation({ type: "DESCRIPTION", text: "explains a", asset: a })
      yield* metadata.associate("annotation", note.id, b)
      expect((yield* read(a)).annotations!.iterable).toEqual([])
      expect((yield* read(b)).annotations!.iterable.map((n) => n.id)).toEqual([note.id])
      expect((yield* metadata.get("annotation", note.id)).asset).toEqual({ id: b })
      const edited = yield* metadata.updateAnnotation({ id: note.id, type: "COMMENT", text: "explains b" })
      expect(edited.text).toBe("explains b")
      expect((yield* read(b)).annotations!.iterable[0]).toMatchObject({ text: "explains b", type: "COMMENT" })
    }))

  it.effect("an unknown tag or asset is refused and nothing is written", () =>
    Effect.gen(function*() {
      const metadata = yield* MetadataEntities
      const asset = yield* save("const lonely = 1")
      const tag = yield* metadata.createTag({ text: "lonely" })
      const unknownTag = yield* Effect.result(metadata.associate("tag", "00000000-0000-4000-8000-000000000000", asset))
      expect(Result.isFailure(unknownTag) && unknownTag.failure._tag).toBe("MetadataNotFound")
      const unknownAsset = yield* Effect.result(
        metadata.associate("tag", tag.id, AssetId.make("00000000-0000-4000-8000-000000000000"))
      )
      expect(Result.isFailure(unknownAsset) && unknownAsset.failure._tag).toBe("AssetNotFound")
      expect(yield* tagTexts(asset)).toEqual([])
    }))
})
