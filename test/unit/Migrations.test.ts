import { describe, expect, it } from "@effect/vitest"
import { Migrator } from "@effect/sql"
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { ServicesLive } from "../../src/http/Server.ts"
import { searchableText } from "../../src/domain/SearchableText.ts"
import { AssetRepository } from "../../src/services/AssetRepository.ts"
import { AssetSearch } from "../../src/services/AssetSearch.ts"
import { MetadataEntities } from "../../src/services/MetadataEntities.ts"
import { writeSearchRows } from "../../src/sql/SearchRows.ts"
import { migrate, migrationSteps } from "../../src/sql/migrations.ts"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { codeAsset } from "./TestAssets.ts"

describe("migrations", () => {
  it.live("0002 indexes for search the assets a database stored before it existed", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient
      yield* Migrator.make({})({ loader: Migrator.fromRecord({ "0001_initial": migrationSteps["0001_initial"] }) })
      const asset = codeAsset({ code: "def legacyFunction(): pass", ext: "py", name: "legacy snippet", tags: ["old"] })
      const json = JSON.stringify(asset)
      yield* sql`INSERT INTO assets (id, name, mechanism, pseudo, created, updated, deleted, document, lean_document)
        VALUES (${asset.id}, ${asset.name!}, 'MANUAL', 0, ${asset.created.value}, ${asset.updated.value}, NULL,
                ${json}, ${json})`
      yield* migrate
      const search = yield* Effect.provide(AssetSearch, ServicesLive.pipe(Layer.provide(Layer.succeed(SqlClient, sql))))
      const found = (request: Parameters<typeof search.search>[0]) =>
        Effect.map(search.search(request), (result) => result.hits.map((hit) => hit.id))
      const base = { pseudo: false, transferables: false } as const
      expect(yield* found({ ...base, query: "legacyFunction" })).toEqual([asset.id])
      expect(yield* found({ ...base, query: "legasy snipet" })).toEqual([asset.id])
      expect(yield* found({ ...base, tags: ["OLD"] })).toEqual([asset.id])
      expect(yield* found({ ...base, filters: { iterable: [{ classification: "py" }] } })).toEqual([asset.id])
    }).pipe(Effect.provide(SqliteClient.layer({ filename: ":memory:" }))))
})

describe("migrations to metadata entities and identifier words", () => {
  it.live("0004 and 0005 make one tag of each text across stored assets and index their identifier words", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient
      const upTo3 = Object.fromEntries(Object.entries(migrationSteps).slice(0, 3))
      yield* Migrator.make({})({ loader: Migrator.fromRecord(upTo3) })
      const older = codeAsset({ code: "const parseHttpHeader = (line) => line", ext: "js", name: "old", tags: ["SQL"] },
        new Date(1000))
      const newer = codeAsset({ code: "SELECT 1", ext: "sql", name: "new", tags: ["sql", "db"] }, new Date(2000))
      for (const asset of [older, newer]) {
        const json = JSON.stringify(asset)
        yield* sql`INSERT INTO assets (id, name, mechanism, pseudo, created, updated, deleted, document, lean_document)
          VALUES (${asset.id}, ${asset.name!}, 'MANUAL', 0, ${asset.created.value}, ${asset.updated.value}, NULL,
                  ${json}, ${json})`
        yield* writeSearchRows(sql, asset, searchableText(asset))
      }
      yield* migrate
      const services = ServicesLive.pipe(Layer.provide(Layer.succeed(SqlClient, sql)))
      const { metadata, repository, search } = yield* Effect.provide(
        Effect.all({ metadata: MetadataEntities, repository: AssetRepository, search: AssetSearch }),
        services
      )
      const tags = (yield* metadata.list("tag")).iterable
      expect(tags.map((tag) => [tag.text, tag.assets?.iterable.length])).toEqual([["db", 1], ["SQL", 2]])
      const sqlTag = tags.find((tag) => tag.text === "SQL")!
      expect((yield* repository.get(newer.id)).tags!.iterable.map((tag) => tag.id)).toContain(sqlTag.id)
      expect((yield* repository.get(older.id)).tags!.iterable.map((tag) => tag.id)).toEqual([sqlTag.id])
      const found = yield* search.byWords("parse http header", false)
      expect(found.hits.map((hit) => hit.id)).toEqual([older.id])
    }).pipe(Effect.provide(SqliteClient.layer({ filename: ":memory:" }))))
})
