/**
 * The search index's snapshot: its bytes (`SnapshotBytes`), the typo index read back from them (it answers as the
 * index it was taken from, and goes on changing the same way; the facet index's is in `FacetIndex.test.ts`), and the
 * SQLite store that keeps it beside the database and gives it back once.
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { Effect, Layer, Option } from "effect"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
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

describe("SqliteSearchIndexSnapshots", () => {
  const dir = mkdtempSync(join(tmpdir(), "search-index-snapshots-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
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
