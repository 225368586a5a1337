/**
 * A set of rows kept in ascending order as the gaps between them, each gap a variable-length integer (seven bits a
 * byte, low bits first; the high bit set on every byte of a gap but its last): the typo index's list of the rows
 * holding a trigram. Most gaps fit a byte, where a row took four: the typo index takes about a third of what it took
 * as 32-bit rows (a fifth, counting the room each list grows into).
 *
 * Rows are integers from 0 below 2³¹.
 */
import { insertionPoint } from "./RowSet.ts"

/** The room a new list starts with, in bytes. */
const FIRST_ROOM = 8
/** Bytes between two marks (`Marks`), about. */
const MARK_BYTES = 64
/** A list of this many bytes or more is read from its marks. */
const MARKED_BYTES = 4 * MARK_BYTES

/** The bytes a gap takes. */
const gapBytes = (gap: number) => gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : gap < 0x10000000 ? 4 : 5

/** Writes `gap` at `at`; answers where the next gap goes. */
const writeGap = (bytes: Uint8Array, at: number, gap: number): number => {
  while (gap >= 0x80) {
    bytes[at++] = (gap & 0x7f) | 0x80
    gap >>>= 7
  }
  bytes[at++] = gap
  return at
}

/** The gap written at `at` (which takes `gapBytes` of it). */
const readGap = (bytes: Uint8Array, at: number): number => {
  let byte = bytes[at]
  if (byte < 0x80) return byte
  let gap = byte & 0x7f
  for (let scale = 0x80; byte >= 0x80; scale *= 0x80) {
    byte = bytes[++at]
    gap += (byte & 0x7f) * scale
  }
  return gap
}

export class PackedRows {
  /** Where to start reading, in a list long enough to have them: made by the first `find`, then kept up. */
  private marks: Marks | undefined

  /**
   * `bytes`: gaps from -1 (so the first is the first row plus one), `size` of them used; a list read back from a
   * snapshot is a view of the snapshot's bytes, with no room after it. `length`: how many rows; `last`: the highest.
   */
  constructor(
    private bytes: Uint8Array = new Uint8Array(FIRST_ROOM),
    private size = 0,
    public length = 0,
    private last = -1
  ) {}

  /** A list of these ascending rows. */
  static of(...rows: ReadonlyArray<number>): PackedRows {
    const list = new PackedRows()
    for (const row of rows) list.add(row)
    return list
  }

  /** The gaps without the room after them (what a snapshot keeps). */
  get packed(): Uint8Array {
    return this.bytes.subarray(0, this.size)
  }

  /** The highest row held; -1 when none. */
  get highest(): number {
    return this.last
  }

  /** The bytes it holds, room included. */
  get byteLength(): number {
    return this.bytes.byteLength
  }

  /** Calls `visit` with each row, in ascending order. */
  forEach(visit: (row: number) => void): void {
    const reader = new GapReader(this.bytes, this.size)
    while (reader.next()) visit(reader.row)
  }

  /**
   * Writes its rows, in ascending order, to the start of `into` (which has room for `length`); answers how many. The
   * typo vote's reading, a quarter faster than a call a row.
   */
  readInto(into: Uint32Array): number {
    const { bytes, size } = this
    let row = -1
    let count = 0
    for (let at = 0; at < size;) {
      const gap = readGap(bytes, at)
      at += gapBytes(gap)
      row += gap
      into[count++] = row
    }
    return count
  }

  /** Adds `row`; answers whether it was not held yet. */
  add(row: number): boolean {
    if (row === this.last) return false
    if (row > this.last) {
      this.makeRoom(5)
      this.marks?.markIfFar(this.size, this.last)
      this.size = writeGap(this.bytes, this.size, row - this.last)
      this.last = row
      this.length++
      return true
    }
    // Below the highest (an asset indexed again, or rows applied out of order): its gap is split in two.
    const place = this.find(row)
    if (place.row === row) return false
    const before = row - place.previous
    const after = place.row - row
    const grown = gapBytes(before) + gapBytes(after) - (place.end - place.start)
    this.makeRoom(grown)
    this.marks?.move(place.end, grown)
    this.bytes.copyWithin(place.end + grown, place.end, this.size)
    writeGap(this.bytes, writeGap(this.bytes, place.start, before), after)
    this.size += grown
    this.length++
    return true
  }

  /** Removes `row`; answers whether it was held. */
  remove(row: number): boolean {
    if (row > this.last) return false
    const place = this.find(row)
    if (place.row !== row) return false
    this.length--
    if (place.end === this.size) {
      this.marks?.forgetFrom(place.start)
      this.size = place.start
      this.last = place.previous
      return true
    }
    // The gaps before and after the row become one, which takes no more bytes than the two did; a mark at the second
    // now stands inside it.
    const next = this.find(row + 1, place)
    const end = writeGap(this.bytes, place.start, next.row - place.previous)
    this.marks?.forget(place.end)
    this.marks?.move(next.end, end - next.end)
    this.bytes.copyWithin(end, next.end, this.size)
    this.size -= next.end - end
    return true
  }

