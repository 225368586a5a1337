/**
 * Upgrades that cannot lose a library: a database an earlier version wrote is copied beside itself before it is
 * migrated (the last two copies kept); a migration that fails leaves it as it was and says where the copy is; a
 * library in a folder a sync client rewrites gets a warning.
 */
import { describe, expect, it } from "@effect/vitest"
import { Migrator } from "effect/sql"
import { SqlClient } from "effect/sql/SqlClient"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { Effect, Result, Layer } from "effect"
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { AssetRepository } from "../../src/services/AssetRepository.ts"
import { LibraryServices } from "../../src/services/LibraryServices.ts"
import { AssetId } from "../../src/domain/Common.ts"
import { copyName } from "../../src/storage/sqlite/MigrationCopy.ts"
import { schemaVersion } from "../../src/storage/SchemaVersion.ts"
import { MIGRATION_NAMES, migrationSteps } from "../../src/storage/sqlite/migrations/index.ts"
import { sqliteEngine } from "../../src/storage/sqlite/SqliteEngine.ts"
import { syncClientOf, syncedFolderWarning } from "../../src/storage/sqlite/SyncedFolder.ts"
import { codeAsset } from "./TestAssets.ts"

const LATEST = MIGRATION_NAMES.length

/** Runs `effect` on the file with a bare client, as an earlier release would have. */
const onFile = <A, E>(file: string, effect: Effect.Effect<A, E, SqlClient>) =>
  Effect.provide(effect, SqliteClient.layer({ filename: file }))

/** The file migrated up to (not including) `step`, with one asset stored as releases before 0006 stored them. */
const earlierLibrary = (file: string, step: keyof typeof migrationSteps, document: string, id: string) =>
  onFile(file, Effect.gen(function*() {
    const names = Object.keys(migrationSteps)
    const earlier = Object.fromEntries(Object.entries(migrationSteps).slice(0, names.indexOf(step)))
    yield* Migrator.make({})({ loader: Migrator.fromRecord(earlier) })
    const sql = yield* SqlClient
    yield* sql`INSERT INTO assets (id, name, mechanism, pseudo, created, updated, deleted, document, lean_document)
      VALUES (${id}, 'kept', 'MANUAL', 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', NULL,
              ${document}, ${document})`
  }))

const open = (file: string) => Effect.result(Effect.scoped(Layer.build(sqliteEngine(file))))

describe("MigrationCopy", () => {
  it.live("copies a database an earlier version wrote before migrating it, and keeps the last two copies", () =>
    Effect.gen(function*() {
      const dir = mkdtempSync(join(tmpdir(), "migration-copy-"))
      const file = join(dir, "assets.db")
      const asset = codeAsset({ code: "const kept = 1", ext: "js", name: "kept" }, new Date(1000))
      yield* earlierLibrary(file, "0006_compact_storage", JSON.stringify(asset), asset.id)
      // Two copies from earlier upgrades, older than the one this start takes.
      for (const [from, to] of [[2, 3], [3, 5]]) writeFileSync(copyName(file, from, to, new Date(from * 1000)), "old")

      expect(Result.isSuccess(yield* open(file))).toBe(true)
      const copies = readdirSync(dir).filter((name) => name.includes(".before-v"))
      expect(copies).toHaveLength(2)
      const taken = copies.find((name) => name.includes(`-schema-5-to-${LATEST}.`))!
      expect(taken).toBeDefined()
      expect(yield* onFile(join(dir, taken), schemaVersion)).toBe(5)
      expect(yield* onFile(file, schemaVersion)).toBe(LATEST)
      // The asset came through the upgrade.
      const found = yield* Effect.provide(
        Effect.flatMap(AssetRepository, (repository) => repository.get(AssetId.make(asset.id))),
        LibraryServices.pipe(Layer.provideMerge(sqliteEngine(file)))
      )
      expect(found.name).toBe("kept")
      // Up to date, it is not copied again.
      expect(Result.isSuccess(yield* open(file))).toBe(true)
      expect(readdirSync(dir).filter((name) => name.includes(".before-v"))).toHaveLength(2)
      rmSync(dir, { recursive: true, force: true })
    }))

  it.live("a migration that fails leaves the database as it was and says which failed and where the copy is", () =>
    Effect.gen(function*() {
      const dir = mkdtempSync(join(tmpdir(), "migration-fails-"))
      const file = join(dir, "assets.db")
      yield* earlierLibrary(file, "0006_compact_storage", "{ not json", "77777777-7777-4777-8777-777777777777")
      const opened = yield* open(file)
      expect(Result.isFailure(opened)).toBe(true)
      const error = Result.isFailure(opened) ? opened.failure : undefined
      expect(error?.exitCode).toBe(3)
      expect(error?.message).toMatch(/Migration "6_compact_storage" failed/)
      expect(error?.message).toMatch(/left as it was/)
      const copy = readdirSync(dir).find((name) => name.includes(".before-v"))!
      expect(error?.message).toContain(join(dir, copy))
      expect(yield* onFile(file, schemaVersion)).toBe(5)
      rmSync(dir, { recursive: true, force: true })
    }))
})

describe("SyncedFolder", () => {
  it("names the sync client whose folder holds the library, and nothing elsewhere", () => {
    expect(syncClientOf("/Users/ann/Library/Mobile Documents/com~apple~CloudDocs/snippets/assets.db")).toBe("iCloud Drive")
    expect(syncClientOf("C:\\Users\\ann\\OneDrive - Contoso\\assets.db")).toBe("OneDrive")
    expect(syncClientOf("/home/ann/Dropbox (Personal)/assets.db")).toBe("Dropbox")
    expect(syncClientOf("/Users/ann/Library/CloudStorage/GoogleDrive-ann@example.com/My Drive/assets.db")).toBe("a cloud drive")
    expect(syncClientOf("/home/ann/projects/assets.db")).toBeUndefined()
    expect(syncClientOf("/home/ann/dropbox-notes/assets.db")).toBeUndefined()
    expect(syncedFolderWarning("/home/ann/Dropbox/assets.db")).toMatch(/Dropbox syncs.*DB_PATH/)
  })
})
