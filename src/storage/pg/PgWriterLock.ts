/**
 * `WriterLock` on PostgreSQL: every write transaction of every instance first takes one transaction-scoped advisory
 * lock, so writes take turns across instances and the change feed's numbers (taken under the lock, visible once the
 * lock is released) follow commit order. A job runs under a session advisory lock of its own name, tried, not
 * waited for: another instance running it is reason enough to skip this turn.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { writeTransaction } from "../Transactions.ts"
import { WriterLock } from "../WriterLock.ts"

/** The write lock's key: any number no other program of the database uses ("asset" in ASCII). */
export const WRITE_LOCK = 0x6173736574

/** A job's lock key, from its name. */
const jobKey = (name: string) => `asset-connector-service/${name}`

export const layer = Layer.effect(
  WriterLock,
  Effect.map(SqlClient, (sql) =>
    WriterLock.of({
      transaction: (write) =>
        writeTransaction(sql, Effect.zipRight(Effect.orDie(sql`SELECT pg_advisory_xact_lock(${WRITE_LOCK})`), write)),
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
