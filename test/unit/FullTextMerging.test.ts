import { expect, it } from "@effect/vitest"
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { RequestsReceived } from "../../src/storage/RequestsReceived.ts"
import { FULL_TEXT_TABLES, mergeStep } from "../../src/storage/sqlite/FullTextMerging.ts"
import { sqliteEngineOrDie } from "../../src/storage/sqlite/SqliteEngine.ts"

/** Rows written one transaction each, as saves between group commits leave them: a segment each, before merging. */
const writeApart = (first: number, last: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient
    for (let row = first; row <= last; row++) {
      yield* sql`INSERT INTO similarity (rowid, words) VALUES (${row}, ${`e${row} b${row % 7} c${row % 11}`})`
      yield* sql`INSERT INTO search_words (rowid, name, code, tags, annotations)
        VALUES (${row}, ${`parse header ${row}`}, ${"return value"}, ${""}, ${""})`
    }
  })

const segments = (table: (typeof FULL_TEXT_TABLES)[number]) =>
  Effect.flatMap(SqlClient, (sql) =>
    Effect.map(
      sql<{ n: number }>`SELECT count(DISTINCT segid) AS n FROM ${sql(`${table}_idx`)}`,
      (rows) => rows[0].n
    ))

const bands = (word: string) =>
  Effect.flatMap(SqlClient, (sql) =>
    Effect.map(
      sql<{ row: number }>`SELECT rowid AS row FROM similarity WHERE similarity MATCH ${word} ORDER BY rowid`,
      (rows) => rows.map((found) => found.row)
    ))

it.effect("merging steps leave one segment of many, and every row still found", () =>
  Effect.gen(function*() {
    yield* writeApart(1, 60)
    const before = yield* segments("similarity")
    const found = yield* bands("b3")
    expect(before).toBeGreaterThan(3)
    let steps = 0
    while (yield* mergeStep) steps++
    expect(steps).toBeGreaterThan(0)
    expect(yield* segments("similarity")).toBe(1)
    expect(yield* segments("search_words")).toBe(1)
    expect(yield* bands("b3")).toEqual(found)
    expect(found).toEqual([3, 10, 17, 24, 31, 38, 45, 52, 59])
    // Nothing left: a step does nothing.
    expect(yield* mergeStep).toBe(false)
  }).pipe(Effect.provide(sqliteEngineOrDie(":memory:"))))

it.effect("the engine merges once a second has passed without writes, not while they come", () =>
  Effect.gen(function*() {
    yield* writeApart(1, 40)
    const written = yield* segments("similarity")
    expect(written).toBeGreaterThan(3)
    // The first look after the writes sees them: no merging yet.
    yield* TestClock.adjust("1 second")
    expect(yield* segments("similarity")).toBe(written)
    yield* writeApart(41, 41)
    yield* TestClock.adjust("1 second")
    expect(yield* segments("similarity")).toBeGreaterThanOrEqual(written)
    // A second without writes: merged.
    yield* TestClock.adjust("1 second")
    expect(yield* segments("similarity")).toBe(1)
  }).pipe(Effect.provide(sqliteEngineOrDie(":memory:"))))

it.effect("the engine does not merge while requests come, even with no write among them", () =>
  Effect.gen(function*() {
    const requests = yield* RequestsReceived
    yield* writeApart(1, 40)
    const written = yield* segments("similarity")
    yield* TestClock.adjust("1 second")
    // Searches, one a second: no merging between them.
    for (let second = 0; second < 3; second++) {
      requests.received()()
      yield* TestClock.adjust("1 second")
      expect(yield* segments("similarity")).toBe(written)
    }
    // A second without a request: merged.
    yield* TestClock.adjust("1 second")
    expect(yield* segments("similarity")).toBe(1)
  }).pipe(Effect.provide(sqliteEngineOrDie(":memory:").pipe(Layer.provideMerge(RequestsReceived.layer)))))

it.effect("the engine does not merge while a request is being answered, however long it takes", () =>
  Effect.gen(function*() {
    const requests = yield* RequestsReceived
    yield* writeApart(1, 40)
    const written = yield* segments("similarity")
    yield* TestClock.adjust("1 second")
    // A listing of the whole library, say: received once, answered seconds later.
    const answered = requests.received()
    for (let second = 0; second < 3; second++) {
      yield* TestClock.adjust("1 second")
      expect(yield* segments("similarity")).toBe(written)
    }
    answered()
    // A second call counts for nothing: the next request, not yet answered, still holds the merging.
    answered()
    const next = requests.received()
    yield* TestClock.adjust("1 second")
    yield* TestClock.adjust("1 second")
    expect(yield* segments("similarity")).toBe(written)
    next()
    yield* TestClock.adjust("1 second")
    yield* TestClock.adjust("1 second")
    expect(yield* segments("similarity")).toBe(1)
  }).pipe(Effect.provide(sqliteEngineOrDie(":memory:").pipe(Layer.provideMerge(RequestsReceived.layer)))))
