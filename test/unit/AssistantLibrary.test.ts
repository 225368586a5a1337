/**
 * The library as an assistant uses it, on both engines: search in pages of summaries, save with the reuse check,
 * an edit of several fields as one write or none, tags with counts, related snippets.
 */
import { expect, layer } from "@effect/vitest"
import { Effect, Result } from "effect"
import { AssetId } from "../../src/domain/Common.ts"
import { AssetRepository } from "../../src/services/AssetRepository.ts"
import { AssistantLibrary } from "../../src/services/AssistantLibrary.ts"
import { servicesOn, testEngines } from "./TestLayers.ts"

const MEDIAN = `def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2
`
const RETRY = `export async function retry<T>(attempt: () => Promise<T>, times: number): Promise<T> {
  let lastError: unknown
  for (let i = 0; i < times; i++) {
    try {
      return await attempt()
    } catch (error) {
      lastError = error
    }
  }
  throw lastError
}
`

for (const engine of testEngines) layer(servicesOn(engine))(`AssistantLibrary (${engine})`, (it) => {
  it.effect("saves a snippet, and saves a near copy only when told to", () =>
    Effect.gen(function*() {
      const library = yield* AssistantLibrary
      const first = yield* library.save({ code: MEDIAN, name: "median", tags: ["stats"], language: "py" })
      expect(first.saved).toBe(true)
      const copy = yield* library.save({ code: MEDIAN.replaceAll("ordered", "items") })
      expect(copy.saved).toBe(false)
      expect(copy.nearCopies[0].name).toBe("median")
      expect(copy.nearCopies[0].similarity).toBeGreaterThanOrEqual(0.7)
      const anyway = yield* library.save({ code: MEDIAN.replaceAll("ordered", "items"), saveAnyway: true })
      expect(anyway.saved).toBe(true)
      expect(Result.isFailure(yield* Effect.result(library.save({ code: "  \n " })))).toBe(true)
    }))

  it.effect("finds in pages of summaries with the lines around the match; filters by tag and language", () =>
    Effect.gen(function*() {
      const library = yield* AssistantLibrary
      for (let i = 0; i < 3; i++) {
        yield* library.save({ code: RETRY.replace("retry", `retryPaged${i}`).replace("times", `times${i}`), tags: ["paged"], language: "ts", saveAnyway: true })
      }
      const first = yield* library.find({ query: "retryPaged", limit: 2 })
      expect(first.items).toHaveLength(2)
      expect(first.total).toBe(3)
      expect(first.next).toBe(2)
      expect(first.items[0].excerpt).toMatch(/retryPaged\d/)
      const rest = yield* library.find({ query: "retryPaged", limit: 2, offset: first.next })
      expect(rest.items).toHaveLength(1)
      expect(rest.next).toBeUndefined()
      expect((yield* library.find({ tags: ["paged"], language: "ts" })).total).toBe(3)
      expect((yield* library.find({ tags: ["paged"], language: "py" })).total).toBe(0)
      const words = yield* library.find({ query: "retry paged", mode: "identifier_words", tags: ["paged"] })
      expect(words.items.length).toBe(3)
    }))

  it.effect("edits name, tags, language and code in one write; a refused edit leaves the snippet as it was", () =>
    Effect.gen(function*() {
      const library = yield* AssistantLibrary
      const saved = yield* library.save({ code: RETRY.replaceAll("retry", "retryEdited"), tags: ["a", "b"], language: "ts", saveAnyway: true })
      if (!saved.saved) throw new Error("not saved")
      const id = AssetId.make(saved.snippet.id)
      const edited = yield* library.edit(id, { name: "retry, edited", tags: ["B", "c"], code: `${RETRY}// v2\n` })
      expect(edited).toMatchObject({ name: "retry, edited", language: "ts", code: `${RETRY}// v2\n` })
      expect(edited.tags).toEqual(["b", "c"])
      const before = yield* (yield* AssetRepository).get(id)
      const refused = yield* Effect.result(library.edit(id, { name: "never", code: " " }))
      expect(Result.isFailure(refused)).toBe(true)
      expect(yield* (yield* AssetRepository).get(id)).toEqual(before)
      expect((yield* library.edit(id, { language: "js" })).language).toBe("js")
    }))

  it.effect("counts tags over live snippets, and relates a snippet to its near copies first", () =>
    Effect.gen(function*() {
      const library = yield* AssistantLibrary
      const one = yield* library.save({ code: MEDIAN.replace("median", "medianCounted"), tags: ["counted"], saveAnyway: true })
      const two = yield* library.save({ code: MEDIAN.replace("median", "medianCounted2"), tags: ["counted"], saveAnyway: true })
      if (!one.saved || !two.saved) throw new Error("not saved")
      const tags = yield* library.tags(0, 50)
      expect(tags.items.find((tag) => tag.tag === "counted")?.count).toBe(2)
      yield* library.trash(AssetId.make(two.snippet.id))
      expect((yield* library.tags(0, 50)).items.find((tag) => tag.tag === "counted")?.count).toBe(1)
      const related = yield* library.related(AssetId.make(one.snippet.id), 5)
      expect(related[0].name).toBe("median")
      expect(related[0].score).toBeGreaterThan(0)
    }))
})
