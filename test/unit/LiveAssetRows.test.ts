import { expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { partsOf } from "../../src/domain/AssetBuilder.ts"
import { fingerprintOf, prepare } from "../../src/domain/CodeFingerprint.ts"
import { entitiesOf } from "../../src/domain/Metadata.ts"
import { searchableText } from "../../src/domain/SearchableText.ts"
import { storedParts } from "../../src/domain/StoredAsset.ts"
import { AssetStore } from "../../src/storage/AssetStore.ts"
import { LiveAssetRows } from "../../src/storage/LiveAssetRows.ts"
import { MetadataStore } from "../../src/storage/MetadataStore.ts"
import { SimilarityStore } from "../../src/storage/SimilarityStore.ts"
import { TextSearch } from "../../src/storage/TextSearch.ts"
import { codeAsset } from "./TestAssets.ts"
import { engineLayer, testEngines } from "./TestLayers.ts"

const CODE = `export const total = (items) => {
  let sum = 0
  for (const item of items) sum += item.price * item.quantity
  return sum
}`

for (const engine of testEngines) layer(engineLayer(engine))(`LiveAssetRows (${engine})`, (it) => {
  it.effect("writes every row that finds a new asset, under the search row it answers", () =>
    Effect.gen(function*() {
      const assets = yield* AssetStore
      const metadata = yield* MetadataStore
      const asset = codeAsset({ code: CODE, ext: "js", name: "total", tags: ["money", "loops"] })
      const entityRows = yield* Effect.forEach(entitiesOf(partsOf(asset), "tag"), (tag) => metadata.insert("tag", tag))
      const searchable = searchableText(asset)
      const fingerprint = fingerprintOf(prepare(CODE))

      const row = yield* (yield* LiveAssetRows).insert({
        asset,
        stored: storedParts(asset),
        searchable,
        entityRows,
        fingerprint
      })

      expect(Option.isSome(yield* assets.find(asset.id, true))).toBe(true)
      expect(yield* assets.assetOfFormat(asset.formats.iterable[0].id)).toEqual(Option.some(asset.id))
      expect(yield* assets.rowOf(asset.id)).toBe(row)
      expect([...yield* metadata.linksOf(row)].sort()).toEqual([...entityRows].sort())
      expect((yield* (yield* TextSearch).contentAt([row])).get(row)).toBe(CODE)
      expect(yield* (yield* SimilarityStore).candidates(fingerprint, { limit: 5, sameShape: 5 })).toContain(row)
    }))

  it.effect("writes no stored parts or format ids for an asset that has them (back from the trash)", () =>
    Effect.gen(function*() {
      const assets = yield* AssetStore
      const asset = codeAsset({ code: "SELECT name FROM users WHERE active = 1", ext: "sql", name: "active users" })
      const row = yield* (yield* LiveAssetRows).insert({
        asset,
        stored: undefined,
        searchable: searchableText(asset),
        entityRows: [],
        fingerprint: undefined
      })
      expect(yield* assets.rowOf(asset.id)).toBe(row)
      expect(Option.isNone(yield* assets.find(asset.id, false))).toBe(true)
      expect(Option.isNone(yield* assets.assetOfFormat(asset.formats.iterable[0].id))).toBe(true)
      expect(yield* (yield* MetadataStore).linksOf(row)).toEqual([])
    }))
})
