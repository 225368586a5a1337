/**
 * The search index's snapshot: its bytes (`SnapshotBytes`), the typo index read back from them (it answers as the
 * index it was taken from, and goes on changing the same way; the facet index's is in `FacetIndex.test.ts`), the
 * search index reading back only a snapshot of its own form, and the SQLite store that keeps it beside the database
 * and gives it back with the rows written since it was kept.
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { SqlClient } from "effect/sql/SqlClient"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { Effect, Fiber, Layer, Option } from "effect"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Asset } from "../../src/domain/Asset.ts"
import { AssetChange, type Commit } from "../../src/domain/Commit.ts"
import { decodeSnapshot, encodeSnapshot, snapshotPieces } from "../../src/domain/SnapshotBytes.ts"
import { TrigramIndex } from "../../src/domain/TrigramIndex.ts"
import { runsOf, SearchIndex } from "../../src/services/SearchIndex.ts"
import { type KeptSnapshot, SearchIndexSnapshots } from "../../src/storage/SearchIndexSnapshots.ts"
import * as SqliteSearchIndexSnapshots from "../../src/storage/sqlite/SqliteSearchIndexSnapshots.ts"
import { inMemoryServices, savedCode } from "./TestLayers.ts"

/** What an index holds, as its snapshot's bytes would carry it: a copy through the bytes. */
const throughBytes = <A>(parts: A): A => decodeSnapshot(encodeSnapshot(parts).slice()) as A

describe("SnapshotBytes", () => {
  it("writes large typed arrays as views of their own bytes, the rest joined, and reads the pieces back whole", () => {
    const rows = Uint32Array.from({ length: 50_000 }, (_, i) => i * 3)
    const small = [Uint16Array.of(1, 2, 3), Uint16Array.of(4)]
    const value = { names: ["parse_header", "parse_header_v2"], rows, small }
    const pieces = snapshotPieces(value)
    expect(pieces.some((piece) => piece.buffer === rows.buffer)).toBe(true)
    expect(pieces.length).toBeLessThanOrEqual(3)
    const joined = new Uint8Array(pieces.reduce((total, piece) => total + piece.byteLength, 0))
    pieces.reduce((at, piece) => (joined.set(piece, at), at + piece.byteLength), 0)
    expect(joined).toEqual(encodeSnapshot(value))
    expect(decodeSnapshot(joined)).toEqual(value)
  })

  it("gives back JSON and typed arrays as they were, the arrays as aligned views of the bytes", () => {
    const value = {
      name: "ünïcode ✓",
      nothing: null,
      list: [1, "two", { three: [3] }],
      odd: Uint16Array.of(1, 2, 3),
      packed: Uint8Array.of(1, 200, 3),
      rows: Uint32Array.of(7, 4_000_000_000),
      times: Float64Array.of(Number.NaN, -0.5, 1e300)
    }
    const bytes = encodeSnapshot(value)
    const back = decodeSnapshot(bytes) as typeof value
    expect(back).toEqual(value)
    expect(back.rows).toBeInstanceOf(Uint32Array)
    expect(back.rows.buffer).toBe(bytes.buffer)
    expect(back.times.byteOffset % 8).toBe(0)
    // Read from bytes that do not start 8-aligned (a Buffer's slice), it copies them first.
    const shifted = new Uint8Array(bytes.length + 3)
    shifted.set(bytes, 3)
    expect(decodeSnapshot(shifted.subarray(3))).toEqual(value)
  })

  it("refuses bytes cut short, and what it cannot hold", () => {
    const bytes = encodeSnapshot({ rows: new Uint32Array(100) })
    expect(() => decodeSnapshot(bytes.subarray(0, bytes.length - 8))).toThrow(/cut short/)
    expect(() => encodeSnapshot({ values: new BigInt64Array(4) })).toThrow(/cannot hold a BigInt64Array/)
  })
})

const texts = [
  "parse_header\nhttp",
  "parse_header_v2\nhttp",
  "parse_header_v3",
  "debounce helper\ntiming\nui",
  "ünïcode names 名前",
  "fetch json\nnetwork"
]

describe("TrigramIndex.restore", () => {
  it("answers every lookup as the index it was taken from, and then changes as it does", () => {
    const original = new TrigramIndex()
    texts.forEach((text, row) => original.add(row * 3, text))
    original.remove(9)
    const restored = new TrigramIndex()
    restored.add(100, "held before the restore")
    restored.restore(throughBytes(original.parts()))
    const answers = (index: TrigramIndex) => ({
      size: index.size,
      typo: index.candidates("prase_header_v2", 10),
      names: index.candidates("名前 names", 10),
      short: index.containing("ui", 10),
      before: index.containing("restore", 10)
    })
    expect(answers(restored)).toEqual(answers(original))
    expect(restored.containing("restore", 10)).toEqual([])
    // Lists read back have no spare room: adding to them, and removing, must behave as on the original.
    for (const index of [original, restored]) {
      index.add(40, "parse_header_v4\nhttp")
      index.add(2000, "parse_header_v5")
      index.remove(0)
      index.add(3, "renamed helper")
    }
    expect(answers(restored)).toEqual(answers(original))
    expect(restored.candidates("parse_header_v5", 3)[0].row).toBe(2000)
  })
})

