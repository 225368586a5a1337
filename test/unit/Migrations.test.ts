import { describe, expect, it } from "@effect/vitest"
import { Migrator } from "effect/sql"
import { SqlClient } from "effect/sql/SqlClient"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { Effect, Result, Layer, Option } from "effect"
import type { Asset } from "../../src/domain/Asset.ts"
import { markDeleted } from "../../src/domain/AssetBuilder.ts"
import { AssetId } from "../../src/domain/Common.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"
import { LibraryServices } from "../../src/services/LibraryServices.ts"
import { AssetRepository } from "../../src/services/AssetRepository.ts"
import { AssetSearch } from "../../src/services/AssetSearch.ts"
import { MetadataEntities } from "../../src/services/MetadataEntities.ts"
import { SimilarityIndex } from "../../src/services/SimilarityIndex.ts"
import { migrate, migrationSteps } from "../../src/storage/sqlite/migrations/index.ts"
import { SqlitePorts } from "../../src/storage/sqlite/SqliteEngine.ts"
import { codeAsset } from "./TestAssets.ts"
import { idsAt, savedCode, withIds } from "./TestLayers.ts"

/** A database migrated up to (not including) `step`, as a release of that time left it. */
const migratedBefore = (step: keyof typeof migrationSteps) =>
  Effect.gen(function*() {
    const names = Object.keys(migrationSteps)
    const earlier = Object.fromEntries(Object.entries(migrationSteps).slice(0, names.indexOf(step)))
    yield* Migrator.make({})({ loader: Migrator.fromRecord(earlier) })
  })

/** An asset as releases before 0006 stored it: its JSON with content, and again without. */
const storeAsBefore = (asset: Asset, deleted = false) =>
  Effect.flatMap(SqlClient, (sql) => {
    const json = JSON.stringify(asset)
    return sql`INSERT INTO assets (id, name, mechanism, pseudo, created, updated, deleted, document, lean_document)
      VALUES (${asset.id}, ${asset.name ?? null}, 'MANUAL', 0, ${asset.created.value}, ${asset.updated.value},
              ${deleted ? asset.updated.value : null}, ${json}, ${json})`
  })

const services = Effect.map(
  SqlClient,
  (sql) => LibraryServices.pipe(Layer.provideMerge(SqlitePorts), Layer.provide(Layer.succeed(SqlClient, sql)))
)

/**
 * Three assets whose texts a short term is looked for in: `code` with a name and tags in mixed case, a plain one, and
 * one with a one-letter code and nothing else.
 */
const savedForShortTerms = (code: string) =>
  Effect.flatMap(services, (layer) =>
    Effect.provide(
      Effect.all([
        savedCode(code, { name: "Mixed Case", tags: ["Tag One", "TWO"] }),
        savedCode("return 'plain'", { name: "plain" }),
        savedCode("Q", {})
      ]),
      layer
    ))

