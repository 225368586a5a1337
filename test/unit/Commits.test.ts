import { expect, layer } from "@effect/vitest"
import { Deferred, Effect, Fiber, PubSub, Result } from "effect"
import { randomUUID } from "node:crypto"
import { renamed } from "../../src/domain/AssetEdits.ts"
import { AssetId } from "../../src/domain/Common.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"
import { AssetRepository } from "../../src/services/AssetRepository.ts"
import { AssetSearch } from "../../src/services/AssetSearch.ts"
import type { Commit } from "../../src/domain/Commit.ts"
import { ChangeHub } from "../../src/services/ChangeHub.ts"
import { Commits } from "../../src/services/Commits.ts"
import { SimilarityIndex } from "../../src/services/SimilarityIndex.ts"
import { codeAsset } from "./TestAssets.ts"
import { idsAt, servicesOn, testEngines, withIds } from "./TestLayers.ts"

const CODE = "export function clampToRange(value: number, low: number, high: number): number {\n" +
  "  if (value < low) return low\n  if (value > high) return high\n  return value\n}\n"

/** What one commit announced about assets, as "Tag id". */
const announced = (commit: Commit) => commit.assets.map((change) => `${change._tag} ${change.asset.id}`)

const searchIds = (query: string) =>
  Effect.flatMap(AssetSearch, (search) =>
    Effect.map(Effect.flatMap(search.search({ query, pseudo: false }), withIds), (result) =>
      result.hits.map((hit) => hit.id)))

