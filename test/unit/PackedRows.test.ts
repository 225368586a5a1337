/**
 * `PackedRows`: a set of rows as gaps of one to five bytes. Every change is checked against a plain set of the same
 * rows, including lists read back from bytes (no room after them) and gaps that change length.
 */
import { describe, expect, it } from "@effect/vitest"
import { PackedRows } from "../../src/domain/PackedRows.ts"

const rowsOf = (list: PackedRows) => {
  const rows: Array<number> = []
  list.forEach((row) => rows.push(row))
  return rows
}

/** A list that holds `list`'s rows in a view of exactly its bytes, as one read back from a snapshot does. */
const readBack = (list: PackedRows) => {
  const packed = list.packed.slice()
  const padded = new Uint8Array(packed.length + 4).fill(0xee)
  padded.set(packed)
  return { list: new PackedRows(padded.subarray(0, packed.length), packed.length, list.length, list.highest), padded }
}

/** A deterministic sequence of numbers in [0, 1). */
const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return seed / 2 ** 31
}

describe("PackedRows", () => {
  it("holds rows in ascending order, each once, in a byte a gap while gaps stay under 128", () => {
    const list = PackedRows.of(0, 5, 5, 130, 2 ** 31 - 1)
    expect(rowsOf(list)).toEqual([0, 5, 130, 2 ** 31 - 1])
    expect(list.length).toBe(4)
    expect(list.highest).toBe(2 ** 31 - 1)
    // Gaps 1, 5, 125 and 2³¹ - 131: one byte each for the first three, five for the last.
    expect(list.packed.length).toBe(8)
    expect(list.add(130)).toBe(false)
    expect(new PackedRows().highest).toBe(-1)
  })

  it("adds below its highest row and removes anywhere, as a set does", () => {
    const random = seeded(11)
    // A long list first, read from its marks from then on.
    const model = new Set(Array.from({ length: 3000 }, (_, i) => 7 * i))
    const list = PackedRows.of(...model)
    for (let step = 0; step < 6000; step++) {
      // Rows close together and far apart, so that gaps of one to four bytes split and merge.
      const row = random() < 0.7 ? Math.floor(random() * 30_000) : Math.floor(random() * 40_000_000)
      if (random() < 0.5) {
        expect(list.add(row)).toBe(!model.has(row))
        model.add(row)
      } else {
        const held = random() < 0.5 ? [...model][Math.floor(random() * model.size)] : row
        expect(list.remove(held)).toBe(model.delete(held))
      }
    }
    const expected = [...model].sort((a, b) => a - b)
    expect(rowsOf(list)).toEqual(expected)
    expect(list.length).toBe(expected.length)
    expect(list.highest).toBe(expected[expected.length - 1])
    expect(list.packed).toEqual(PackedRows.of(...expected).packed)
  })

  it("removes its highest row, then its last one, and starts again from nothing", () => {
    const list = PackedRows.of(3, 900)
    expect(list.remove(900)).toBe(true)
    expect(list.highest).toBe(3)
    expect(list.remove(4)).toBe(false)
    expect(list.remove(3)).toBe(true)
    expect([list.length, list.highest, list.packed.length]).toEqual([0, -1, 0])
    list.add(7)
    expect(rowsOf(list)).toEqual([7])
  })

  it("keeps the rows asked for, rewriting its gaps in place", () => {
    const rows = Array.from({ length: 2000 }, (_, i) => i * i)
    const list = PackedRows.of(...rows)
    list.keep((row) => row % 3 === 0)
    const kept = rows.filter((row) => row % 3 === 0)
    expect(rowsOf(list)).toEqual(kept)
    expect(list.length).toBe(kept.length)
    expect(list.highest).toBe(kept[kept.length - 1])
    expect(list.packed).toEqual(PackedRows.of(...kept).packed)
    list.keep(() => false)
    expect([list.length, list.highest]).toEqual([0, -1])
  })

  it("read back without room, changes without writing past its bytes", () => {
    const { list, padded } = readBack(PackedRows.of(1, 2, 200, 70_000))
    list.remove(200)
    list.add(100)
    list.add(50_000)
    list.add(90_000)
    expect(rowsOf(list)).toEqual([1, 2, 100, 50_000, 70_000, 90_000])
    expect([...padded.subarray(padded.length - 4)]).toEqual([0xee, 0xee, 0xee, 0xee])
    const shrunk = readBack(PackedRows.of(1, 2, 200, 70_000))
    shrunk.list.keep((row) => row !== 2)
    shrunk.list.add(3)
    expect(rowsOf(shrunk.list)).toEqual([1, 3, 200, 70_000])
    expect([...shrunk.padded.subarray(shrunk.padded.length - 4)]).toEqual([0xee, 0xee, 0xee, 0xee])
  })
})