  /** Keeps the rows `keep` answers true for, and removes the others. */
  keep(keep: (row: number) => boolean): void {
    const { bytes } = this
    let written = 0
    let kept = -1
    let length = 0
    // Gaps are rewritten in place: a gap that spans removed rows takes no more bytes than the gaps it replaces.
    this.forEach((row) => {
      if (!keep(row)) return
      written = writeGap(bytes, written, row - kept)
      kept = row
      length++
    })
    this.size = written
    this.length = length
    this.last = kept
    this.marks = undefined
  }

  /**
   * The first row at or above `row` (`last + 1` past the end), the row before it (-1 at the start), and the bytes of
   * its gap; read from `from`, a place before it, or else from the last mark below `row`.
   */
  private find(row: number, from?: Place): Place {
    const reader = from === undefined
      ? this.markedReader(row)
      : new GapReader(this.bytes, this.size, from.end, from.row)
    for (;;) {
      const start = reader.at
      const previous = reader.row
      if (!reader.next()) return { previous, row: this.last + 1, start, end: start }
      if (reader.row >= row) return { previous, row: reader.row, start, end: reader.at }
    }
  }

  /** A reader from the last mark whose row before is below `row`, or from the start. */
  private markedReader(row: number): GapReader {
    if (this.size < MARKED_BYTES) return new GapReader(this.bytes, this.size)
    if (this.marks === undefined) {
      const marks = new Marks()
      for (const reader = new GapReader(this.bytes, this.size); reader.at < this.size; reader.next()) {
        marks.markIfFar(reader.at, reader.row)
      }
      this.marks = marks
    }
    const mark = this.marks.below(row)
    return mark === undefined
      ? new GapReader(this.bytes, this.size)
      : new GapReader(this.bytes, this.size, mark.start, mark.before)
  }

  /** Room for `more` bytes after those used: a list outgrowing its bytes moves to twice as many. */
  private makeRoom(more: number): void {
    if (this.size + more <= this.bytes.length) return
    const bytes = new Uint8Array(Math.max(this.size + more, 2 * this.bytes.length))
    bytes.set(this.packed)
    this.bytes = bytes
  }
}

/** Reads gaps one at a time: `row` is the row the gaps read so far reach, `at` where the next gap starts. */
class GapReader {
  constructor(private readonly bytes: Uint8Array, private readonly size: number, public at = 0, public row = -1) {}

  /** Reads the next gap; false past the last. */
  next(): boolean {
    if (this.at >= this.size) return false
    const gap = readGap(this.bytes, this.at)
    this.at += gapBytes(gap)
    this.row += gap
    return true
  }
}

/**
 * Places to start reading a list from, about every `MARK_BYTES`: where a gap starts, and the row before it, in the
 * list's order. Finding a row then reads from the mark below it rather than from the list's start: an edit of one of
 * the newest assets of a large library (its rows removed from the typo index and added again) costs a tenth of what
 * it did without them (the first edit of a list makes its marks).
 */
class Marks {
  private starts = new Uint32Array(16)
  private befores = new Int32Array(16)
  private count = 0

  /** Marks the gap at `start` (after row `before`) when the last mark is `MARK_BYTES` or more before it. */
  markIfFar(start: number, before: number): void {
    if (this.count > 0 && start - this.starts[this.count - 1] < MARK_BYTES) return
    if (this.count === this.starts.length) {
      this.starts = grown(this.starts, new Uint32Array(2 * this.count))
      this.befores = grown(this.befores, new Int32Array(2 * this.count))
    }
    this.starts[this.count] = start
    this.befores[this.count++] = before
  }

  /** The last mark whose row before is below `row`; none when the first is not. */
  below(row: number): { readonly start: number; readonly before: number } | undefined {
    const above = insertionPoint(this.befores, this.count, row)
    return above === 0 ? undefined : { start: this.starts[above - 1], before: this.befores[above - 1] }
  }

  /** The gaps from `from` on moved by `by` bytes. */
  move(from: number, by: number): void {
    for (let i = this.firstFrom(from); i < this.count; i++) this.starts[i] += by
  }

  /** Forgets the mark at `start`, if there is one. */
  forget(start: number): void {
    const at = this.firstFrom(start)
    if (at === this.count || this.starts[at] !== start) return
    this.starts.copyWithin(at, at + 1, this.count)
    this.befores.copyWithin(at, at + 1, this.count)
    this.count--
  }

  /** Forgets the marks from `start` on. */
  forgetFrom(start: number): void {
    this.count = this.firstFrom(start)
  }

  /** The first mark at `start` or after it. */
  private firstFrom(start: number): number {
    return insertionPoint(this.starts, this.count, start)
  }
}

const grown = <A extends Uint32Array | Int32Array>(from: A, to: A): A => {
  to.set(from)
  return to
}

/** A row's place in a list: the row there, the row before it, and where its gap starts and ends. */
interface Place {
  readonly previous: number
  readonly row: number
  readonly start: number
  readonly end: number
}
