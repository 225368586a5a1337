/**
 * `WriterLock` on PostgreSQL. Write transactions of every instance run at once: what a write reads to change is
 * locked (`SELECT ... FOR UPDATE` of the asset, `FOR SHARE` of the entities it adopts), and its commits join the feed
 * last, under a transaction-scoped advisory lock (`PgChangeFeed.append`), so feed numbers follow commit order. Two
 * writes that meet (a deadlock, the same new tag registered twice) are told apart by PostgreSQL: the transaction that
 * lost runs again, up to a few times. A job runs under a session advisory lock of its own name, tried, not waited
 * for: another instance running it is reason enough to skip this turn.
 */
import { SqlClient } from "effect/sql/SqlClient"
import { SqlError } from "effect/sql/SqlError"
import { Effect, Layer } from "effect"
import { messagesOf } from "../../StartupError.ts"
import { writeTransaction } from "../Transactions.ts"
import { WriterLock } from "../WriterLock.ts"

/** The feed's write lock key: any number no other program of the database uses ("asset" in ASCII). */
export const WRITE_LOCK = 0x6173736574

/**
 * Write transactions an instance runs at once: while one waits on a round trip to the server, another can run, and
 * fewer share writes more (a create with tags is two round trips, their lookup and its rows, and its transaction's
 * begin, feed and commit three more). Fills of 2,000 (8 clients), alternated: 154–182 creates/s with 2, 142–177
 * with 1, 117–165 with 4.
 */
const CONCURRENT_WRITERS = 2

/** How often a transaction that lost to another (a deadlock, a unique key taken meanwhile) runs again. */
const RETRIES = 8

/**
 * A deadlock, a serialization failure, a unique key another transaction took first: running again resolves it, at
 * once (the other transaction has committed, or goes on now that this one gave way).
 */
const lostToAnother = (defect: unknown) =>
  defect instanceof SqlError && /\b(40P01|40001|23505)\b/.test(messagesOf(defect))

const retried = <A, E, R>(transaction: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => {
  const attempt = (left: number): Effect.Effect<A, E, R> =>
    Effect.catchDefect(transaction, (defect) =>
      lostToAnother(defect) && left > 0
        ? attempt(left - 1)
        : Effect.die(defect))
  return attempt(RETRIES)
}

/**
 * A write's statements planned once per connection rather than for each execution's values, as the pool's setting
 * has every statement planned (`PgEngine`: searches need it). A write's statements, keyed by ids and rows, gain
 * nothing from it, and planning a create's rows cost a fifth of running them (`pg_stat_statements`): PostgreSQL spent
 * less CPU per create, for one round trip more per transaction. `SET LOCAL` ends with the transaction: the
 * connection's next statement is planned as before.
 */
const plannedOnce = (sql: SqlClient) =>
  Effect.orDie(sql`SET LOCAL plan_cache_mode = force_generic_plan`)

/** A job's lock key, from its name. */
const jobKey = (name: string) => `asset-connector-service/${name}`

export const layer = Layer.effect(
  WriterLock,
  Effect.map(SqlClient, (sql) =>
    WriterLock.of({
      transaction: (write) => retried(writeTransaction(sql, Effect.andThen(plannedOnce(sql), write))),
      concurrentWriters: CONCURRENT_WRITERS,
      exclusive: (name, job) =>
        Effect.scoped(Effect.gen(function*() {
          const connection = yield* Effect.orDie(sql.reserve)
          const [taken] = yield* Effect.orDie(
            connection.execute("SELECT pg_try_advisory_lock(hashtext($1)) AS taken", [jobKey(name)], undefined)
          )
          if (taken?.taken !== true) return false
          yield* Effect.ensuring(
            job,
            Effect.ignore(connection.execute("SELECT pg_advisory_unlock(hashtext($1))", [jobKey(name)], undefined))
          )
          return true
        }))
    }))
)
