/**
 * SQLite's online backup of the open database to another file: a whole, consistent copy as of one moment, taken
 * page by page while the database stays usable. The driver provides it (`node:sqlite`'s `backup`); `VACUUM INTO`
 * would do the same but needs ATTACH, which Deno disables unless the service runs with every permission.
 */
import type { SqlError } from "@effect/sql/SqlError"
import { Context, type Effect } from "effect"

export class OnlineBackup extends Context.Tag("OnlineBackup")<OnlineBackup, {
  readonly copyTo: (path: string) => Effect.Effect<void, SqlError>
}>() {}
