/**
 * `node:sqlite` as `@effect/sql-sqlite-node` sees it in the build (`scripts/build.mjs`): every database opens with
 * extensions refused. The client opens each one with `allowExtension: true` and then turns loading off where the
 * runtime can (Node's `enableLoadExtension(false)`); Deno has no such switch, so it refuses to open such a database
 * without `--allow-ffi`, a permission that would also leave SQL's `load_extension()` open for the connection's life.
 * The service loads no extension.
 */
import * as sqlite from "node:sqlite"

export * from "node:sqlite"

export class DatabaseSync extends sqlite.DatabaseSync {
  constructor(path: string | Buffer | URL, options?: sqlite.DatabaseSyncOptions) {
    super(path, { ...options, allowExtension: false })
  }
}
