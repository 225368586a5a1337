/**
 * `WriterLock` on SQLite: one service per database file (`InstanceLock`) and one connection, so a transaction is
 * the write lock, and every job runs here alone.
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { writeTransaction } from "../Transactions.ts"
import { WriterLock } from "../WriterLock.ts"
import { withFullTextWritesLast } from "./FullTextWrites.ts"

export const layer = Layer.effect(
  WriterLock,
  Effect.map(SqlClient, (sql) =>
    WriterLock.of({
      transaction: (write) => writeTransaction(sql, withFullTextWritesLast(write)),
      // One connection: one write transaction at a time.
      concurrentWriters: 1,
      exclusive: (_name, job) => Effect.as(job, true)
    }))
)
