import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { buildAsset } from "../../src/domain/AssetBuilder.ts"
import { AssetId, FormatId } from "../../src/domain/Common.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"
import { AssetRepository } from "../../src/services/AssetRepository.ts"
import { AssetCreator } from "../../src/services/AssetCreator.ts"
import { SeedPreprocessor } from "../../src/services/SeedPreprocessor.ts"
import { randomUUID } from "node:crypto"
import { codeSeed, inMemoryServices } from "./TestLayers.ts"

const newAsset = (raw: string, options: { pseudo?: boolean } = {}) =>
  Effect.gen(function*() {
    const prepared = yield* (yield* SeedPreprocessor).prepareForCreate(codeSeed(raw, options))
    return buildAsset(prepared.asset, {
      assetId: AssetId.make(randomUUID()),
      formatId: FormatId.make(randomUUID()),
      nextId: randomUUID,
      creator: randomUUID(),
      now: timestamp(new Date())
    })
  })

layer(inMemoryServices())("AssetRepository", (it) => {
  it.effect("listings leave pseudo assets out unless asked, and list only them when asked", () =>
    Effect.gen(function*() {
      const repository = yield* AssetRepository
      const normal = yield* newAsset("SELECT name FROM users WHERE id = 1;\n", {})
      const pseudo = yield* newAsset("SELECT name FROM teams WHERE id = 2;\n", { pseudo: true })
      yield* (yield* AssetCreator).store(normal)
      yield* (yield* AssetCreator).store(pseudo)
      expect(yield* repository.listIds("exclude")).toContain(normal.id)
      expect(yield* repository.listIds("exclude")).not.toContain(pseudo.id)
      expect(yield* repository.listIds("include")).toEqual(expect.arrayContaining([normal.id, pseudo.id]))
      expect(yield* repository.listIds("only")).toEqual([pseudo.id])
      const documents = yield* repository.listDocuments({ transferables: true, pseudo: "exclude" })
      expect(documents.map((d) => JSON.parse(d).id)).toContain(normal.id)
    }))
})
