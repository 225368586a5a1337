/**
 * The followers keep the search index's snapshot while the service runs, in a quiet moment: on a library where none
 * stands (a first start, or one that rebuilt the index), or after 200 commits; never while requests come. A stop
 * keeps one only when a commit was applied since the one standing was kept or read back. A quiet moment's keep gives
 * memory back first. The end of a burst of commits gives memory back, though requests go on.
 */
import { expect, it } from "@effect/vitest"
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { LibraryServices } from "../../src/services/LibraryServices.ts"
import { MemoryAtRest } from "../../src/runtime/MemoryAtRest.ts"
import { AssetCreator } from "../../src/services/AssetCreator.ts"
import { SeedPreprocessor } from "../../src/services/SeedPreprocessor.ts"
import { RequestsReceived } from "../../src/storage/RequestsReceived.ts"
import { sqliteEngineOrDie } from "../../src/storage/sqlite/SqliteEngine.ts"
import { snapshotPathOf } from "../../src/storage/sqlite/SqliteSearchIndexSnapshots.ts"
import { savedCode } from "./TestLayers.ts"

const saved = (raw: string) => Effect.asVoid(savedCode(raw))

const tokens = Effect.flatMap(SqlClient, (sql) =>
  Effect.map(sql<{ token: string }>`SELECT token FROM search_index_snapshot`, (rows) => rows.map((row) => row.token)))

const journal = Effect.flatMap(SqlClient, (sql) =>
  Effect.map(sql<{ row: number }>`SELECT row FROM search_index_journal`, (rows) => rows.length))

it.effect("keeps the search index's snapshot in a quiet moment where none stands, not while requests come", () => {
  const dir = mkdtempSync(join(tmpdir(), "library-followers-"))
  const dbPath = join(dir, "assets.db")
  return Effect.gen(function*() {
    const requests = yield* RequestsReceived
    yield* saved("export const twice = (n: number) => n * 2\n")
    // A request between every two looks: never quiet.
    for (let look = 0; look < 4; look++) {
      requests.received()()
      yield* TestClock.adjust("5 seconds")
    }
    expect(yield* tokens).toEqual([])
    expect(existsSync(snapshotPathOf(dbPath))).toBe(false)
    // A request being answered all along (a listing of the whole library, say) is no quiet moment either.
    const answered = requests.received()
    yield* TestClock.adjust("15 seconds")
    expect(yield* tokens).toEqual([])
    answered()
    // Ten seconds without a request or a commit: kept, and the writes after it recorded.
    yield* TestClock.adjust("10 seconds")
    const kept = yield* tokens
    expect(kept).toHaveLength(1)
    expect(existsSync(snapshotPathOf(dbPath))).toBe(true)
    yield* saved("export const thrice = (n: number) => n * 3\n")
    expect(yield* journal).toBe(1)
    // One commit since: too few to keep another.
    yield* TestClock.adjust("20 seconds")
    expect(yield* tokens).toEqual(kept)
    // Two hundred: the next quiet moment keeps another, and the journal starts again from nothing.
    for (let i = 0; i < 199; i++) yield* saved(`export const times${i} = (n: number) => n * ${i}\n`)
    yield* TestClock.adjust("10 seconds")
    const next = yield* tokens
    expect(next).toHaveLength(1)
    expect(next).not.toEqual(kept)
    expect(yield* journal).toBe(0)
  }).pipe(
    Effect.provide(LibraryServices.pipe(
      Layer.provideMerge(sqliteEngineOrDie(dbPath)),
      Layer.provideMerge(RequestsReceived.layer)
    )),
    Effect.ensuring(Effect.sync(() => rmSync(dir, { recursive: true, force: true })))
  )
})

