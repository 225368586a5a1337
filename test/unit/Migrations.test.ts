import { describe, expect, it } from "@effect/vitest"
import { Migrator } from "@effect/sql"
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { ServicesLive } from "../../src/http/Server.ts"
import { AssetSearch } from "../../src/services/AssetSearch.ts"
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
