import { describe, expect, it } from "@effect/vitest"
import { type AssetFacets, FacetIndex } from "../../src/domain/FacetIndex.ts"
import { RowSet } from "../../src/domain/RowSet.ts"
import { decodeSnapshot, encodeSnapshot } from "../../src/domain/SnapshotBytes.ts"

const facets = (row: number, extra: Partial<AssetFacets> = {}): AssetFacets => ({
  row,
  pseudo: false,
  classification: "ts",
  tags: [],
  websites: [],
  created: new Date(Date.UTC(2024, 0, row)).toISOString(),
  updated: new Date(Date.UTC(2024, 0, row)).toISOString(),
  ...extra
})

const rows = (set: RowSet) => [...set.values()]

describe("RowSet", () => {
  it("adds, deletes, combines and counts across word boundaries", () => {
    const a = RowSet.of([100, 1, 31, 32])
    const b = RowSet.of([31, 100, 500])
    expect(rows(a.and(b))).toEqual([31, 100])
    expect(rows(a.or(b))).toEqual([1, 31, 32, 100, 500])
    a.delete(32)
    a.add(7)
    a.add(7)
    expect(a.has(32)).toBe(false)
    expect(rows(a)).toEqual([1, 7, 31, 100])
    expect(a.size).toBe(4)
  })

  it("turns into a bitmap once dense, and answers the same across the two forms", () => {
    const dense = RowSet.of(Array.from({ length: 5000 }, (_, i) => i * 2))
    const sparse = RowSet.of([3, 4, 9998, 20000])
    expect(rows(dense.and(sparse))).toEqual([4, 9998])
    expect(rows(sparse.and(dense))).toEqual([4, 9998])
    expect(dense.or(sparse).size).toBe(5002)
    expect(sparse.or(dense).has(20000)).toBe(true)
    dense.add(20001)
    dense.delete(0)
    expect(dense.size).toBe(5000)
    expect(dense.has(20001) && !dense.has(0)).toBe(true)
    const grown = RowSet.empty()
    for (let row = 0; row < 3000; row++) grown.add(row)
    for (let row = 0; row < 3000; row += 2) grown.delete(row)
    expect(grown.size).toBe(1500)
    expect(rows(grown).slice(0, 3)).toEqual([1, 3, 5])
  })
})

describe("FacetIndex", () => {
  const index = new FacetIndex()
  index.addAll([
    facets(1, { tags: ["kafka"], classification: "SQL", websites: ["https://sqlite.org/docs"] }),
    facets(2, { tags: ["kafka", "streams"] }),
    facets(3, { pseudo: true, tags: ["kafka"] }),
    facets(5, { tags: ["ärger"] })
  ])
  index.add(facets(4, { tags: ["streams"] }))

  it("answers tags in any case and alphabet, languages in any case, websites by fragment, pseudo when asked", () => {
    expect(rows(index.tag("KAFKA").and(index.all(false)))).toEqual([1, 2])
    expect(rows(index.tag(" kafka ").and(index.all(true)))).toEqual([1, 2, 3])
    expect(rows(index.tag("ÄRGER"))).toEqual([5])
    expect(rows(index.language("sql"))).toEqual([1])
    expect(rows(index.website("SQLite.org"))).toEqual([1])
  })

  it("selects time ranges inside or outside, and lists the newest first", () => {
    const from = new Date(Date.UTC(2024, 0, 2)).toISOString()
    const to = new Date(Date.UTC(2024, 0, 3)).toISOString()
    expect(rows(index.range("created", from, to, true))).toEqual([2, 3])
    expect(rows(index.range("created", from, to, false))).toEqual([1, 4, 5])
    expect(index.newest(index.all(false), 2)).toEqual([5, 4])
  })

  it("forgets an asset by the facets it was indexed with, everywhere", () => {
    index.remove(facets(2, { tags: ["kafka", "streams"] }))
    expect(rows(index.tag("kafka"))).toEqual([1, 3])
    expect(rows(index.tag("streams"))).toEqual([4])
    expect(index.newest(index.all(true), 10)).toEqual([5, 4, 3, 1])
    expect(index.size).toBe(4)
  })
})