for (const engine of testEngines) layer(servicesOn(engine))(`Commits (${engine})`, (it) => {
  it.effect("a create stores the asset, indexes it and announces it in one commit", () =>
    Effect.gen(function*() {
      const commits = yield* Commits
      const changes = yield* (yield* ChangeHub).subscribe()
      const asset = codeAsset({ code: CODE, ext: "ts", name: "clampToRange" })
      const stored = yield* commits.commit((tx) => tx.create(asset))
      expect(yield* (yield* AssetRepository).get(asset.id)).toEqual(stored)
      expect(yield* searchIds("clampToRange")).toEqual([asset.id])
      const similar = yield* (yield* SimilarityIndex).closest(CODE, { limit: 1 })
      expect(yield* idsAt(similar.map((found) => found.row))).toEqual([asset.id])
      expect(announced(yield* PubSub.take(changes))).toEqual([`Created ${asset.id}`])
      expect(yield* PubSub.remaining(changes)).toBe(0)
    }))

  it.effect("a write that fails stores nothing, indexes nothing and announces nothing", () =>
    Effect.gen(function*() {
      const commits = yield* Commits
      const changes = yield* (yield* ChangeHub).subscribe()
      const asset = codeAsset({ code: "const rolledBackIdentifier = 1", ext: "ts", name: "rolled back" })
      const failed = yield* Effect.result(
        commits.commit((tx) => Effect.andThen(tx.create(asset), Effect.fail("refused" as const)))
      )
      expect(Result.isFailure(failed)).toBe(true)
      const read = yield* Effect.result((yield* AssetRepository).get(asset.id))
      expect(Result.isFailure(read) && read.failure._tag).toBe("AssetNotFound")
      expect(yield* searchIds("rolledBackIdentifier")).toEqual([])
      expect(yield* PubSub.remaining(changes)).toBe(0)
    }))

  it.effect("a write interrupted inside its transaction (a client that disconnected) still indexes and announces", () =>
    Effect.gen(function*() {
      const commits = yield* Commits
      const changes = yield* (yield* ChangeHub).subscribe()
      const asset = codeAsset({ code: "const interruptedWriteIdentifier = 1", ext: "ts", name: "interrupted" })
      const inside = yield* Deferred.make<void>()
      const release = yield* Deferred.make<void>()
      const fiber = yield* Effect.forkChild(commits.commit((tx) =>
        Effect.gen(function*() {
          yield* tx.create(asset)
          // The worst moment: the row is written, the commit and everything after it still to come.
          yield* Deferred.succeed(inside, undefined)
          yield* Deferred.await(release)
        })
      ))
      yield* Deferred.await(inside)
      const interrupting = yield* Effect.forkChild(Fiber.interrupt(fiber))
      for (let i = 0; i < 10; i++) yield* Effect.yieldNow
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.join(interrupting)
      // Nobody waits for it any more, and still it is announced (last, once the index holds it) and found.
      expect(announced(yield* PubSub.take(changes))).toEqual([`Created ${asset.id}`])
      expect(yield* searchIds("interruptedWriteIdentifier")).toEqual([asset.id])
    }))

  it.effect("an edit racing a delete is never announced after it, many times over", () =>
    Effect.gen(function*() {
      const commits = yield* Commits
      const changes = yield* (yield* ChangeHub).subscribe()
      const ids: Array<string> = []
      for (let round = 0; round < 50; round++) {
        const asset = codeAsset({ code: `const raced${round} = ${round}`, ext: "ts", name: `race ${round}` })
        yield* commits.commit((tx) => tx.create(asset))
        ids.push(asset.id)
        const id = AssetId.make(asset.id)
        yield* Effect.all([
          Effect.result(commits.commit((tx) => tx.edit(id, (a) => renamed(a, `renamed ${round}`, timestamp(new Date()))))),
          Effect.result(commits.commit((tx) => tx.remove(id)))
        ], { concurrency: "unbounded" })
      }
      const last = new Map<string, string>()
      for (const commit of yield* PubSub.takeAll(changes)) {
        for (const change of commit.assets) {
          expect(last.get(change.asset.id), `${change._tag} after a deletion`).not.toBe("Deleted")
          last.set(change.asset.id, change._tag)
        }
      }
      for (const id of ids) expect(last.get(id)).toBe("Deleted")
    }))

  it.effect("of writes arriving together (one transaction), one that fails rolls back alone; the rest commit, each announced once", () =>
    Effect.gen(function*() {
      const commits = yield* Commits
      const changes = yield* (yield* ChangeHub).subscribe()
      const assets = Array.from({ length: 20 }, (_, i) =>
        codeAsset({ code: `const grouped${i} = ${i}`, ext: "ts", name: `grouped ${i}` }))
      const outcomes = yield* Effect.all(
        assets.map((asset, i) =>
          Effect.result(commits.commit((tx) =>
            Effect.andThen(tx.create(asset), i === 7 ? Effect.fail("refused" as const) : Effect.succeed(asset.id))
          ))
        ),
        { concurrency: "unbounded" }
      )
      expect(outcomes.filter(Result.isFailure).map((outcome) => outcome.failure)).toEqual(["refused"])
      const stored = yield* (yield* AssetRepository).rowsOf(assets.map((asset) => asset.id))
      expect(stored.has(assets[7].id)).toBe(false)
      expect(stored.size).toBe(19)
      const announcedIds = (yield* PubSub.takeAll(changes)).flatMap(announced)
      const expected = assets.filter((_, i) => i !== 7).map((asset) => `Created ${asset.id}`)
      // One writer on SQLite: commit order is arrival order. PostgreSQL runs transactions at once: each is announced
      // once, in the order they committed.
      expect(engine === "sqlite" ? announcedIds : [...announcedIds].sort()).toEqual(
        engine === "sqlite" ? expected : [...expected].sort()
      )
      expect(yield* searchIds("grouped")).toHaveLength(19)
    }))

  it.effect("an edit that changes nothing writes and announces nothing", () =>
    Effect.gen(function*() {
      const commits = yield* Commits
      const asset = codeAsset({ code: "const unchanged = 1", ext: "ts", name: "unchanged" })
      yield* commits.commit((tx) => tx.create(asset))
      const changes = yield* (yield* ChangeHub).subscribe()
      yield* commits.commit((tx) => tx.edit(AssetId.make(asset.id), (a) => a))
      expect(yield* PubSub.remaining(changes)).toBe(0)
    }))

  it.effect("a deleted asset answers AssetDeleted, an unknown one AssetNotFound", () =>
    Effect.gen(function*() {
      const commits = yield* Commits
      const asset = codeAsset({ code: "function cube(x) {\n  return x * x * x\n}\n", ext: "js", name: "cube" })
      yield* commits.commit((tx) => tx.create(asset))
      const deleted = yield* commits.commit((tx) => tx.remove(AssetId.make(asset.id)))
      expect(deleted.deleted?.value).toMatch(/^\d{4}-/)
      const again = yield* Effect.result(commits.commit((tx) => tx.remove(AssetId.make(asset.id))))
      expect(Result.isFailure(again) && again.failure._tag).toBe("AssetDeleted")
      const unknown = yield* Effect.result(commits.commit((tx) => tx.remove(AssetId.make(randomUUID()))))
      expect(Result.isFailure(unknown) && unknown.failure._tag).toBe("AssetNotFound")
      expect((yield* (yield* AssetRepository).rowsOf([asset.id])).size).toBe(0)
    }))

  it.effect("assets created with the same tag text share one tag; the commit announces the new tag", () =>
    Effect.gen(function*() {
      const commits = yield* Commits
      const changes = yield* (yield* ChangeHub).subscribe()
      const first = yield* commits.commit((tx) =>
        tx.create(codeAsset({ code: "SELECT 1", ext: "sql", name: "one", tags: ["SQL"] }))
      )
      const second = yield* commits.commit((tx) =>
        tx.create(codeAsset({ code: "SELECT 2", ext: "sql", name: "two", tags: ["sql", "queries"] }))
      )
      const tag = first.tags!.iterable[0]
      expect(second.tags!.iterable[0]).toEqual(tag)
      expect(second.tags!.iterable.map((t) => t.text)).toEqual(["SQL", "queries"])
      const [created, next] = [yield* PubSub.take(changes), yield* PubSub.take(changes)]
      expect(created.metadata.filter((m) => m.kind === "tag").map((m) => m.id)).toEqual([tag.id])
      // The second asset registered "queries" and now also carries "SQL": both tags changed.
      expect(next.metadata.map((m) => m.id).sort()).toEqual([tag.id, second.tags!.iterable[1].id].sort())
    }))

  it.effect("writes that register one new tag at once all succeed and share it (on PostgreSQL they run at once)", () =>
    Effect.gen(function*() {
      const commits = yield* Commits
      const text = `together-${randomUUID()}`
      const stored = yield* Effect.forEach(
        Array.from({ length: 12 }, (_, i) => codeAsset({ code: `SELECT ${i}`, ext: "sql", name: `n${i}`, tags: [text] })),
        (asset) => commits.commit((tx) => tx.create(asset)),
        { concurrency: "unbounded" }
      )
      expect(new Set(stored.map((asset) => asset.tags!.iterable[0].id)).size).toBe(1)
    }))
})
