import { expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql/SqlClient"
import * as NodeSqliteClient from "../../src/storage/sqlite/NodeSqliteClient.ts"
import { Effect, RuntimeFlags, RuntimeFlagsPatch, Supervisor } from "effect"
import { transactionStatements } from "../../src/storage/TransactionStatements.ts"

const database = NodeSqliteClient.layer({ filename: ":memory:" })

/** Counts the steps Effect's runtime takes for `effect` (each one it evaluates, with supervision of every step on). */
const stepsOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    let steps = 0
    class Counting extends Supervisor.AbstractSupervisor<void> {
      value = Effect.void
      override onEffect() {
        steps++
      }
    }
    yield* effect.pipe(
      Effect.supervised(new Counting()),
      Effect.withRuntimeFlagsPatch(RuntimeFlagsPatch.enable(RuntimeFlags.OpSupervision))
    )
    return steps
  })

const values = Effect.flatMap(SqlClient, (sql) => sql<{ value: string }>`SELECT value FROM notes ORDER BY value`)

it.effect("a statement in a transaction runs on its connection: a rollback takes it back, a commit keeps it", () =>
  Effect.gen(function*() {
    const sql = yield* SqlClient
    const transactional = transactionStatements(sql)
    yield* sql`CREATE TABLE notes (value TEXT)`
    const rolledBack = yield* Effect.flip(sql.withTransaction(Effect.gen(function*() {
      yield* transactional`INSERT INTO notes (value) VALUES (${"gone"})`
      expect(yield* transactional<{ value: string }>`SELECT value FROM notes`).toEqual([{ value: "gone" }])
      return yield* Effect.fail("refused")
    })))
    expect(rolledBack).toBe("refused")
    yield* sql.withTransaction(transactional`INSERT INTO notes (value) VALUES (${"kept"})`)
    yield* transactional`INSERT INTO notes (value) VALUES (${"outside"})`
    expect(yield* values).toEqual([{ value: "kept" }, { value: "outside" }])
  }).pipe(Effect.provide(database)))

it.effect("in a transaction, a statement takes a fraction of the steps it takes through @effect/sql", () =>
  Effect.gen(function*() {
    const sql = yield* SqlClient
    const transactional = transactionStatements(sql)
    yield* sql`CREATE TABLE notes (value TEXT)`
    const tenThrough = (insert: (i: number) => Effect.Effect<unknown, unknown>) =>
      stepsOf(sql.withTransaction(Effect.forEach(Array.from({ length: 10 }, (_, i) => i), insert, { discard: true })))
    const plain = yield* tenThrough((i) => sql`INSERT INTO notes (value) VALUES (${String(i)})`)
    const direct = yield* tenThrough((i) => transactional`INSERT INTO notes (value) VALUES (${String(i)})`)
    const none = yield* tenThrough(() => Effect.void)
    // About 70 steps a statement through @effect/sql, about 12 on the transaction's connection.
    expect((direct - none) / 10).toBeLessThan((plain - none) / 10 / 3)
    expect((yield* values).length).toBe(20)
  }).pipe(Effect.provide(database)))
