/**
 * The services over a fresh in-memory SQLite database, migrated like the real one.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import type { ClassificationSpecificValue } from "../../src/domain/ClassificationSpecifics.ts"
import { ServicesLive } from "../../src/http/Server.ts"
import type { SearchResult } from "../../src/services/AssetSearch.ts"
import { sqliteEngineOrDie } from "../../src/storage/sqlite/SqliteEngine.ts"

export const inMemoryServices = () => ServicesLive.pipe(Layer.provideMerge(sqliteEngineOrDie(":memory:")))

export interface SeedExtras {
  readonly ext?: ClassificationSpecificValue
  readonly name?: string
  readonly pseudo?: boolean
  readonly tags?: ReadonlyArray<string>
  readonly websites?: ReadonlyArray<string>
  readonly annotations?: ReadonlyArray<string>
}

export const codeSeed = (raw: string, extra: SeedExtras = {}) => ({
  type: "SEEDED_ASSET" as const,
  asset: {
    application: { name: "VS_CODE" as const, version: "1.0.0", platform: "LINUX" as const },
    format: { fragment: { string: { raw }, ...(extra.ext === undefined ? {} : { metadata: { ext: extra.ext } }) } },
    metadata: {
      ...(extra.name === undefined ? {} : { name: extra.name }),
      ...(extra.tags === undefined ? {} : { tags: extra.tags.map((text) => ({ text })) }),
      ...(extra.websites === undefined ? {} : { websites: extra.websites.map((url) => ({ url, name: url })) }),
      ...(extra.annotations === undefined
        ? {}
        : { annotations: extra.annotations.map((text) => ({ type: "DESCRIPTION" as const, text })) })
    },
    ...(extra.pseudo === undefined ? {} : { pseudo: extra.pseudo })
  }
})

/** A search result with each hit's asset id beside its search row, as a client would read it. */
export const withIds = (result: SearchResult) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient
    const rows = yield* sql<{ row: number; id: string }>`SELECT rowid AS row, asset_id AS id FROM search_rows`
    const idOf = new Map(rows.map((row) => [row.row, row.id]))
    return { ...result, hits: result.hits.map((hit) => ({ ...hit, id: idOf.get(hit.row) ?? "" })) }
  }).pipe(Effect.orDie)

/** The asset ids in these search rows, in order. */
export const idsAt = (rows: ReadonlyArray<number>) =>
  Effect.map(withIds({ hits: rows.map((row) => ({ row, exact: true, score: 1, match: "TITLE" })), exact: 0, suggested: 0 }),
    (result) => result.hits.map((hit) => hit.id))
