/**
 * `SearchIndexSnapshots` on PostgreSQL: the snapshot in the database, its bytes in pieces
 * (`search_index_snapshot_pieces`) and the number of the feed's last commit it holds (`search_index_snapshot`). An
 * instance whose index holds every commit of the feed keeps one, holding the write lock, so that no instance commits
 * meanwhile. The rows written since are the ones the feed's later commits name: the outbox keeps every instance's
 * commits for days (`PgChangeFeed`), so a start reads them there and writes record nothing more. A snapshot kept
 * longer ago than the outbox keeps commits (less a day) is never read, since commits after it may be gone; nor one
 * followed by more commits than reading the library again costs.
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Cause, Effect, Layer, Option } from "effect"
import { commitOfJson } from "../../domain/CommitJson.ts"
import { messagesOf } from "../../StartupError.ts"
import { changedRowsOf, SearchIndexSnapshots } from "../SearchIndexSnapshots.ts"
import { KEPT_DAYS, lastCommitNumber } from "./PgChangeFeed.ts"
import { WRITE_LOCK } from "./PgWriterLock.ts"

/** A piece's bytes at most: the snapshot is read and written a bounded row at a time, never as one large value. */
const PIECE_BYTES = 1 << 20
/** Pieces read at a time. */
const PIECES_READ = 8
/** Past this many commits after a snapshot, a start reads the library again rather than their rows. */
const REPLAYED_COMMITS = 5_000

/** The snapshot's pieces cut to at most `PIECE_BYTES` each. */
const piecesOf = (parts: ReadonlyArray<Uint8Array>): Array<Buffer> =>
  parts.flatMap((part) =>
    Array.from({ length: Math.ceil(part.length / PIECE_BYTES) }, (_, i) => {
      const start = i * PIECE_BYTES
      return Buffer.from(part.buffer, part.byteOffset + start, Math.min(PIECE_BYTES, part.length - start))
    })
  )

export const layer = Layer.effect(
  SearchIndexSnapshots,
  Effect.map(SqlClient, (sql) => {
    const holdingTheWriteLock = sql`SELECT pg_advisory_xact_lock(${WRITE_LOCK})`

    const forget = sql.withTransaction(Effect.gen(function*() {
      yield* holdingTheWriteLock
      yield* sql`DELETE FROM search_index_snapshot`
      yield* sql`DELETE FROM search_index_snapshot_pieces`
    })).pipe(Effect.orDie)

    /** The snapshot's bytes, read whole, or none if its pieces are not every one it was kept in. */
    const readPieces = (total: number) =>
      Effect.gen(function*() {
        const bytes = new Uint8Array(total)
        let at = 0
        let after = -1
        while (true) {
          const page = yield* sql<{ n: number; bytes: Buffer }>`
            SELECT n, bytes FROM search_index_snapshot_pieces WHERE n > ${after} ORDER BY n LIMIT ${PIECES_READ}`
          if (page.length === 0) break
          for (const piece of page) {
            if (piece.n !== after + 1 || at + piece.bytes.length > total) return Option.none()
            bytes.set(piece.bytes, at)
            at += piece.bytes.length
            after = piece.n
          }
        }
        return at === total ? Option.some(bytes) : Option.none()
      })

    // One view of the database for every read (repeatable read): an instance keeping a new snapshot meanwhile
    // changes none of what this one reads.
    const takeBack = sql.withTransaction(Effect.gen(function*() {
      yield* sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`
      const kept = yield* sql<{ seq: string; total: string; later: string }>`
        SELECT s.seq::text AS seq, s.bytes::text AS total,
               (SELECT count(*) FROM change_log WHERE seq > s.seq)::text AS later
        FROM search_index_snapshot s WHERE s.kept > now() - ${`${KEPT_DAYS - 1} days`}::interval`
      if (kept.length === 0 || Number(kept[0].later) > REPLAYED_COMMITS) return Option.none()
      const bytes = yield* readPieces(Number(kept[0].total))
      if (Option.isNone(bytes)) return Option.none()
      const later = yield* sql<{ payload: string }>`
        SELECT payload FROM change_log WHERE seq > ${kept[0].seq} ORDER BY seq`
      const changedRows = changedRowsOf(later.map(({ payload }) => commitOfJson(payload))).sort((a, b) => a - b)
      return Option.some({ bytes: bytes.value, changedRows })
    })).pipe(
      Effect.catchCause((cause) =>
        Effect.as(
          Effect.logWarning(`The search index's snapshot could not be read: ${messagesOf(Cause.squash(cause))}`),
          Option.none()
        )
      )
    )

    return SearchIndexSnapshots.of({
      // The write lock first: no instance commits until this transaction ends, so the feed's last number now is the
      // last the snapshot holds (the snapshot is none unless this instance applied every commit up to it).
      keep: (snapshot) =>
        sql.withTransaction(Effect.gen(function*() {
          yield* holdingTheWriteLock
          const parts = yield* snapshot
          if (Option.isNone(parts)) return false
          const seq = yield* lastCommitNumber(sql)
          yield* sql`DELETE FROM search_index_snapshot_pieces`
          let n = 0
          for (const piece of piecesOf(parts.value)) {
            yield* sql`INSERT INTO search_index_snapshot_pieces (n, bytes) VALUES (${n++}, ${piece})`
          }
          const total = parts.value.reduce((sum, part) => sum + part.length, 0)
          yield* sql`DELETE FROM search_index_snapshot`
          yield* sql`INSERT INTO search_index_snapshot (seq, bytes) VALUES (${seq}, ${total})`
          return true
        })).pipe(
          Effect.catchCause((cause) =>
            Effect.as(
              Effect.logWarning(`The search index's snapshot was not kept: ${messagesOf(Cause.squash(cause))}`),
              false
            )
          )
        ),
      takeBack,
      // The feed's commits are the record: a write adds nothing.
      changed: () => Effect.void,
      forget
    })
  })
)
