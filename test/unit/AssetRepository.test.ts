import { expect, layer } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { buildAsset } from "../../src/domain/AssetBuilder.ts"
import { AssetId, FormatId } from "../../src/domain/Common.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"
import { AssetRepository, type PseudoSelection } from "../../src/services/AssetRepository.ts"
import { AssetCreator } from "../../src/services/AssetCreator.ts"
import { SeedPreprocessor } from "../../src/services/SeedPreprocessor.ts"
import { randomUUID } from "node:crypto"
import { codeSeed, servicesOn, testEngines } from "./TestLayers.ts"

const newAsset = (raw: string, options: { pseudo?: boolean; suggested?: boolean } = {}) =>
  Effect.gen(function*() {
    const seed = codeSeed(raw, { ...(options.pseudo === undefined ? {} : { pseudo: options.pseudo }) })
    const suggested = { ...seed, asset: { ...seed.asset, metadata: { mechanism: "RECOMMENDED" as const } } }
    const prepared = yield* (yield* SeedPreprocessor).prepareForCreate(options.suggested === true ? suggested : seed)
    return buildAsset(prepared.asset, {
      assetId: AssetId.make(randomUUID()),
      formatId: FormatId.make(randomUUID()),
      nextId: randomUUID,
      creator: randomUUID(),
      now: timestamp(new Date())
    })
  })

for (const engine of testEngines) layer(servicesOn(engine))(`AssetRepository (${engine})`, (it) => {
  it.effect("listings leave pseudo assets out unless asked, and list only them when asked", () =>
    Effect.gen(function*() {
      const repository = yield* AssetRepository
      const normal = yield* newAsset("SELECT name FROM users WHERE id = 1;\n", {})
      const pseudo = yield* newAsset("SELECT name FROM teams WHERE id = 2;\n", { pseudo: true })
      yield* (yield* AssetCreator).store(normal)
      yield* (yield* AssetCreator).store(pseudo)
      const ids = (pseudo: PseudoSelection) =>
        Effect.map(Stream.runCollect(repository.idPages(pseudo, 1)), (pages) => pages.flat())
      expect(yield* ids("exclude")).toContain(normal.id)
      expect(yield* ids("exclude")).not.toContain(pseudo.id)
      expect(yield* ids("include")).toEqual(expect.arrayContaining([normal.id, pseudo.id]))
      expect(yield* ids("only")).toEqual([pseudo.id])
      const pages = yield* Stream.runCollect(repository.documentPages({ transferables: true, pseudo: "exclude" }, 1))
      expect(pages.flat().map((json) => JSON.parse(json).id)).toContain(normal.id)
    }))

  it.effect("a listing's pages of documents follow its ids page after page; suggested-only pages hold only those", () =>
    Effect.gen(function*() {
      const repository = yield* AssetRepository
      const creator = yield* AssetCreator
      const suggested: Array<string> = []
      for (let i = 0; i < 7; i++) {
        const asset = yield* newAsset(`SELECT id, total_${i} FROM orders WHERE region = ${i};\n`, { suggested: i % 3 === 0 })
        yield* creator.store(asset)
        if (i % 3 === 0) suggested.push(asset.id)
      }
      const documentIds = (options: { pseudo: PseudoSelection; suggestedOnly?: boolean }, size: number) =>
        Effect.map(
          Stream.runCollect(repository.documentPages({ transferables: false, ...options }, size)),
          (pages) => pages.flat().map((json) => JSON.parse(json).id as string)
        )
      const ids = (yield* Stream.runCollect(repository.idPages("include", 100))).flat()
      for (const size of [1, 2, 3, 100]) {
        expect(yield* documentIds({ pseudo: "include" }, size)).toEqual(ids)
        const suggestedIds = yield* documentIds({ pseudo: "include", suggestedOnly: true }, size)
        expect(suggestedIds).toEqual(ids.filter((id) => suggested.includes(id)))
        expect(suggestedIds).toHaveLength(suggested.length)
      }
    }))
})
