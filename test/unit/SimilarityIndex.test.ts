import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { AssetId } from "../../src/domain/Common.ts"
import { AssetCreator } from "../../src/services/AssetCreator.ts"
import { AssetEditor } from "../../src/services/AssetEditor.ts"
import { SimilarityIndex } from "../../src/services/SimilarityIndex.ts"
import { codeAsset } from "./TestAssets.ts"
import { idsAt, servicesOn, testEngines } from "./TestLayers.ts"

const CODE = `function total(items) {
  // add them up
  let sum = 0
  for (const item of items) sum += item.price * item.quantity
  return sum
}`

const closest = (code: string) =>
  Effect.flatMap(SimilarityIndex, (index) =>
    Effect.flatMap(index.closest(code, { limit: 5 }), (found) =>
      Effect.map(idsAt(found.map((similar) => similar.row)), (ids) =>
        ids.map((id, i) => ({ id, similarity: found[i].similarity })))))

for (const engine of testEngines) layer(servicesOn(engine))(`SimilarityIndex (${engine})`, (it) => {
  it.effect("finds exact, renamed and near copies from SQLite alone, best first, and forgets deleted assets", () =>
    Effect.gen(function*() {
      const creator = yield* AssetCreator
      const original = codeAsset({ code: CODE, ext: "js", name: "total" })
      const other = codeAsset({ code: "SELECT name, email FROM users WHERE active = 1 ORDER BY name", ext: "sql" })
      yield* creator.store(original)
      yield* creator.store(other)
      expect((yield* closest(CODE.replaceAll("  ", "    ")))[0]).toEqual({ id: original.id, similarity: 1 })
      const renamed = (yield* closest(CODE.replaceAll("sum", "acc")))[0]
      expect(renamed.id).toBe(original.id)
      expect(renamed.similarity).toBeGreaterThanOrEqual(0.98)
      const near = yield* closest(CODE.replace("return sum", "return sum + 1"))
      expect(near[0].id).toBe(original.id)
      expect(near[0].similarity).toBeLessThan(1)
      yield* (yield* AssetEditor).remove(AssetId.make(original.id))
      expect((yield* closest(CODE)).map((found) => found.id)).not.toContain(original.id)
    }))

  it.effect("orders snippets holding a fragment whole: its comments held first, then the one it is most of", () =>
    Effect.gen(function*() {
      const creator = yield* AssetCreator
      const fragment = DOCUMENTED.split("\n").slice(0, 6).join("\n")
      // Saved after the original, so newer: the same code with other comments, and the same code inside more code.
      const original = codeAsset({ code: DOCUMENTED, ext: "js", name: "dispatch" })
      const recommented = codeAsset({
        code: DOCUMENTED.replace("4. Initialize any other", "Step four: set the other"),
        ext: "js",
        name: "dispatchRecommented"
      })
      const dispatchAll = "export const dispatchAll = (targets, event) =>\n  targets.forEach((t) => dispatch(t, event))"
      const longer = codeAsset({
        code: `${DOCUMENTED}\n${dispatchAll}`,
        ext: "js",
        name: "dispatchAll"
      })
      yield* creator.store(original)
      yield* creator.store(recommented)
      const found = yield* closest(fragment)
      expect(found.slice(0, 2)).toEqual([{ id: original.id, similarity: 1 }, { id: recommented.id, similarity: 1 }])
      yield* creator.store(longer)
      const again = yield* closest(fragment)
      expect(again.slice(0, 3).map((similar) => similar.id)).toEqual([original.id, longer.id, recommented.id])
      const editor = yield* AssetEditor
      yield* editor.remove(AssetId.make(original.id))
      expect((yield* closest(fragment))[0].id).toBe(longer.id)
      yield* editor.remove(AssetId.make(longer.id))
      yield* editor.remove(AssetId.make(recommented.id))
    }))

  it.effect("finds the snippet holding a paste of its comments as they are, which fingerprints cannot compare", () =>
    Effect.gen(function*() {
      const creator = yield* AssetCreator
      const documented = codeAsset({ code: DOCUMENTED, ext: "js", name: "dispatch" })
      // The same words, other lines: it holds the words the lookup reads, not the paste.
      const reworded = codeAsset({
        code: DOCUMENTED.replace("of this algorithm.", "of this algorithm, as specified."),
        ext: "js",
        name: "dispatchAgain"
      })
      yield* creator.store(documented)
      yield* creator.store(reworded)
      const paste = DOCUMENTED.split("\n").slice(1, 6).join("\n")
      const found = yield* closest(paste)
      expect(found[0]).toEqual({ id: documented.id, similarity: 1 })
      expect(found.filter((similar) => similar.similarity >= 0.5)).toHaveLength(1)
      const changed = yield* closest(paste.replace("legacy target", "legacy"))
      expect(changed.filter((similar) => similar.similarity >= 0.5)).toEqual([])
      yield* (yield* AssetEditor).remove(AssetId.make(documented.id))
      expect((yield* closest(paste)).map((similar) => similar.id)).not.toContain(documented.id)
    }))
})

const DOCUMENTED = `export const dispatch = (target, event) => {
  // 4. Initialize any other IDL attributes of event as described in the
  //    invocation of this algorithm.
  // 5. Return the result of dispatching event at target, with legacy target
  //    override flag set if set.
  return target.dispatchEvent(event)
}`
