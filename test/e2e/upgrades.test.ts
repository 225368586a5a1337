/**
 * Upgrades from every schema the project shipped: a library written by the service of that time
 * (`test/fixtures/upgrades/`, built from the project's own history by `test/corpus/buildUpgradeFixtures.ts`) is opened
 * by today's service, which copies it before migrating it, and every asset answers what it answered then (a deleted
 * one is still gone). About the embedded SQLite library, where users keep their only copy: on Node and Deno.
 */
import { DatabaseSync } from "node:sqlite"
import { afterAll, describe, expect, it } from "vitest"
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { MIGRATION_NAMES } from "../../src/storage/sqlite/migrations/index.ts"
import { call } from "./Http.ts"
import { engine, runtime, startService } from "./ServiceProcess.ts"

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
const schemas = readdirSync(fixtures).filter((name) => name.endsWith(".json")).map((name) => name.replace(".json", ""))
const dir = mkdtempSync(join(tmpdir(), "upgrades-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

interface Recorded {
  readonly schema: number
  readonly commit: string
  readonly done: ReadonlyArray<string>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are compared whole
  readonly answers: Record<string, { status: number; json: any }>
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

describe.skipIf(engine !== "sqlite")(`upgrades from every shipped schema (${runtime})`, () => {
  for (const name of schemas) {
    const recorded: Recorded = JSON.parse(readFileSync(join(fixtures, `${name}.json`), "utf8"))
    it(`schema ${recorded.schema} (${recorded.commit}; ${recorded.done.join(", ") || "creates"}): every asset answers as it did`, async () => {
      const folder = mkdtempSync(join(dir, `${name}-`))
      const dbPath = join(folder, "assets.db")
      copyFileSync(join(fixtures, `${name}.db`), dbPath)
      const service = await startService(dbPath)
      try {
        for (const [id, then] of Object.entries(recorded.answers)) {
          const now = await call(service.baseUrl, "GET", `/assets/${id}`)
          expect(now.status, id).toBe(then.status)
          if (then.status === 200) expect(now.json, id).toEqual(answeredThen(recorded.schema, then.json))
        }
      } finally {
        await service.stop()
      }
      // Copied before migrating, unless it needed no migration.
      const copies = readdirSync(folder).filter((file) => file.includes(".before-v"))
      expect(copies).toHaveLength(recorded.schema < MIGRATION_NAMES.length ? 1 : 0)
      // The copy is the database as it was: the same schema and the same asset rows.
      for (const copy of copies) expect(contentsOf(join(folder, copy))).toEqual(contentsOf(join(fixtures, `${name}.db`)))
    }, 60_000)
  }
})