describe("migrations", () => {
  it.live("a database of the first release is searchable, tagged and comparable once migrated", () =>
    Effect.gen(function*() {
      yield* migratedBefore("0002_search_index")
      const asset = codeAsset({ code: "def legacyFunction(): pass", ext: "py", name: "legacy snippet", tags: ["old"] })
      yield* storeAsBefore(asset)
      yield* migrate
      const search = yield* Effect.provide(AssetSearch, yield* services)
      const found = (request: Parameters<typeof search.search>[0]) =>
        Effect.map(Effect.flatMap(search.search(request), withIds), (result) => result.hits.map((hit) => hit.id))
      expect(yield* found({ pseudo: false, query: "legacyFunction" })).toEqual([asset.id])
      expect(yield* found({ pseudo: false, query: "legasy snipet" })).toEqual([asset.id])
      expect(yield* found({ pseudo: false, tags: ["OLD"] })).toEqual([asset.id])
      expect(yield* found({ pseudo: false, filters: { iterable: [{ classification: "py" }] } })).toEqual([asset.id])
    }).pipe(Effect.provide(SqlitePorts), Effect.provide(SqliteClient.layer({ filename: ":memory:" }))))

  it.live("0006 keeps every asset as it was, one tag per text, the registry, deletions and format ids", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient
      yield* migratedBefore("0006_compact_storage")
      const older = codeAsset({ code: "const parseHttpHeader = (line) => line", ext: "js", name: "old", tags: ["SQL"] },
        new Date(1000))
      const newer = codeAsset({ code: "SELECT 1", ext: "sql", name: "new", tags: ["sql", "db"] }, new Date(2000))
      // Deleted recently: the trash keeps it (one deleted longer ago than TRASH_DAYS is purged at start-up).
      const gone = markDeleted(codeAsset({ code: "x = 1", ext: "py", name: "gone" }, new Date(500)), timestamp(new Date()))
      for (const asset of [older, newer]) yield* storeAsBefore(asset)
      yield* storeAsBefore(gone, true)
      const orphan = { id: "66666666-6666-4666-8666-666666666666", text: "unused", created: older.created,
        updated: older.updated, category: "UNKNOWN" }
      yield* sql`INSERT INTO metadata (id, kind, key, json) VALUES (${orphan.id}, 'tag', 'unused', ${JSON.stringify(orphan)})`
      yield* migrate

      const { metadata, repository, search, similar } = yield* Effect.provide(
        Effect.all({
          metadata: MetadataEntities,
          repository: AssetRepository,
          search: AssetSearch,
          similar: SimilarityIndex
        }),
        yield* services
      )
      const tags = (yield* metadata.list("tag")).iterable
      expect(tags.map((tag) => [tag.text, tag.assets?.iterable.length ?? 0])).toEqual([
        ["db", 1],
        ["SQL", 2],
        ["unused", 0]
      ])
      expect(tags.find((tag) => tag.text === "unused")!.id).toBe(orphan.id)
      const sqlTag = tags.find((tag) => tag.text === "SQL")!
      const newerNow = yield* repository.get(AssetId.make(newer.id))
      expect(newerNow.tags!.iterable.map((tag) => tag.id)).toContain(sqlTag.id)
      expect({ ...newerNow, tags: undefined }).toEqual({ ...newer, tags: undefined })
      expect(yield* repository.get(AssetId.make(older.id))).toEqual(older)
      const deleted = yield* Effect.result(repository.getDocument(AssetId.make(gone.id), false))
      expect(Result.isFailure(deleted) && deleted.failure._tag).toBe("AssetDeleted")
      expect(yield* repository.assetOfFormat(gone.formats.iterable[0].id)).toEqual(Option.some(gone.id))
      const words = yield* withIds(yield* search.byWords("parse http header", { pseudo: false }))
      expect(words.hits.map((hit) => hit.id)).toEqual([older.id])
      const alike = yield* similar.closest("const parseHttpHeader = (line) => line", { limit: 1 })
      expect(yield* idsAt(alike.map((found) => found.row))).toEqual([older.id])
      const tables = yield* sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name IN
        ('assets_before', 'asset_tags', 'asset_websites', 'assets_listing')`
      expect(tables).toEqual([])
    }).pipe(Effect.provide(SqlitePorts), Effect.provide(SqliteClient.layer({ filename: ":memory:" }))))

  it.live("0012 lower-cases the texts of the assets saved before it as the writers do, for the short terms", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient
      yield* migrate
      const saved = yield* savedForShortTerms("const HEX = 0x1F // Ünïcode")
      const folded = () => sql`SELECT row, titles, code FROM search_folded ORDER BY row`
      const written = yield* folded()
      expect(written).toHaveLength(saved.length)
      expect(written[0]).toMatchObject({ titles: "mixed case\ntag one\ntwo\n", code: "const hex = 0x1f // ünïcode" })
      // As a database of the release before it: the table gone, the migration not run (nor those after it).
      yield* sql`DROP TABLE search_pairs`
      yield* sql`DROP TABLE search_folded`
      yield* sql`DROP TABLE revisions`
      yield* sql`DROP TABLE proposals`
      yield* sql`DELETE FROM effect_sql_migrations WHERE name IN ('search_folded', 'search_letter_pairs', 'history')`
      yield* migrate
      expect(yield* folded()).toEqual(written)
      const search = yield* Effect.provide(AssetSearch, yield* services)
      const found = yield* Effect.flatMap(search.search({ pseudo: false, query: "ÜN HEX" }), withIds)
      expect(found.hits.map((hit) => hit.id)).toEqual([saved[0].id])
    }).pipe(Effect.provide(SqlitePorts), Effect.provide(SqliteClient.layer({ filename: ":memory:" }))))

  it.live("0013 keeps the letter pairs of the assets saved before it as the writers do, for the short terms", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient
      yield* migrate
      const saved = yield* savedForShortTerms("if (HEX) return 0x1F // Ünïcode")
      const pairs = () => sql`SELECT row, pairs FROM search_pairs ORDER BY row`
      const written = yield* pairs()
      expect(written).toHaveLength(saved.length)
      // As a database of the release before it: the table gone, the migration not run (nor the one after it).
      yield* sql`DROP TABLE search_pairs`
      yield* sql`DROP TABLE revisions`
      yield* sql`DROP TABLE proposals`
      yield* sql`DELETE FROM effect_sql_migrations WHERE name IN ('search_letter_pairs', 'history')`
      yield* migrate
      expect(yield* pairs()).toEqual(written)
      const search = yield* Effect.provide(AssetSearch, yield* services)
      const found = yield* Effect.flatMap(search.search({ pseudo: false, query: "IF return" }), withIds)
      expect(found.hits.map((hit) => hit.id)).toEqual([saved[0].id])
    }).pipe(Effect.provide(SqlitePorts), Effect.provide(SqliteClient.layer({ filename: ":memory:" }))))
})