describe("TrigramIndex.removeRows", () => {
  it("removes rows as removing each one does, from lists read back without spare room", () => {
    const one = new TrigramIndex()
    texts.forEach((text, row) => one.add(row * 3, text))
    const many = new TrigramIndex()
    many.restore(throughBytes(one.parts()))
    for (const row of [3, 9, 12, 100]) one.remove(row)
    many.removeRows([3, 9, 12, 100])
    const answers = (index: TrigramIndex) => ({
      size: index.size,
      typo: index.candidates("prase_header_v2", 10),
      http: index.containing("http", 10),
      parts: index.parts()
    })
    expect(answers(many)).toEqual(answers(one))
    expect(many.containing("debounce", 10)).toEqual([])
  })
})

describe("SearchIndex.restore", () => {
  it.effect("reads back a snapshot of its own form, and not one an older version kept (its rows were 32-bit)", () =>
    Effect.gen(function*() {
      const search = yield* SearchIndex
      yield* savedCode("export const parseHeader = (line: string) => line.split(':')\n", { name: "parse_header" })
      yield* savedCode("export const readConfig = (path: string) => path\n", { name: "read_config" })
      const bytes = encodeSnapshot(decodeSnapshot(Buffer.concat(search.snapshot())))
      const parts = decodeSnapshot(bytes) as { form: number; titles: Record<string, unknown> }
      const typos = () => search.titleCandidates("prase_header", 5).map(({ row }) => row)
      const found = typos()
      expect(found.length).toBeGreaterThan(0)
      expect(yield* search.restore({ bytes, changedRows: [] })).toBe(true)
      expect(typos()).toEqual(found)
      const older = { ...parts, form: 1, titles: { ...parts.titles, rows: new Uint32Array(found) } }
      expect(yield* search.restore({ bytes: encodeSnapshot(older), changedRows: [] })).toBe(false)
    }).pipe(Effect.provide(inMemoryServices())))
})

describe("runsOf", () => {
  it("groups ascending rows into runs of consecutive ones", () => {
    expect(runsOf([])).toEqual([])
    expect(runsOf([4, 5, 6, 9, 11, 12])).toEqual([[4, 6], [9, 9], [11, 12]])
  })
})

