/**
 * Upgrades from every schema the project shipped: a library written by the service of that time
 * (`test/fixtures/upgrades/`, built from the project's own history by `test/corpus/buildUpgradeFixtures.ts`) is opened
 * by today's service, which copies a SQLite file before migrating it, and every asset answers what it answered then
 * (a deleted one is still gone). The last version on Effect 3 left its libraries (a SQLite file and a PostgreSQL
 * database) killed after writes that only the search index's snapshot journal records: they are read back from the
 * snapshot, and every search answers what it answered then. On Node and Deno, on each engine its own fixtures.
 */
import { DatabaseSync } from "node:sqlite"
import { afterAll, describe, expect, it } from "vitest"
import { execFileSync } from "node:child_process"
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { MIGRATION_NAMES } from "../../src/storage/sqlite/migrations/index.ts"
import { call } from "./Http.ts"
import { postgresBinaries } from "../ThrowawayPostgres.ts"
import { clusterUrl, engine, runtime, startService } from "./ServiceProcess.ts"

/** A database's schema version and asset rows. */
const contentsOf = (file: string) => {
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    return {
      schema: db.prepare("SELECT max(migration_id) AS id FROM effect_sql_migrations").get(),
      assets: db.prepare("SELECT * FROM assets ORDER BY id").all()
    }
  } finally {
    db.close()
  }
}

const fixtures = new URL("../fixtures/upgrades/", import.meta.url).pathname
/** The fixtures of the suites' engine: `schema-N` on SQLite, `pg-schema-N` on PostgreSQL. */
const schemas = readdirSync(fixtures).filter((name) => name.endsWith(".json")).map((name) => name.replace(".json", ""))
  .filter((name) => name.startsWith("pg-") === (engine === "pg"))
  .sort((a, b) => Number(a.replace(/\D/g, "")) - Number(b.replace(/\D/g, "")))
const dir = mkdtempSync(join(tmpdir(), "upgrades-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

interface Recorded {
  readonly schema: number
  readonly commit: string
  readonly done: ReadonlyArray<string>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are compared whole
  readonly answers: Record<string, { status: number; json: any }>
  /** Searches (their query strings) and the ids they found, best first: for a library left with a snapshot. */
  readonly searches?: Record<string, ReadonlyArray<string>>
}

/** Puts the fixture where the service will open it: a SQLite file (and its snapshot), or a restored database. */
const restore = (name: string, dbPath: string) => {
  if (engine === "sqlite") {
    copyFileSync(join(fixtures, `${name}.db`), dbPath)
    const snapshot = join(fixtures, `${name}.db.search-index`)
    if (existsSync(snapshot)) copyFileSync(snapshot, `${dbPath}.search-index`)
    return {}
  }
  const database = `upgrade_${name.replaceAll("-", "_")}_${runtime}`
  execFileSync(join(postgresBinaries()!, "psql"), ["-X", "-q", "-d", clusterUrl(), "-c", `CREATE DATABASE ${database}`])
  execFileSync(join(postgresBinaries()!, "psql"), [
    "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", clusterUrl(database), "-f", join(fixtures, `${name}.sql`)
  ], { stdio: "ignore" })
  return { DATABASE_URL: clusterUrl(database) }
}

/**
 * The one deliberate change to an asset's answer since 0001: from 5dd6b60 (schema 6) a format's `asset` carries the
 * asset's required fields and name only, where it carried copies of the asset's scores and metadata too. An answer
 * recorded before is compared without those copies, once each copy is shown to agree with the asset's own field
 * (which is compared whole): the same scores, the same tags, websites and annotations by id.
 */
const COPIES_DROPPED_FROM_FORMAT_ASSETS = ["annotations", "interacted", "pseudo", "score", "tags", "websites"]
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are compared whole
const copied = (value: any) =>
  value?.iterable === undefined ? value : value.iterable.map(({ id }: { id: string }) => id)
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are compared whole
const answeredThen = (schema: number, asset: any) => {
  if (schema >= 6) return asset
  const formats = asset.formats.iterable.map((format: { asset: Record<string, unknown> }) => {
    const nested = { ...format.asset }
    for (const key of COPIES_DROPPED_FROM_FORMAT_ASSETS) {
      if (key in nested) expect(copied(nested[key]), `formats[].asset.${key}`).toEqual(copied(asset[key]))
      delete nested[key]
    }
    return { ...format, asset: nested }
  })
  return { ...asset, formats: { ...asset.formats, iterable: formats } }
}

describe(`upgrades from every shipped schema (${runtime}, ${engine})`, () => {
  for (const name of schemas) {
    const recorded: Recorded = JSON.parse(readFileSync(join(fixtures, `${name}.json`), "utf8"))
    it(`schema ${recorded.schema} (${recorded.commit}; ${recorded.done.join(", ") || "creates"}): every asset answers as it did`, async () => {
      const folder = mkdtempSync(join(dir, `${name}-`))
      const dbPath = join(folder, "assets.db")
      // At debug, the service says whether it read its search index back from the snapshot.
      const service = await startService(dbPath, { ...restore(name, dbPath), LOG_LEVEL: "debug" })
      try {
        for (const [id, then] of Object.entries(recorded.answers)) {
          const now = await call(service.baseUrl, "GET", `/assets/${id}`)
          expect(now.status, id).toBe(then.status)
          if (then.status === 200) expect(now.json, id).toEqual(answeredThen(recorded.schema, then.json))
          // The library had no history: each snippet's is its revision 1, as it was, by "before history".
          if (then.status !== 200 || now.json.pseudo === true) continue
          const history = await call(service.baseUrl, "GET", `/asset/${id}/revisions`)
          expect(history.json.iterable.map((entry: { actor: unknown }) => entry.actor), id).toEqual([{ kind: "before history" }])
          const first = await call(service.baseUrl, "GET", `/asset/${id}/revisions/1`)
          expect(first.json.snippet.name, id).toBe(now.json.name ?? "")
          expect(first.json.snippet.tags, id).toEqual((now.json.tags?.iterable ?? []).map((tag: { text: string }) => tag.text))
        }
        for (const [query, then] of Object.entries(recorded.searches ?? {})) {
          const now = await call(service.baseUrl, "GET", `/assets/search?${query}&transferables=false`)
          expect(now.json.iterable.map((found: { identifier: string }) => found.identifier), query).toEqual(then)
        }
      } finally {
        await service.stop()
      }
      if (recorded.searches !== undefined) {
        // Read back from the snapshot, with the rows written since (the asset created, the one renamed, the one
        // deleted): not built again from the library.
        expect(service.output()).toMatch(/Search index read back from its snapshot, [1-9]\d* rows written since/)
      }
      if (engine === "pg") return
      // Copied before migrating, unless it needed no migration.
      const copies = readdirSync(folder).filter((file) => file.includes(".before-v"))
      expect(copies).toHaveLength(recorded.schema < MIGRATION_NAMES.length ? 1 : 0)
      // The copy is the database as it was: the same schema and the same asset rows.
      for (const copy of copies) expect(contentsOf(join(folder, copy))).toEqual(contentsOf(join(fixtures, `${name}.db`)))
    }, 60_000)
  }
})
