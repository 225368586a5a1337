/**
 * A write transaction over Effect's SQL client: the write's own failures roll it back and reach the caller as they were;
 * a failure of the database itself (beginning, committing) is a defect, so that it can never pass for a failure of
 * the write (which the commit path would take for a refusal and run again).
 */
import type { SqlClient } from "effect/sql/SqlClient"
import { Effect } from "effect"

class WriteFailure<E> {
  constructor(readonly error: E) {}
}

export const writeTransaction = <A, E, R>(sql: SqlClient, write: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  sql.withTransaction(Effect.mapError(write, (error) => new WriteFailure(error))).pipe(
    Effect.catch((failure) => failure instanceof WriteFailure ? Effect.fail(failure.error) : Effect.die(failure))
  )
