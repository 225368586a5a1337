/**
 * PostgreSQL's migrations that move rows: a database written at an earlier migration keeps what it held. Each runs on
 * a new database in the tests' cluster (`E2E_POSTGRES_URL`), so it is skipped without one.
 */
import { describe, expect, it } from "@effect/vitest"
import { Migrator } from "effect/sql"
import { SqlClient } from "effect/sql/SqlClient"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Logger, Redacted } from "effect"
import { RowSet } from "../../src/domain/RowSet.ts"
import { migrationSteps } from "../../src/storage/pg/migrations.ts"
import { pgEngine } from "../../src/storage/pg/PgEngine.ts"
import { TextSearch } from "../../src/storage/TextSearch.ts"
import { newPostgresDatabase } from "./TestLayers.ts"

/** The migrations up to `last`, on the database at `url`. */
const migratedTo = (url: string, last: keyof typeof migrationSteps) => {
  const names = Object.keys(migrationSteps)
  const upTo = Object.fromEntries(Object.entries(migrationSteps).slice(0, names.indexOf(last) + 1))
  return Migrator.make({})({ loader: Migrator.fromRecord(upTo) }).pipe(
    Effect.scoped,
    Effect.provide(PgClient.layer({ url: Redacted.make(url) }))
  )
}

describe.skipIf(process.env.E2E_POSTGRES_URL === undefined)("PostgreSQL's migrations", () => {
  it.live("0003 moves the lower-cased texts and the words to narrow tables, uncompressed, and says so first", () =>
    Effect.gen(function*() {
      const url = yield* Effect.promise(newPostgresDatabase)
      yield* migratedTo(url, "0002_search_index_snapshot")
      const logged: Array<string> = []
      // Long enough that the wide row of search_text kept it compressed.
      const content = Array.from({ length: 200 }, (_, i) => `  return Parse_Header(line${i})`).join("\n")
      yield* Effect.gen(function*() {
        const sql = yield* SqlClient
        yield* sql`
          INSERT INTO search_text (row, name, tags, annotations, content, words)
          VALUES (7, 'Header Parser', 'Parsing', '', ${content}, to_tsvector('english', 'header parser'))`
      }).pipe(Effect.scoped, Effect.provide(PgClient.layer({ url: Redacted.make(url) })))

      yield* Effect.gen(function*() {
        const sql = yield* SqlClient
        const [moved] = yield* sql<{ folded: string; stored: number; length: number }>`
          SELECT folded, pg_column_size(folded) AS stored, octet_length(folded) AS length FROM search_anywhere`
        expect(moved.folded).toBe(`header parser\n${content.toLowerCase()}\nparsing\n`)
        expect(moved.stored).toBeGreaterThanOrEqual(moved.length)
        // Statistics detailed enough that a rare term is looked up through the index.
        const [column] = yield* sql<{ target: number }>`
          SELECT attstattarget AS target FROM pg_attribute
          WHERE attrelid = 'search_anywhere'::regclass AND attname = 'folded'`
        expect(column.target).toBe(1000)
        const text = yield* TextSearch
        const found = yield* text.containingCounted(["PARSE_header(LINE199)"], "anywhere", RowSet.of([7]), 10)
        expect(found).toEqual({ rows: [7], count: 1 })
        // The words moved as they were, found by a words query.
        const [words] = yield* sql<{ same: boolean }>`
          SELECT w.words = to_tsvector('english', 'header parser') AS same FROM search_words w WHERE w.row = 7`
        expect(words.same).toBe(true)
        expect(yield* text.countWords(["parsers"], true, RowSet.of([7]))).toBe(1)
      }).pipe(
        Effect.scoped,
        Effect.provide(pgEngine(Redacted.make(url)).pipe(Layer.orDie)),
        Effect.provide(Logger.layer([Logger.make(({ message }) => logged.push(String(message)))]))
      )
      // Said before it ran, once.
      expect(logged.filter((line) => line.startsWith("Migrating the database"))).toEqual([
        expect.stringMatching(/from schema 2 to 4, once/)
      ])
    }))
})
