/**
 * Statements of the storage ports' writes, and the reads a write makes, run on the write transaction's own
 * connection (`TransactionConnection`): the connection `@effect/sql` itself runs them on inside a transaction, after
 * opening a span and a scope to acquire it, about 70 of Effect's steps a statement against about 12 here. A SQLite
 * create runs ten of them: its Effect steps went from about 1,200 to about 700. Outside a transaction (a migration, a
 * test) a statement runs as any other does. The clients here (SQLite's, and PostgreSQL's without name transforms)
 * transform no rows, so the connection's rows are the statement's.
 */
import { type SqlClient, TransactionConnection } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type { Row } from "@effect/sql/SqlConnection"
import type { Statement } from "@effect/sql/Statement"
import { Context, Effect, Option } from "effect"

/**
 * Runs `statement` on the running transaction's connection, or as usual outside one. The connection is read from the
 * fiber's context directly: one of Effect's steps, where `Effect.serviceOption` and a `flatMap` take five.
 */
export const inTransaction = <A>(statement: Statement<A>): Effect.Effect<ReadonlyArray<A>, SqlError> =>
  Effect.withFiberRuntime((fiber) => {
    const transaction = Context.getOption(fiber.currentContext, TransactionConnection)
    if (Option.isNone(transaction)) return statement
    const [text, params] = statement.compile()
    return transaction.value[0].execute(text, params, undefined)
  })

/** `sql`'s template tag for statements run by `inTransaction`. */
export const transactionStatements = (sql: SqlClient) =>
<A extends object = Row>(strings: TemplateStringsArray, ...args: Array<unknown>) =>
  inTransaction(sql<A>(strings, ...args))
