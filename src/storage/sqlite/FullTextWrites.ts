/**
 * Writes to SQLite's FTS5 tables (the text indexes and the similarity keys), run last in their write transaction.
 * FTS5 flushes the terms it holds to a new segment whenever another statement opens a statement journal (a
 * multi-row insert does), so interleaved with the other writes of a transaction they made a segment per asset per
 * table, to be merged again. Inside `SqliteWriterLock.transaction` they wait for the end of the transaction, in the
 * order they were made; outside one (a migration, a benchmark's loader) they run at once.
 */
import type { SqlError } from "effect/sql/SqlError"
import { Context, Effect } from "effect"

type FullTextWrite = Effect.Effect<void, SqlError>

/** The writes waiting for the end of the running transaction; none outside one. */
const Pending = Context.Reference<Array<FullTextWrite> | undefined>("FullTextWrites/Pending", {
  defaultValue: () => undefined
})

/** Runs a write last in the running transaction, or now outside one. */
export const fullTextWrite = (write: FullTextWrite): Effect.Effect<void> =>
  Effect.flatMap(Effect.service(Pending), (writes) => {
    if (writes === undefined) return Effect.orDie(write)
    writes.push(write)
    return Effect.void
  })

/** Runs `transaction`'s body, then the full-text writes it made, in order. */
export const withFullTextWritesLast = <A, E, R>(body: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.suspend(() => {
    const writes: Array<FullTextWrite> = []
    return Effect.provideService(
      Effect.tap(body, () => Effect.orDie(Effect.forEach(writes, (write) => write, { discard: true }))),
      Pending,
      writes
    )
  })
