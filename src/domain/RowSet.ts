/**
 * A set of row numbers (assets' search rows), compact whatever its density: a sorted array of the rows while they
 * are few (4 bytes each), a bitmap once they are many (one bit per row up to the highest). A dense bitmap for every tag
 * and website would take distinct values × rows / 8 bytes: hundreds of megabytes for a large library's websites.
 */

/** An estimate of V8's own cost of a small object or map entry, for the byte counts the stats report. */
export const OBJECT_BYTES = 48

/** Past this many members, and one in 32 rows or more, an array costs more than a bitmap. */
const SPARSE_LIMIT = 1024

/** A set's state, as a snapshot keeps it. */
export interface RowSetParts {
  readonly count: number
  readonly members:
    | { readonly kind: "sorted"; readonly sorted: Uint32Array }
    | { readonly kind: "dense"; readonly words: Uint32Array }
}

export class RowSet {
  /** Sorted members while sparse; null once dense. */
  private sorted: Uint32Array | null
  private count: number
  /** One bit per row once dense; null while sparse. */
  private words: Uint32Array | null

  private constructor(sorted: Uint32Array | null, count: number, words: Uint32Array | null) {
    this.sorted = sorted
    this.count = count
    this.words = words
  }

  static empty(): RowSet {
    return new RowSet(new Uint32Array(4), 0, null)
  }

  static of(rows: Iterable<number>): RowSet {
    const sorted = Uint32Array.from(new Set(rows)).sort()
    const set = new RowSet(sorted, sorted.length, null)
    set.densifyIfWorth()
    return set
  }

  /** A set as `parts` gave it (from a snapshot): its arrays are taken, not copied. */
  static fromParts({ count, members }: RowSetParts): RowSet {
    if (members.kind === "dense") return new RowSet(null, count, members.words)
    // An array to grow into: an empty one doubles to nothing.
    return new RowSet(members.sorted.length === 0 ? new Uint32Array(4) : members.sorted, count, null)
  }

  private static dense(words: Uint32Array): RowSet {
    let count = 0
    for (let i = 0; i < words.length; i++) count += popcount(words[i])
    return new RowSet(null, count, words)
  }

  get size(): number {
    return this.count
  }

  /** The bytes this set holds: its array or bitmap, and the object. */
  get bytes(): number {
    return (this.sorted ?? this.words!).byteLength + OBJECT_BYTES
  }

  /** What the set holds, for a snapshot: the members' array (no spare room) or the bitmap. */
  parts(): RowSetParts {
    return {
      count: this.count,
      members: this.words === null
        ? { kind: "sorted", sorted: this.sorted!.slice(0, this.count) }
        : { kind: "dense", words: this.words }
    }
  }

  has(row: number): boolean {
    if (this.words !== null) {
      const word = row >>> 5
      return word < this.words.length && (this.words[word] & (1 << (row & 31))) !== 0
    }
    return this.indexOf(row) >= 0
  }

  add(row: number): void {
    if (this.words !== null) {
      const word = row >>> 5
      if (word >= this.words.length) this.words = grown(this.words, Math.max(word + 1, this.words.length * 2))
      if ((this.words[word] & (1 << (row & 31))) === 0) this.count++
      this.words[word] |= 1 << (row & 31)
      return
    }
    const sorted = this.sorted!
    // New rows are the highest almost always: append.
    const at = this.count > 0 && sorted[this.count - 1] < row ? this.count : insertionPoint(sorted, this.count, row)
    if (at < this.count && sorted[at] === row) return
    if (this.count === sorted.length) this.sorted = grown(sorted, sorted.length * 2)
    this.sorted!.copyWithin(at + 1, at, this.count)
    this.sorted![at] = row
    this.count++
    this.densifyIfWorth()
  }

  delete(row: number): void {
    if (this.words !== null) {
      const word = row >>> 5
      if (word < this.words.length && (this.words[word] & (1 << (row & 31))) !== 0) {
        this.words[word] &= ~(1 << (row & 31))
        this.count--
      }
      return
    }
    const at = this.indexOf(row)
    if (at < 0) return
    this.sorted!.copyWithin(at, at + 1, this.count)
    this.count--
  }

  /** Removes every member of `gone`: a bitmap bit by bit, an array in one pass (not a shift per member removed). */
  deleteAll(gone: ReadonlySet<number>): void {
    if (this.words !== null) {
      for (const row of gone) this.delete(row)
      return
    }
    const sorted = this.sorted!
    let kept = 0
    for (let i = 0; i < this.count; i++) if (!gone.has(sorted[i])) sorted[kept++] = sorted[i]
    this.count = kept
  }

  /** The members, ascending. */
  *values(): Generator<number> {
    if (this.words === null) {
      for (let i = 0; i < this.count; i++) yield this.sorted![i]
      return
    }
    for (let i = 0; i < this.words.length; i++) {
      let word = this.words[i]
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word)
        yield i * 32 + bit
        word &= word - 1
      }
    }
  }

  and(other: RowSet): RowSet {
    if (this.words !== null && other.words !== null) {
      const length = Math.min(this.words.length, other.words.length)
      const words = new Uint32Array(length)
      for (let i = 0; i < length; i++) words[i] = this.words[i] & other.words[i]
      return RowSet.dense(words)
    }
    const [sparse, probe] = this.words === null ? [this, other] : [other, this]
    const kept = new Uint32Array(sparse.count)
    let count = 0
    for (let i = 0; i < sparse.count; i++) if (probe.has(sparse.sorted![i])) kept[count++] = sparse.sorted![i]
    return new RowSet(kept, count, null)
  }

  or(other: RowSet): RowSet {
    if (this.words === null && other.words === null) {
      const merged = new Uint32Array(this.count + other.count)
      let [i, j, count] = [0, 0, 0]
      const a = this.sorted!
      const b = other.sorted!
      while (i < this.count || j < other.count) {
        const next = j >= other.count || (i < this.count && a[i] <= b[j]) ? a[i++] : b[j++]
        if (count === 0 || merged[count - 1] !== next) merged[count++] = next
      }
      const set = new RowSet(merged, count, null)
      set.densifyIfWorth()
      return set
    }
    const [dense, rest] = this.words !== null ? [this, other] : [other, this]
    const words = dense.words!.slice()
    const union = RowSet.dense(words)
    for (const row of rest.values()) union.add(row)
    return union
  }

  private indexOf(row: number): number {
    const at = insertionPoint(this.sorted!, this.count, row)
    return at < this.count && this.sorted![at] === row ? at : -1
  }

  private densifyIfWorth(): void {
    if (this.words !== null || this.count < SPARSE_LIMIT) return
    const highest = this.sorted![this.count - 1]
    if (this.count * 32 < highest) return
    const words = new Uint32Array((highest >>> 5) + 1)
    for (let i = 0; i < this.count; i++) words[this.sorted![i] >>> 5] |= 1 << (this.sorted![i] & 31)
    this.words = words
    this.sorted = null
  }
}

/** Where `row` goes in the ascending `sorted[0, count)`: the first place holding it or more. */
export const insertionPoint = (sorted: Uint32Array | Int32Array, count: number, row: number): number => {
  let low = 0
  let high = count
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle] < row) low = middle + 1
    else high = middle
  }
  return low
}

const grown = (values: Uint32Array, length: number): Uint32Array => {
  const next = new Uint32Array(length)
  next.set(values)
  return next
}

const popcount = (word: number): number => {
  let v = word - ((word >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}