it.live("keeps one at a stop only when a commit was applied since the one standing was kept or read back", () => {
  const dir = mkdtempSync(join(tmpdir(), "library-followers-"))
  const dbPath = join(dir, "assets.db")
  /** A start of the services on the library, `work`, then their stop. */
  const session = <A, E>(work: Effect.Effect<A, E, AssetCreator | SeedPreprocessor | SqlClient>) =>
    work.pipe(Effect.provide(LibraryServices.pipe(
      Layer.provideMerge(sqliteEngineOrDie(dbPath)),
      Layer.provideMerge(RequestsReceived.layer)
    )))
  return Effect.gen(function*() {
    // None stood: the stop keeps one.
    yield* session(saved("export const twice = (n: number) => n * 2\n"))
    const kept = yield* session(tokens)
    expect(kept).toHaveLength(1)
    // That start read it back and applied nothing: its stop kept none (a keep names a new token).
    expect(yield* session(tokens)).toEqual(kept)
    // A commit since it was read back: the stop keeps a new one.
    yield* session(saved("export const thrice = (n: number) => n * 3\n"))
    const next = yield* session(tokens)
    expect(next).toHaveLength(1)
    expect(next).not.toEqual(kept)
  }).pipe(Effect.ensuring(Effect.sync(() => rmSync(dir, { recursive: true, force: true }))))
})

it.effect("gives memory back before it keeps a snapshot in a quiet moment", () => {
  const dir = mkdtempSync(join(tmpdir(), "library-followers-"))
  const dbPath = join(dir, "assets.db")
  /** Whether a snapshot stood each time memory was given back. */
  const snapshotStood: Array<boolean> = []
  const memory = Layer.succeed(MemoryAtRest, {
    giveBackIfGrown: Effect.sync(() => snapshotStood.push(existsSync(snapshotPathOf(dbPath)))),
    giveBackAfterListing: Effect.die(new Error("no listing here"))
  })
  return Effect.gen(function*() {
    yield* saved("export const twice = (n: number) => n * 2\n")
    yield* TestClock.adjust("10 seconds")
    expect(existsSync(snapshotPathOf(dbPath))).toBe(true)
    // Once when the burst of one commit ended, once before the snapshot.
    expect(snapshotStood).toEqual([false, false])
  }).pipe(
    Effect.provide(LibraryServices.pipe(
      Layer.provideMerge(sqliteEngineOrDie(dbPath)),
      Layer.provideMerge(Layer.merge(RequestsReceived.layer, memory))
    )),
    Effect.ensuring(Effect.sync(() => rmSync(dir, { recursive: true, force: true })))
  )
})

it.effect("gives memory back when a burst of commits ends, though requests go on", () => {
  const dir = mkdtempSync(join(tmpdir(), "library-followers-"))
  const dbPath = join(dir, "assets.db")
  let givenBack = 0
  const memory = Layer.succeed(MemoryAtRest, {
    giveBackIfGrown: Effect.sync(() => givenBack++),
    giveBackAfterListing: Effect.die(new Error("no listing here"))
  })
  return Effect.gen(function*() {
    const requests = yield* RequestsReceived
    // A commit and a request every second: a burst, and never a quiet moment.
    for (let second = 0; second < 4; second++) {
      yield* saved(`export const times${second} = (n: number) => n * ${second}\n`)
      requests.received()()
      yield* TestClock.adjust("1 second")
    }
    expect(givenBack).toBe(0)
    // Requests alone since the last look: the burst has ended.
    requests.received()()
    yield* TestClock.adjust("1 second")
    expect(givenBack).toBe(1)
    // Requests alone go on: nothing more.
    for (let second = 0; second < 10; second++) {
      requests.received()()
      yield* TestClock.adjust("1 second")
    }
    expect(givenBack).toBe(1)
  }).pipe(
    Effect.provide(LibraryServices.pipe(
      Layer.provideMerge(sqliteEngineOrDie(dbPath)),
      Layer.provideMerge(Layer.merge(RequestsReceived.layer, memory))
    )),
    Effect.ensuring(Effect.sync(() => rmSync(dir, { recursive: true, force: true })))
  )
})
