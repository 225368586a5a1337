/**
 * `SearchIndexSnapshots` on SQLite: the snapshot is a file beside the database, `<DB_PATH>.search-index`, and a token
 * the database holds (`search_index_snapshot`) says which file stands for it; the search rows written since it was kept
 * are in `search_index_journal`, recorded inside each write's transaction, so they are there if and only if the write
 * committed. Keeping one is a write transaction from the moment the snapshot's bytes are taken: the file (flushed, then
 * renamed into place), then the token, and the journal emptied. A file whose token the database does not hold (written
 * by a keep that failed half way, or beside a database copied over this one) is never read; a copy of this database
 * restored from a backup holds the token and the rows of its own time, so it reads the file back as truly as the
 * database did then. Versions before the journal's migration refuse this database, so none of them can change it
 * unrecorded.
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Cause, Effect, Layer, Option } from "effect"
import { randomUUID } from "node:crypto"
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs"
import { messagesOf } from "../../StartupError.ts"
import { changedRowsOf, SearchIndexSnapshots } from "../SearchIndexSnapshots.ts"

export const snapshotPathOf = (dbPath: string) => `${dbPath}.search-index`

/** The token starts the file: a UUID's 36 characters, padded so that the snapshot's bytes stay 8-aligned. */
const TOKEN_BYTES = 40

export const layer = (dbPath: string) =>
  Layer.effect(
    SearchIndexSnapshots,
    Effect.map(SqlClient, (sql) => {
      const path = snapshotPathOf(dbPath)
      /** Whether a token names a snapshot, so that writes record their rows. */
      let standing = false
      const forget = Effect.gen(function*() {
        standing = false
        yield* sql.withTransaction(Effect.gen(function*() {
          yield* sql`DELETE FROM search_index_snapshot`
          yield* sql`DELETE FROM search_index_journal`
        }))
        // No token names it any more, so it would never be read: removed for its room, not for safety.
        yield* Effect.ignore(attempt(() => rmSync(path, { force: true })))
      }).pipe(Effect.orDie)
      return SearchIndexSnapshots.of({
        // In a write transaction from the snapshot's evaluation on: writes wait for the connection it holds. A file
        // renamed into place for a transaction that then failed carries a token the database does not hold: unread.
        keep: (snapshot) =>
          sql.withTransaction(Effect.gen(function*() {
            const pieces = yield* snapshot
            if (Option.isNone(pieces)) return false
            const token = randomUUID()
            const header = new TextEncoder().encode(token.padEnd(TOKEN_BYTES))
            yield* attempt(() => writeFlushed(`${path}.tmp`, [header, ...pieces.value]))
            yield* attempt(() => renameSync(`${path}.tmp`, path))
            yield* sql`DELETE FROM search_index_snapshot`
            yield* sql`INSERT INTO search_index_snapshot (token) VALUES (${token})`
            yield* sql`DELETE FROM search_index_journal`
            return true
          })).pipe(
            Effect.tap((kept) =>
              Effect.sync(() => {
                if (kept) standing = true
              })
            ),
            Effect.catchCause((cause) =>
              Effect.as(
                Effect.logWarning(`The search index's snapshot was not kept: ${messagesOf(Cause.squash(cause))}`),
                false
              )
            )
          ),
        takeBack: Effect.gen(function*() {
          const tokens = yield* sql<{ token: string }>`SELECT token FROM search_index_snapshot`
          if (tokens.length === 0) {
            yield* forget
            return Option.none()
          }
          const read = yield* attempt(() => readFileSync(path))
          const token = new TextDecoder().decode(read.subarray(0, TOKEN_BYTES)).trimEnd()
          if (token !== tokens[0].token) {
            yield* forget
            return Option.none()
          }
          const changed = yield* sql<{ row: number }>`SELECT row FROM search_index_journal ORDER BY row`
          standing = true
          return Option.some({ bytes: read.subarray(TOKEN_BYTES), changedRows: changed.map(({ row }) => row) })
        }).pipe(
          Effect.catchCause((cause) =>
            Effect.as(
              Effect.andThen(
                Effect.logWarning(`The search index's snapshot could not be read: ${messagesOf(Cause.squash(cause))}`),
                forget
              ),
              Option.none()
            )
          )
        ),
        changed: (commits) =>
          Effect.suspend(() => {
            const rows = standing ? changedRowsOf(commits) : []
            if (rows.length === 0) return Effect.void
            return sql`INSERT OR IGNORE INTO search_index_journal (row)
              SELECT value FROM json_each(${JSON.stringify(rows)})`.pipe(Effect.asVoid, Effect.orDie)
          }),
        forget
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
