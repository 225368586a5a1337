import { describe, expect, it } from "@effect/vitest"
import { type AssetFacets, Bitset, FacetIndex } from "../../src/domain/FacetIndex.ts"

const facets = (row: number, extra: Partial<AssetFacets> = {}): AssetFacets => ({
  row,
  id: `id${row}`,
  pseudo: false,
  classification: "ts",
  tags: [],
  websites: [],
  created: new Date(Date.UTC(2024, 0, row)).toISOString(),
  updated: new Date(Date.UTC(2024, 0, row)).toISOString(),
  ...extra
})

describe("Bitset", () => {
  it("adds, deletes, combines and counts across word boundaries", () => {
    const a = Bitset.of([1, 31, 32, 100])
    const b = Bitset.of([31, 100, 500])
    expect([...a.and(b).values()]).toEqual([31, 100])
    expect([...a.or(b).values()]).toEqual([1, 31, 32, 100, 500])
    a.delete(32)
    expect(a.has(32)).toBe(false)
    expect(a.size).toBe(3)
  })
})

describe("FacetIndex", () => {
  const index = new FacetIndex()
  index.addAll([
    facets(1, { tags: ["Kafka"], classification: "sql", websites: ["https://sqlite.org/docs"] }),
    facets(2, { tags: ["kafka", "streams"] }),
    facets(3, { pseudo: true, tags: ["kafka"] })
  ])
  index.add(facets(4, { tags: ["streams"] }))

  it("answers tags case-insensitively, languages, websites by fragment, pseudo only when asked", () => {
    expect(index.ids(index.tag("KAFKA").and(index.all(false)).values())).toEqual(["id1", "id2"])
    expect(index.ids(index.tag("kafka").and(index.all(true)).values())).toEqual(["id1", "id2", "id3"])
    expect(index.ids(index.language("SQL").values())).toEqual(["id1"])
    expect(index.ids(index.website("sqlite.org").values())).toEqual(["id1"])
  })

  it("selects time ranges inside or outside, and lists the newest first", () => {
    const from = new Date(Date.UTC(2024, 0, 2)).toISOString()
    const to = new Date(Date.UTC(2024, 0, 3)).toISOString()
    expect(index.ids(index.range("created", from, to, true).values())).toEqual(["id2", "id3"])
    expect(index.ids(index.range("created", from, to, false).values())).toEqual(["id1", "id4"])
    expect(index.newest(index.all(false), 2)).toEqual(["id4", "id2"])
  })

  it("forgets removed assets everywhere", () => {
    index.remove("id2")
    expect(index.ids(index.tag("kafka").values())).toEqual(["id1", "id3"])
    expect(index.newest(index.all(true), 10)).toEqual(["id4", "id3", "id1"])
    expect(index.size).toBe(3)
  })
})
