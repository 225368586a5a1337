/**
 * Records what each migration leaves behind (`MigrationSchemas.ts`), on SQLite and on PostgreSQL (the server at
 * `E2E_POSTGRES_URL`, which it creates throwaway databases on); run when a new migration ships.
 */
import { Effect } from "effect"
import { writeFileSync } from "node:fs"
import { newPostgresDatabase } from "../unit/TestLayers.ts"
import { migrationSchemas, pgMigrationSchemas } from "./MigrationSchemas.ts"

if (process.env.E2E_POSTGRES_URL === undefined) throw new Error("Set E2E_POSTGRES_URL to a PostgreSQL server")
const hashes = {
  ...await Effect.runPromise(migrationSchemas),
  ...await Effect.runPromise(pgMigrationSchemas(newPostgresDatabase))
}
writeFileSync(new URL("../fixtures/migration-schemas.json", import.meta.url), `${JSON.stringify(hashes, null, 2)}\n`)
console.log(`${Object.keys(hashes).length} migrations recorded`)
