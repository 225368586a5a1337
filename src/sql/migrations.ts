/**
 * Database migrations, run at start-up by `Migrator.make` on both runtimes. Each entry is applied once, in
 * order, inside a transaction; never edit one that has shipped, add the next.
 */
import { Migrator } from "@effect/sql"
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"

const initial = Effect.gen(function*() {
  const sql = yield* SqlClient
  // Installation-wide values that must never change once chosen: the OS id and the local user id.
  yield* sql`CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`
  yield* sql`
    CREATE TABLE applications (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      version TEXT NOT NULL,
      platform TEXT NOT NULL,
      privacy TEXT NOT NULL,
      capabilities TEXT,
      onboarded INTEGER NOT NULL DEFAULT 0,
      created TEXT NOT NULL,
      updated TEXT NOT NULL,
      UNIQUE (name, version, platform)
    )`
  // An asset is kept as its wire JSON twice: with content (`document`) and without (`lean_document`), so a read
  // is one row and no re-encoding. The columns beside them are what listings filter and sort on.
  yield* sql`
    CREATE TABLE assets (
      id TEXT PRIMARY KEY,
      name TEXT,
      mechanism TEXT NOT NULL,
      pseudo INTEGER NOT NULL,
      created TEXT NOT NULL,
      updated TEXT NOT NULL,
      deleted TEXT,
      document TEXT NOT NULL,
      lean_document TEXT NOT NULL
    )`
  yield* sql`CREATE INDEX assets_listing ON assets (deleted, pseudo, created)`
})

export const migrations = Migrator.fromRecord({ "0001_initial": initial })

/** Runs every pending migration; needs only `SqlClient`, so it works on Node and Deno alike. */
export const migrate = Migrator.make({})({ loader: migrations })
