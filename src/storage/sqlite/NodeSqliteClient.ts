/**
 * An `@effect/sql` client over the built-in `node:sqlite`, the same on Node and Deno, with no native module to
 * build at install. It follows `@effect/sql-sqlite-node`: one connection, statements serialised by a semaphore,
 * prepared statements cached.
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import * as Client from "@effect/sql/SqlClient"
import type { Connection } from "@effect/sql/SqlConnection"
import { SqlError } from "@effect/sql/SqlError"
import * as Statement from "@effect/sql/Statement"
import { Context, Effect, Layer, Scope, Stream } from "effect"
import { backup, DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite"
import { OnlineBackup } from "./OnlineBackup.ts"


/** Statement parameters as `node:sqlite` binds them (the compiler makes nothing else). */
const bound = (params: ReadonlyArray<unknown>) => params as Array<SQLInputValue>

const toSqlError = (message: string) => (cause: unknown) => new SqlError({ cause, message })

export const make = (options: { readonly filename: string }) =>
  Effect.gen(function*() {
    const db = new DatabaseSync(options.filename)
    yield* Effect.addFinalizer(() => Effect.sync(() => db.close()))
    db.exec("PRAGMA journal_mode = WAL")

    const statements = new Map<string, StatementSync>()
    const prepare = (sql: string) =>
      Effect.try({
        try: () => {
          let statement = statements.get(sql)
          if (statement === undefined) {
            statement = db.prepare(sql)
            statements.set(sql, statement)
          }
          return statement
        },
        catch: toSqlError("Failed to prepare statement")
      })

    // node:sqlite's `all` runs any statement and answers its rows ([] for writes), so no reader check is needed.
    const run = (sql: string, params: ReadonlyArray<unknown>) =>
      Effect.flatMap(prepare(sql), (statement) =>
        Effect.try({ try: () => statement.all(...bound(params)), catch: toSqlError("Failed to execute statement") }))

    const connection: Connection = {
      execute: (sql, params, transformRows) =>
        transformRows ? Effect.map(run(sql, params), transformRows) : run(sql, params),
      executeRaw: (sql, params) =>
        Effect.flatMap(prepare(sql), (statement) =>
          Effect.try({ try: () => statement.run(...bound(params)), catch: toSqlError("Failed to execute statement") })),
      // Rows as lists of values made by the driver, as better-sqlite3's raw mode does (`.values` is for reading many
      // rows cheaply: an object per row first, then its values, would cost more than the objects alone).
      executeValues: (sql, params) =>
        Effect.flatMap(prepare(sql), (statement) =>
          Effect.try({
            try: () => {
              statement.setReturnArrays(true)
              try {
                return statement.all(...bound(params)) as unknown as ReadonlyArray<ReadonlyArray<unknown>>
              } finally {
                statement.setReturnArrays(false)
              }
            },
            catch: toSqlError("Failed to execute statement")
          })),
      executeUnprepared: (sql, params, transformRows) => {
        const rows = Effect.try({
          try: () => db.prepare(sql).all(...bound(params ?? [])),
          catch: toSqlError("Failed to execute statement")
        })
        return transformRows ? Effect.map(rows, transformRows) : rows
      },
      executeStream: () => Stream.dieMessage("executeStream is not implemented")
    }

    const semaphore = yield* Effect.makeSemaphore(1)
    const acquirer = semaphore.withPermits(1)(Effect.succeed(connection))
    const transactionAcquirer = Effect.uninterruptibleMask((restore) =>
      Effect.as(
        Effect.zipRight(
          restore(semaphore.take(1)),
          Effect.tap(Effect.scope, (scope) => Scope.addFinalizer(scope, semaphore.release(1)))
        ),
        connection
      )
    )

    const client = yield* Client.make({
      acquirer,
      compiler: Statement.makeCompilerSqlite(),
      transactionAcquirer,
      spanAttributes: [["db.system.name", "sqlite"]]
    })
    const onlineBackup = OnlineBackup.of({
      copyTo: (path) =>
        semaphore.withPermits(1)(Effect.tryPromise({
          try: () => backup(db, path),
          catch: toSqlError("Failed to back up the database")
        }))
    })
    return { client, onlineBackup }
  })

export const layer = (options: { readonly filename: string }): Layer.Layer<Client.SqlClient | OnlineBackup> =>
  Layer.scopedContext(Effect.map(make(options), ({ client, onlineBackup }) =>
    Context.make(Client.SqlClient, client).pipe(Context.add(OnlineBackup, onlineBackup)))).pipe(
      Layer.provide(Reactivity.layer)
    )