describe("SqliteSearchIndexSnapshots", () => {
  const dir = mkdtempSync(join(tmpdir(), "search-index-snapshots-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const dbPath = join(dir, "assets.db")
  const snapshots = Effect.gen(function*() {
    const sql = yield* SqlClient
    yield* sql`CREATE TABLE IF NOT EXISTS search_index_snapshot (token TEXT NOT NULL)`
    yield* sql`CREATE TABLE IF NOT EXISTS search_index_journal (row INTEGER PRIMARY KEY)`
    return yield* SearchIndexSnapshots
  })
  /** One start of the store (each run is another process's). */
  const run = <A>(use: (store: SearchIndexSnapshots["Service"]) => Effect.Effect<A, never, SqlClient>) =>
    Effect.runPromise(Effect.scoped(Effect.flatMap(snapshots, use).pipe(
      Effect.provide(SqliteSearchIndexSnapshots.layer(dbPath).pipe(
        Layer.provideMerge(SqliteClient.layer({ filename: dbPath }))
      ))
    )))
  /** A transaction's commits: an asset created in row `created`, one edited from row `from` to row `to`. */
  const commits = (created: number, from: number, to: number): ReadonlyArray<Commit> => [{
    assets: [
      AssetChange.Created({ asset: {} as Asset, row: created }),
      AssetChange.Updated({
        asset: {} as Asset,
        row: to,
        before: { row: from, pseudo: false, classification: null, tags: [], websites: [], created: "", updated: "" }
      })
    ],
    metadata: [],
    applications: [],
    intentions: [],
    proposals: []
  }]
  /** A snapshot of an index that holds every commit. */
  const ready = (bytes: Uint8Array) => Effect.succeed(Option.some([bytes]))
  const bytesOf = (kept: Option.Option<KeptSnapshot>) => Option.map(kept, (read) => [...read.bytes])
  const rowsOf = (kept: Option.Option<KeptSnapshot>) => Option.map(kept, (read) => read.changedRows)

  it("gives back what was kept with the rows written since, at every start until the next stop keeps another", async () => {
    const bytes = encodeSnapshot({ rows: Uint32Array.of(1, 2, 3) })
    await run((store) => store.keep(ready(bytes)))
    const first = await run((store) => store.takeBack)
    expect(bytesOf(first)).toEqual(Option.some([...bytes]))
    expect(Option.isSome(first) && first.value.bytes.byteOffset % 8).toBe(0)
    expect(rowsOf(first)).toEqual(Option.some([]))
    // Writes after that start, then a crash: the next start reads the same snapshot and the rows they changed.
    await run((store) => Effect.andThen(store.takeBack, store.changed(commits(9, 4, 4))))
    await run((store) => Effect.andThen(store.takeBack, store.changed(commits(10, 2, 11))))
    const afterCrash = await run((store) => store.takeBack)
    expect(bytesOf(afterCrash)).toEqual(Option.some([...bytes]))
    expect(rowsOf(afterCrash)).toEqual(Option.some([2, 4, 9, 10, 11]))
    // A stop keeps another snapshot: no row changed after it.
    const next = encodeSnapshot({ rows: Uint32Array.of(4) })
    await run((store) => Effect.andThen(store.takeBack, store.keep(ready(next))))
    const afterStop = await run((store) => store.takeBack)
    expect(bytesOf(afterStop)).toEqual(Option.some([...next]))
    expect(rowsOf(afterStop)).toEqual(Option.some([]))
  })

  it("keeps a snapshot while writes come: one waiting for it commits after it, and its rows are recorded", async () => {
    const before = encodeSnapshot({ keptAt: "stop" })
    await run((store) => store.keep(ready(before)))
    const running = encodeSnapshot({ keptAt: "a quiet moment" })
    const kept = await run((store) =>
      Effect.gen(function*() {
        const sql = yield* SqlClient
        yield* store.takeBack
        // A write transaction that starts while the snapshot is being taken: it waits for the snapshot to stand.
        let write: Fiber.Fiber<void, unknown> | undefined
        const keptNow = yield* store.keep(Effect.suspend(() => {
          write = Effect.runFork(sql.withTransaction(store.changed(commits(7, 3, 8))))
          return Effect.as(Effect.yieldNow, Option.some([running]))
        }))
        yield* Effect.promise(() => Effect.runPromise(Fiber.join(write!)))
        return keptNow
      })
    )
    expect(kept).toBe(true)
    const afterCrash = await run((store) => store.takeBack)
    expect(bytesOf(afterCrash)).toEqual(Option.some([...running]))
    expect(rowsOf(afterCrash)).toEqual(Option.some([3, 7, 8]))
    // An index behind the library keeps nothing: the snapshot standing stays, with its rows.
    expect(await run((store) => Effect.andThen(store.takeBack, store.keep(Effect.succeedNone)))).toBe(false)
    expect(rowsOf(await run((store) => store.takeBack))).toEqual(Option.some([3, 7, 8]))
  })

  it("records no row while no snapshot stands, nor after one was forgotten", async () => {
    await run((store) => store.forget)
    expect(existsSync(SqliteSearchIndexSnapshots.snapshotPathOf(dbPath))).toBe(false)
    await run((store) => Effect.andThen(store.takeBack, store.changed(commits(1, 2, 3))))
    await run((store) => store.keep(ready(encodeSnapshot({ stop: 0 }))))
    await run((store) => Effect.andThen(store.takeBack, Effect.andThen(store.forget, store.changed(commits(4, 5, 6)))))
    const rows = await Effect.runPromise(Effect.scoped(Effect.flatMap(
      SqlClient,
      (sql) => sql<{ row: number }>`SELECT row FROM search_index_journal`
    ).pipe(Effect.provide(SqliteClient.layer({ filename: dbPath })))))
    expect(rows).toEqual([])
    expect(Option.isNone(await run((store) => store.takeBack))).toBe(true)
  })

  it("never reads a file the database does not name: one left by another stop, or beside a copied database", async () => {
    const path = SqliteSearchIndexSnapshots.snapshotPathOf(dbPath)
    await run((store) => store.keep(ready(encodeSnapshot({ stop: 1 }))))
    const first = readFileSync(path)
    await run((store) => store.keep(ready(encodeSnapshot({ stop: 2 }))))
    // The first stop's file, put back beside the database that names the second.
    writeFileSync(path, first)
    expect(Option.isNone(await run((store) => store.takeBack))).toBe(true)
    // A file with no token in the database at all.
    writeFileSync(path, first)
    expect(Option.isNone(await run((store) => store.takeBack))).toBe(true)
    rmSync(path, { force: true })
  })

  it("without its file, nothing is given back, and the database names none any more", async () => {
    const path = SqliteSearchIndexSnapshots.snapshotPathOf(dbPath)
    await run((store) => store.keep(ready(encodeSnapshot({ stop: 3 }))))
    const file = readFileSync(path)
    rmSync(path)
    expect(Option.isNone(await run((store) => store.takeBack))).toBe(true)
    writeFileSync(path, file)
    expect(Option.isNone(await run((store) => store.takeBack))).toBe(true)
  })
})
