import { expect, layer } from "@effect/vitest"
import { Effect, Either, Queue } from "effect"
import { buildAsset } from "../../src/domain/AssetBuilder.ts"
import { AssetId, FormatId } from "../../src/domain/Common.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"
import { AssetRepository } from "../../src/services/AssetRepository.ts"
import { ChangeHub } from "../../src/services/ChangeHub.ts"
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
  it.scoped("a created asset reads back whole, and the creation is published once", () =>
    Effect.gen(function*() {
      const repository = yield* AssetRepository
      const changes = yield* (yield* ChangeHub).subscribe()
      const asset = yield* newAsset("def square(x):\n    return x * x\n")
      yield* repository.create(asset)
      expect(yield* repository.get(asset.id)).toEqual(asset)
      const lean = JSON.parse(yield* repository.getDocument(asset.id, false))
      expect(lean.formats.iterable[0].fragment).toBeUndefined()
      const change = yield* Queue.take(changes)
      expect(change._tag).toBe("Created")
      expect(change.asset.id).toBe(asset.id)
      expect(yield* Queue.size(changes)).toBe(0)
    }))

  it.scoped("a deleted asset answers AssetDeleted, an unknown one AssetNotFound; the deletion is published once", () =>
    Effect.gen(function*() {
      const repository = yield* AssetRepository
      const asset = yield* newAsset("function cube(x) {\n  return x * x * x\n}\n")
      yield* repository.create(asset)
      const changes = yield* (yield* ChangeHub).subscribe()
      expect(yield* repository.delete(asset.id)).toBe(asset.id)
      const change = yield* Queue.take(changes)
      expect(change._tag).toBe("Deleted")
      expect(change.asset.deleted?.value).toMatch(/^\d{4}-/)
      const deleted = yield* Effect.either(repository.get(asset.id))
      expect(Either.isLeft(deleted) && deleted.left._tag).toBe("AssetDeleted")
      const again = yield* Effect.either(repository.delete(asset.id))
      expect(Either.isLeft(again) && again.left._tag).toBe("AssetDeleted")
      const unknown = yield* Effect.either(repository.get(AssetId.make(randomUUID())))
      expect(Either.isLeft(unknown) && unknown.left._tag).toBe("AssetNotFound")
      expect(yield* repository.listIds("include")).not.toContain(asset.id)
      expect(yield* Queue.size(changes)).toBe(0)
    }))

  it.effect("listings leave pseudo assets out unless asked, and list only them when asked", () =>
    Effect.gen(function*() {
      const repository = yield* AssetRepository
      const normal = yield* newAsset("SELECT name FROM users WHERE id = 1;\n", {})
      const pseudo = yield* newAsset("SELECT name FROM teams WHERE id = 2;\n", { pseudo: true })
      yield* repository.create(normal)
      yield* repository.create(pseudo)
      expect(yield* repository.listIds("exclude")).toContain(normal.id)
      expect(yield* repository.listIds("exclude")).not.toContain(pseudo.id)
      expect(yield* repository.listIds("include")).toEqual(expect.arrayContaining([normal.id, pseudo.id]))
      expect(yield* repository.listIds("only")).toEqual([pseudo.id])
      const documents = yield* repository.listDocuments({ transferables: true, pseudo: "exclude" })
      expect(documents.map((d) => JSON.parse(d).id)).toContain(normal.id)
    }))
})