describe("FacetIndex following the change feed", () => {
  it("replaying commits its loaded state already holds ends on the last state, each row once in the order", () => {
    const index = new FacetIndex()
    const first = facets(1, { tags: ["a"] })
    const second = facets(1, { tags: ["b"], updated: new Date(Date.UTC(2024, 1, 1)).toISOString() })
    // Loaded after both edits committed, then the feed delivers them again: created as `first`, edited to `second`.
    index.addAll([second, facets(2)])
    index.add(first)
    index.remove(first)
    index.add(second)
    expect(rows(index.tag("a"))).toEqual([])
    expect(rows(index.tag("b"))).toEqual([1])
    expect(index.newest(index.all(false), 10)).toEqual([1, 2])
    expect(index.size).toBe(2)
  })
})

/** What an index holds, as a snapshot's bytes carry it (`SearchIndex.snapshot`). */
const throughBytes = <A>(parts: A): A => decodeSnapshot(encodeSnapshot(parts).slice()) as A

/** What evaluating filters on an index shows of it: every kind of facet, the order and the times. */
const observed = (index: FacetIndex) => ({
  size: index.size,
  all: rows(index.all(true)),
  visible: rows(index.all(false)),
  tags: Object.fromEntries(["timing", "db", "held before"].map((tag) => [tag, rows(index.tag(tag))])),
  sql: rows(index.language("sql")),
  go: index.language("go").size,
  site: rows(index.website("example.com")),
  january: rows(index.range("created", "2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z", true)),
  created: index.range("created", undefined, undefined, true).size,
  newest: index.newest(index.all(true), 5),
  updated: [index.updatedAt(5), index.updatedAt(500)]
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
    expect(observed(restored)).toEqual(observed(original))
    expect(observed(restored).tags["held before"]).toEqual([])
    for (const index of [original, restored]) {
      index.remove(facets(1, { classification: "SQL", tags: ["db", "timing"] }))
      index.add(facets(3000, { tags: ["timing"], updated: "2025-01-01T00:00:00Z" }))
    }
    expect(observed(restored)).toEqual(observed(original))
    expect(restored.newest(restored.tag("timing"), 1)).toEqual([3000])
  })
})

describe("FacetIndex.removeRows", () => {
  it("forgets rows without their facets, as removing each by its facets does, restored or not", () => {
    const all = [
      facets(0, { tags: ["timing"], websites: ["https://Example.com/a"] }),
      facets(1, { classification: "SQL", tags: ["db", "timing"] }),
      facets(2, { pseudo: true, tags: ["db"] }),
      facets(5, { classification: null, tags: ["db"] }),
      // dense sets: a language on 2,000 rows
      ...Array.from({ length: 2000 }, (_, i) => facets(10 + i, { classification: "go" }))
    ]
    const byFacets = new FacetIndex()
    byFacets.addAll(all)
    const byRows = new FacetIndex()
    byRows.restore(throughBytes(byFacets.parts()))
    const gone = [1, 2, 500, 1999, 7]
    for (const row of gone) {
      const held = all.find((asset) => asset.row === row)
      if (held !== undefined) byFacets.remove(held)
    }
    byRows.removeRows(gone)
    expect(observed(byRows)).toEqual(observed(byFacets))
    expect(observed(byRows).tags.db).toEqual([5])
    expect(observed(byRows).go).toBe(1998)
    // A forgotten row has no time any more.
    expect(Number.isNaN(observed(byRows).updated[1])).toBe(true)
  })
})

describe("RowSet.deleteAll", () => {
  it("deletes members of a sparse or a dense set in one call, leaving the others", () => {
    for (const members of [[3, 9, 4000], Array.from({ length: 3000 }, (_, i) => i * 3)]) {
      const set = RowSet.of(members)
      set.deleteAll(new Set([3, 9, 10, 5997]))
      expect([...set.values()]).toEqual(members.filter((row) => ![3, 9, 5997].includes(row)))
      expect(set.size).toBe(members.length - members.filter((row) => [3, 9, 5997].includes(row)).length)
    }
  })
})
