/**
 * `SearchIndexSnapshots` on SQLite: the snapshot is a file beside the database, `<DB_PATH>.search-index`, and a
 * token the database holds (`search_index_snapshot`) says which file stands for it. Keeping one writes the file
 * (flushed, then renamed into place) before the token commits; taking it back deletes the token first, so that a
 * crash or a write after that start rebuilds the index next time. A file whose token the database does not hold
 * (written by a stop that failed half way, or beside a database copied over this one) is never read. Versions
 * before the token's migration refuse this database, so none of them can change it behind a token.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Cause, Effect, Layer, Option } from "effect"
import { randomUUID } from "node:crypto"
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs"
import { messagesOf } from "../../StartupError.ts"
import { SearchIndexSnapshots } from "../SearchIndexSnapshots.ts"

export const snapshotPathOf = (dbPath: string) => `${dbPath}.search-index`

/** The token starts the file: a UUID's 36 characters, padded so that the snapshot's bytes stay 8-aligned. */
const TOKEN_BYTES = 40

export const layer = (dbPath: string) =>
  Layer.effect(
    SearchIndexSnapshots,
    Effect.map(SqlClient, (sql) => {
      const path = snapshotPathOf(dbPath)
      return SearchIndexSnapshots.of({
        keep: (bytes) =>
          Effect.gen(function*() {
            const token = randomUUID()
            const header = new TextEncoder().encode(token.padEnd(TOKEN_BYTES))
            yield* attempt(() => writeFlushed(`${path}.tmp`, [header, bytes]))
            yield* attempt(() => renameSync(`${path}.tmp`, path))
            yield* sql`DELETE FROM search_index_snapshot`
            yield* sql`INSERT INTO search_index_snapshot (token) VALUES (${token})`
          }).pipe(
            Effect.catchAllCause((cause) =>
              Effect.logWarning(`The search index's snapshot was not kept: ${messagesOf(Cause.squash(cause))}`)
            )
          ),
        takeBack: Effect.gen(function*() {
          const tokens = yield* sql<{ token: string }>`SELECT token FROM search_index_snapshot`
          if (tokens.length === 0) return Option.none()
          yield* sql`DELETE FROM search_index_snapshot`
          const read = yield* attempt(() => readFileSync(path))
          rmSync(path, { force: true })
          const token = new TextDecoder().decode(read.subarray(0, TOKEN_BYTES)).trimEnd()
          return token === tokens[0].token ? Option.some(read.subarray(TOKEN_BYTES)) : Option.none()
        }).pipe(
          Effect.catchAllCause((cause) =>
            Effect.as(
              Effect.logWarning(`The search index's snapshot could not be read: ${messagesOf(Cause.squash(cause))}`),
              Option.none()
            )
          )
        )
      })
    })
  )

/** A file operation whose failure is the error it threw (the warnings quote its message). */
const attempt = <A>(operation: () => A) => Effect.try({ try: operation, catch: (error) => error })

/** Writes these parts to a new file and flushes it to the disk, so that it is whole before a token names it. */
const writeFlushed = (path: string, parts: ReadonlyArray<Uint8Array>) => {
  const file = openSync(path, "w")
  try {
    for (const part of parts) {
      for (let written = 0; written < part.length;) written += writeSync(file, part, written)
    }
    fsyncSync(file)
  } finally {
    closeSync(file)
  }
}
