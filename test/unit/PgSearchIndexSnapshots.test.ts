/**
 * The search index's snapshot on PostgreSQL: its bytes come back whole across pieces, with the rows the feed's later
 * commits changed, whichever instance made them; one that cannot be read whole, or forgotten, is not taken back.
 */
import { expect, layer } from "@effect/vitest"
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Option } from "effect"
import { AssetStore } from "../../src/storage/AssetStore.ts"
import { SearchIndexSnapshots } from "../../src/storage/SearchIndexSnapshots.ts"
import { savedCode, servicesOn, testEngines } from "./TestLayers.ts"

/** A snippet saved; answers its search row. */
const saved = (raw: string) =>
  Effect.flatMap(savedCode(raw), (asset) => Effect.flatMap(AssetStore, (store) => store.rowOf(asset.id)))

/** Bytes of a snapshot in two parts, the first longer than a piece of the table. */
const parts = () => {
  const long = new Uint8Array(2.5 * 1024 * 1024).map((_, i) => (i * 7919) % 251)
  return [long, new Uint8Array([1, 2, 3, 4, 5])]
}

/** The engine provides the port without declaring it (SQLite in memory has none). */
const providedSnapshots = Effect.map(Effect.serviceOption(SearchIndexSnapshots), Option.getOrThrow)

for (const engine of testEngines.filter((engine) => engine === "pg")) {
  layer(servicesOn(engine))("the search index's snapshot on PostgreSQL", (it) => {
    it.effect("comes back whole, with the rows changed by the commits after it, until forgotten", () =>
      Effect.gen(function*() {
        const snapshots = yield* providedSnapshots
        const sql = yield* SqlClient
        const before = yield* saved("export const kept = 1\n")
        const [long, short] = parts()
        expect(yield* snapshots.keep(Effect.succeed(Option.some([long, short])))).toBe(true)
        expect((yield* sql<{ n: number }>`SELECT n FROM search_index_snapshot_pieces`).length).toBe(4)

        const kept = yield* snapshots.takeBack
        expect(Option.isSome(kept)).toBe(true)
        const sameBytes = (bytes: Uint8Array, expected: ReadonlyArray<Uint8Array>) =>
          Buffer.from(bytes).equals(Buffer.concat(expected))
        expect(sameBytes(Option.getOrThrow(kept).bytes, [long, short])).toBe(true)
        expect(Option.getOrThrow(kept).changedRows).toEqual([])

        // Written after it (by this instance or any other: the feed holds every instance's commits).
        const first = yield* saved("export const later = 2\n")
        const second = yield* saved("export const latest = 3\n")
        expect(Option.getOrThrow(yield* snapshots.takeBack).changedRows).toEqual([first, second])
        expect([first, second]).not.toContain(before)

        // A piece gone: not taken back rather than read in part.
        yield* sql`DELETE FROM search_index_snapshot_pieces WHERE n = 1`
        expect(yield* snapshots.takeBack).toEqual(Option.none())

        expect(yield* snapshots.keep(Effect.succeed(Option.some([short])))).toBe(true)
        expect(sameBytes(Option.getOrThrow(yield* snapshots.takeBack).bytes, [short])).toBe(true)
        yield* snapshots.forget
        expect(yield* snapshots.takeBack).toEqual(Option.none())
        // None is kept from an index behind the feed.
        expect(yield* snapshots.keep(Effect.succeed(Option.none()))).toBe(false)
        expect(yield* snapshots.takeBack).toEqual(Option.none())
      }), { timeout: 30_000 })

    it.effect("is not taken back once older than the feed keeps commits", () =>
      Effect.gen(function*() {
        const snapshots = yield* providedSnapshots
        const sql = yield* SqlClient
        expect(yield* snapshots.keep(Effect.succeed(Option.some(parts())))).toBe(true)
        yield* sql`UPDATE search_index_snapshot SET kept = now() - interval '6 days 1 hour'`
        expect(yield* snapshots.takeBack).toEqual(Option.none())
      }))
  })
}
