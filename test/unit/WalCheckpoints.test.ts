import { expect, it } from "@effect/vitest"
import { SqlClient } from "effect/sql/SqlClient"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { Effect, Layer } from "effect"
import { mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { WalCheckpoints } from "../../src/storage/sqlite/WalCheckpoints.ts"

const withDatabase = <A, E>(use: (file: string) => Effect.Effect<A, E>) =>
  Effect.acquireUseRelease(
    Effect.sync(() => mkdtempSync(join(tmpdir(), "wal-checkpoints-"))),
    (folder) => use(join(folder, "library.db")),
    (folder) => Effect.sync(() => rmSync(folder, { recursive: true, force: true }))
  )

/** The layer on the file, its worker opening it as the service does. */
const checkpointed = (file: string) =>
  WalCheckpoints(file).pipe(
    Layer.provideMerge(SqliteClient.layer({ filename: file }))
  )

/** 2 MB in one transaction: 500 pages, fewer than SQLite's own checkpoint waits for (1,000), and than ours. */
const writeTwoMegabytes = Effect.gen(function*() {
  const sql = yield* SqlClient
  yield* sql`CREATE TABLE pages (body BLOB)`
  yield* sql.withTransaction(
    Effect.forEach(Array.from({ length: 500 }, (_, i) => i), (i) =>
      sql`INSERT INTO pages (body) VALUES (randomblob(${4000 + i % 7}))`, { discard: true })
  )
})

/** The database file's size, once it reaches `bytes` or `within` ms have passed. */
const sizeOnceAtLeast = (file: string, bytes: number, within: number) =>
  Effect.gen(function*() {
    const until = Date.now() + within
    while (statSync(file).size < bytes && Date.now() < until) yield* Effect.sleep("50 millis")
    return statSync(file).size
  })

it.live("the log's pages reach the database file without a checkpoint of the service's own", () =>
  withDatabase((file) =>
    Effect.gen(function*() {
      yield* writeTwoMegabytes
      const sql = yield* SqlClient
      const [{ wal_autocheckpoint }] = yield* sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`
      expect(wal_autocheckpoint).toBe(4096)
      // Written to the log only (no checkpoint of the service's own at 500 pages): the worker copies them.
      expect(yield* sizeOnceAtLeast(file, 2_000_000, 5000)).toBeGreaterThanOrEqual(2_000_000)
      // Still one library: every row reads back through the service's connection.
      const [{ n }] = yield* sql<{ n: number }>`SELECT count(*) AS n FROM pages`
      expect(n).toBe(500)
    }).pipe(Effect.provide(checkpointed(file)))
  ))
