/** Records what each SQLite migration leaves behind (`MigrationSchemas.ts`); run when a new migration ships. */
import { Effect } from "effect"
import { writeFileSync } from "node:fs"
import { migrationSchemas } from "./MigrationSchemas.ts"

const hashes = await Effect.runPromise(migrationSchemas)
writeFileSync(new URL("../fixtures/migration-schemas.json", import.meta.url), `${JSON.stringify(hashes, null, 2)}\n`)
console.log(`${Object.keys(hashes).length} migrations recorded`)
