/**
 * The search index's snapshot: its bytes (`SnapshotBytes`), the in-memory indexes read back from them (each answers
 * as the index it was taken from, and goes on changing the same way), and the SQLite store that keeps it beside the
 * database and gives it back once.
 */
import { describe, expect, it } from "@effect/vitest"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { Effect, Layer, Option } from "effect"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type AssetFacets, FacetIndex } from "../../src/domain/FacetIndex.ts"
import { RowSet } from "../../src/domain/RowSet.ts"
import { decodeSnapshot, encodeSnapshot } from "../../src/domain/SnapshotBytes.ts"
import { TrigramIndex } from "../../src/domain/TrigramIndex.ts"
import { SearchIndexSnapshots } from "../../src/storage/SearchIndexSnapshots.ts"
import * as SqliteSearchIndexSnapshots from "../../src/storage/sqlite/SqliteSearchIndexSnapshots.ts"

/** What an index holds, as its snapshot's bytes would carry it: a copy through the bytes. */
const throughBytes = <A>(parts: A): A => decodeSnapshot(encodeSnapshot(parts).slice()) as A

describe("SnapshotBytes", () => {
  it("gives back JSON and typed arrays as they were, the arrays as aligned views of the bytes", () => {
    const value = {
      name: "ünïcode ✓",
      nothing: null,
      list: [1, "two", { three: [3] }],
      odd: Uint16Array.of(1, 2, 3),
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
    expect(() => encodeSnapshot({ bytes: new Uint8Array(4) })).toThrow(/cannot hold a Uint8Array/)
  })
})

describe("RowSet.fromParts", () => {
  it("answers as the set it was taken from, sparse or dense, and grows from an empty one", () => {
    for (const members of [[], [3, 9, 4000], Array.from({ length: 3000 }, (_, i) => i * 3)]) {
      const set = RowSet.of(members)
      const back = RowSet.fromParts(throughBytes(set.parts()))
      expect([...back.values()]).toEqual([...set.values()])
      expect(back.size).toBe(set.size)
      back.add(9001)
      back.delete(3)
      expect(back.has(9001)).toBe(true)
      expect(back.has(3)).toBe(false)
    }
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

const facets = (row: number, extra: Partial<AssetFacets> = {}): AssetFacets => ({
  row,
  pseudo: false,
  classification: "ts",
  tags: [],
  websites: [],
  created: new Date(Date.UTC(2024, 0, row + 1)).toISOString(),
  updated: new Date(Date.UTC(2024, 1, row + 1)).toISOString(),
  ...extra
})

describe("FacetIndex.restore", () => {
  it("evaluates every facet as the index it was taken from, and then changes as it does", () => {
    const original = new FacetIndex()
    original.addAll([
      facets(0, { tags: ["timing"], websites: ["https://Example.com/a"] }),
      facets(1, { classification: "SQL", tags: ["db", "timing"] }),
      facets(2, { pseudo: true }),
      facets(5, { classification: null, tags: ["db"] })
    ])
    const restored = new FacetIndex()
    restored.addAll([facets(7, { tags: ["held before"] })])
    restored.restore(throughBytes(original.parts()))
    const answers = (index: FacetIndex) => ({
      size: index.size,
      all: [...index.all(true).values()],
      visible: [...index.all(false).values()],
      timing: [...index.tag("timing").values()],
      before: [...index.tag("held before").values()],
      sql: [...index.language("sql").values()],
      site: [...index.website("example.com").values()],
      january: [...index.range("created", "2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z", true).values()],
      newest: index.newest(index.all(true), 3),
      updated: index.updatedAt(5)
    })
    expect(answers(restored)).toEqual(answers(original))
    expect(answers(restored).before).toEqual([])
    for (const index of [original, restored]) {
      index.remove(facets(1, { classification: "SQL", tags: ["db", "timing"] }))
      index.add(facets(3000, { tags: ["timing"], updated: "2025-01-01T00:00:00Z" }))
    }
    expect(answers(restored)).toEqual(answers(original))
    expect(restored.newest(restored.tag("timing"), 1)).toEqual([3000])
  })
})

describe("SqliteSearchIndexSnapshots", () => {
  const dir = mkdtempSync(join(tmpdir(), "search-index-snapshots-"))
  const dbPath = join(dir, "assets.db")
  const snapshots = Effect.gen(function*() {
    const sql = yield* SqliteClient.SqliteClient
    yield* sql`CREATE TABLE IF NOT EXISTS search_index_snapshot (token TEXT NOT NULL)`
    return yield* SearchIndexSnapshots
  })
  const run = <A>(use: (store: SearchIndexSnapshots["Type"]) => Effect.Effect<A>) =>
    Effect.runPromise(Effect.scoped(Effect.flatMap(snapshots, use).pipe(
      Effect.provide(SqliteSearchIndexSnapshots.layer(dbPath).pipe(
        Layer.provideMerge(SqliteClient.layer({ filename: dbPath }))
      ))
    )))

  it("gives back what was kept once, then nothing: a start after that one rebuilds", async () => {
    const bytes = encodeSnapshot({ rows: Uint32Array.of(1, 2, 3) })
    const path = SqliteSearchIndexSnapshots.snapshotPathOf(dbPath)
    await run((store) => store.keep(bytes))
    const file = readFileSync(path)
    const first = await run((store) => store.takeBack)
    expect(Option.map(first, (read) => [...read])).toEqual(Option.some([...bytes]))
    expect(Option.isSome(first) && first.value.byteOffset % 8).toBe(0)
    expect(existsSync(path)).toBe(false)
    // The database no longer names it: the same file, left behind (a crash), is not read after that start.
    writeFileSync(path, file)
    expect(Option.isNone(await run((store) => store.takeBack))).toBe(true)
  })

  it("never reads a file the database does not name: one left by another stop, or beside a copied database", async () => {
    const path = SqliteSearchIndexSnapshots.snapshotPathOf(dbPath)
    await run((store) => store.keep(encodeSnapshot({ stop: 1 })))
    const first = readFileSync(path)
    await run((store) => store.keep(encodeSnapshot({ stop: 2 })))
    // The first stop's file, put back beside the database that names the second.
    writeFileSync(path, first)
    expect(Option.isNone(await run((store) => store.takeBack))).toBe(true)
    // A file with no token in the database at all.
    writeFileSync(path, first)
    expect(Option.isNone(await run((store) => store.takeBack))).toBe(true)
    rmSync(path, { force: true })
  })

  it("without its file, nothing is given back", async () => {
    await run((store) => store.keep(encodeSnapshot({ stop: 3 })))
    rmSync(SqliteSearchIndexSnapshots.snapshotPathOf(dbPath))
    expect(Option.isNone(await run((store) => store.takeBack))).toBe(true)
  })
})
