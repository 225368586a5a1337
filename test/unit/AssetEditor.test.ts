import { expect, layer } from "@effect/vitest"
import { Effect, Result } from "effect"
import { randomUUID } from "node:crypto"
import { AssetId } from "../../src/domain/Common.ts"
import { AssetCreator } from "../../src/services/AssetCreator.ts"
import { AssetEditor } from "../../src/services/AssetEditor.ts"
import { AssetSearch } from "../../src/services/AssetSearch.ts"
import { SimilarityIndex } from "../../src/services/SimilarityIndex.ts"
import { AssetRepository } from "../../src/services/AssetRepository.ts"
import { codeSeed, servicesOn, testEngines, withIds } from "./TestLayers.ts"

const PYTHON = "def fibonacci_numbers(count):\n    a, b = 0, 1\n    for _ in range(count):\n        yield a\n        a, b = b, a + b\n"
const RUBY = "def factorial_of(n)\n  return 1 if n <= 1\n  n * factorial_of(n - 1)\nend\n"

const searchIds = (request: { query?: string; filters?: { iterable: ReadonlyArray<{ classification: string }> } }) =>
  Effect.flatMap(AssetSearch, (search) =>
    Effect.map(Effect.flatMap(search.search({ pseudo: false, ...request }), withIds), (result) =>
      result.hits.map((hit) => hit.id)))

for (const engine of testEngines) layer(servicesOn(engine))(`AssetEditor (${engine})`, (it) => {
  it.effect("new content is what the search, similarity and facet indexes find at once; the language is detected", () =>
    Effect.gen(function*() {
      const editor = yield* AssetEditor
      const asset = yield* (yield* AssetCreator).create(codeSeed(PYTHON))
      const format = asset.formats.iterable[0]
      expect(format.classification.specific).toBe("py")
      const edited = yield* editor.replaceFormatContent({ id: format.id, fragment: { string: { raw: RUBY } } })
      expect(edited.fragment?.string?.raw).toBe(RUBY)
      expect(edited.classification.specific).toBe("rb")
      expect(edited.bytes.value).toBe(Buffer.byteLength(RUBY))
      expect(yield* searchIds({ query: "factorial_of" })).toEqual([asset.id])
      expect(yield* searchIds({ query: "range(count)" })).toEqual([])
      expect(yield* searchIds({ filters: { iterable: [{ classification: "rb" }] } })).toContain(asset.id)
      expect(yield* searchIds({ filters: { iterable: [{ classification: "py" }] } })).not.toContain(asset.id)
      const similar = yield* (yield* SimilarityIndex).closest(RUBY, { limit: 1 })
      const row = (yield* (yield* AssetRepository).rowsOf([asset.id])).get(asset.id)
      expect(similar[0]).toEqual({ row, similarity: 1 })
    }))

  it.effect("the client's language wins over detection", () =>
    Effect.gen(function*() {
      const asset = yield* (yield* AssetCreator).create(codeSeed(PYTHON))
      const format = asset.formats.iterable[0]
      const edited = yield* (yield* AssetEditor).replaceFormatContent({
        id: format.id,
        fragment: { string: { raw: RUBY } },
        classification: { specific: "txt" }
      })
      expect(edited.classification).toMatchObject({ specific: "txt", generic: "TEXT" })
    }))

  it.effect("a format named as another asset's, blank content, an unknown format: refused, nothing changed", () =>
    Effect.gen(function*() {
      const editor = yield* AssetEditor
      const asset = yield* (yield* AssetCreator).create(codeSeed(PYTHON))
      const format = asset.formats.iterable[0]
      const refusals = [
        yield* Effect.result(editor.replaceFormatContent({ id: format.id, asset: randomUUID(), fragment: { string: { raw: RUBY } } })),
        yield* Effect.result(editor.replaceFormatContent({ id: format.id, fragment: { string: { raw: "  \n" } } })),
        yield* Effect.result(editor.replaceFormatContent({ id: randomUUID(), fragment: { string: { raw: RUBY } } }))
      ]
      expect(refusals.map((r) => Result.isFailure(r) && r.failure._tag)).toEqual(["InvalidRequest", "InvalidRequest", "FormatNotFound"])
      expect((yield* editor.format(format.id)).fragment?.string?.raw).toBe(PYTHON)
    }))

  it.effect("a rename is found by the new name, not the old; a blank name is refused", () =>
    Effect.gen(function*() {
      const editor = yield* AssetEditor
      const asset = yield* (yield* AssetCreator).create(codeSeed(PYTHON, { name: "sequence generator" }))
      const renamed = yield* editor.rename(AssetId.make(asset.id), "  golden spiral  ")
      expect(renamed.name).toBe("golden spiral")
      expect(yield* searchIds({ query: "golden spiral" })).toEqual([asset.id])
      expect(yield* searchIds({ query: "sequence generator" })).toEqual([])
      const blank = yield* Effect.result(editor.rename(AssetId.make(asset.id), " "))
      expect(Result.isFailure(blank) && blank.failure._tag).toBe("InvalidRequest")
    }))

  it.effect("a reclassification moves the asset between language filters", () =>
    Effect.gen(function*() {
      const asset = yield* (yield* AssetCreator).create(codeSeed(RUBY, { ext: "py" }))
      yield* (yield* AssetEditor).reclassify(AssetId.make(asset.id), "rb")
      expect(yield* searchIds({ filters: { iterable: [{ classification: "rb" }] } })).toContain(asset.id)
      expect(yield* searchIds({ filters: { iterable: [{ classification: "py" }] } })).not.toContain(asset.id)
    }))
})
