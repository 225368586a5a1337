/**
 * The services over a fresh database, migrated like the real one: SQLite in memory, or (where the tests' throwaway
 * cluster runs, `E2E_POSTGRES_URL`) a new PostgreSQL database, so that a service's tests hold on both engines.
 */
import { Effect, Layer, Redacted } from "effect"
import { randomUUID } from "node:crypto"
import pg from "pg"
import { buildAsset } from "../../src/domain/AssetBuilder.ts"
import type { ClassificationSpecificValue } from "../../src/domain/ClassificationSpecifics.ts"
import { AssetId, FormatId } from "../../src/domain/Common.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"
import { AssetCreator } from "../../src/services/AssetCreator.ts"
import type { SearchResult } from "../../src/services/AssetSearch.ts"
import { LibraryServices } from "../../src/services/LibraryServices.ts"
import { SeedPreprocessor } from "../../src/services/SeedPreprocessor.ts"
import { AssetStore } from "../../src/storage/AssetStore.ts"
import { pgEngine } from "../../src/storage/pg/PgEngine.ts"
import { sqliteEngineOrDie } from "../../src/storage/sqlite/SqliteEngine.ts"

export const inMemoryServices = () => LibraryServices.pipe(Layer.provideMerge(sqliteEngineOrDie(":memory:")))

export type TestEngine = "sqlite" | "pg"

/** The engines the services are tested on: SQLite, and PostgreSQL where the tests' cluster runs. */
export const testEngines: ReadonlyArray<TestEngine> = process.env.E2E_POSTGRES_URL === undefined
  ? ["sqlite"]
  : ["sqlite", "pg"]

/** A new, empty database in the tests' PostgreSQL cluster; answers its connection string. */
export const newPostgresDatabase = async () => {
  const cluster = process.env.E2E_POSTGRES_URL!
  const name = `unit_${randomUUID().replaceAll("-", "")}`
  const client = new pg.Client({ connectionString: cluster })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  return cluster.replace(/\/[^/]*$/, `/${name}`)
}

/** The storage engine of a test: SQLite in memory, or a new PostgreSQL database. */
export const engineLayer = (engine: TestEngine) =>
  engine === "sqlite"
    ? sqliteEngineOrDie(":memory:")
    : Layer.unwrap(
      Effect.map(Effect.promise(newPostgresDatabase), (url) => pgEngine(Redacted.make(url)).pipe(Layer.orDie))
    )

/** Every service over a fresh database of `engine`. */
export const servicesOn = (engine: TestEngine) => LibraryServices.pipe(Layer.provideMerge(engineLayer(engine)))

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

/** A TypeScript snippet saved as a create saves it (preprocessed, built, stored), at `at`; answers the asset. */
export const savedCode = (raw: string, extra: SeedExtras = {}, at = new Date()) =>
  Effect.gen(function*() {
    const prepared = yield* (yield* SeedPreprocessor).prepareForCreate(codeSeed(raw, { ext: "ts", ...extra }))
    const asset = buildAsset(prepared.asset, {
      assetId: AssetId.make(randomUUID()),
      formatId: FormatId.make(randomUUID()),
      nextId: randomUUID,
      creator: randomUUID(),
      now: timestamp(at)
    })
    yield* (yield* AssetCreator).store(asset)
    return asset
  })

/** A search result with each hit's asset id beside its search row, as a client would read it. */
export const withIds = (result: SearchResult) =>
  Effect.gen(function*() {
    const rows = yield* (yield* AssetStore).storedAt(result.hits.map((hit) => hit.row), false)
    const idOf = new Map(rows.map((row) => [row.row, row.id]))
    return { ...result, hits: result.hits.map((hit) => ({ ...hit, id: idOf.get(hit.row) ?? "" })) }
  })

/** The asset ids in these search rows, in order. */
export const idsAt = (rows: ReadonlyArray<number>) =>
  Effect.map(withIds({ hits: rows.map((row) => ({ row, exact: true, score: 1, match: "TITLE" })), exact: 0, suggested: 0 }),
    (result) => result.hits.map((hit) => hit.id))
