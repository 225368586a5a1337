/**
 * An in-memory trigram index over short texts (asset names, tags, annotations) by search row: the typo-tolerant
 * candidate source of fuzzy search. A query's trigrams vote for the rows that contain them; the rows with the most
 * votes are the candidates that fuse.js then ranks. A typo breaks at most three of a word's trigrams, so the intended
 * row keeps most of its votes; among rows with as many votes, those with fewer trigrams of their own are nearer the
 * query (`parse_header` before `parse_header_v2`, …, where a family of versions ties). Lookups touch only the
 * postings of the query's trigrams, not every row, and not those most rows hold (`telling`).
 *
 * Compact: each trigram (numbered, `trigramKey`) has a list of its rows packed as the gaps between them (`PackedRows`,
 * about a byte per trigram of a text), plus the text itself (for removal, and for queries too short to have a
 * trigram). No object per entry.
 */
import { forEachTrigram, swapsOf, trigramsOf } from "./FuzzyMatch.ts"
import { PackedRows } from "./PackedRows.ts"
import { OBJECT_BYTES } from "./RowSet.ts"

/**
 * An index's state, as a snapshot keeps it: trigram `grams[i]` holds `counts[i]` rows, the highest `lasts[i]`,
 * packed in `rows[starts[i], starts[i + 1])`.
 */
export interface TrigramIndexParts {
  /** Lower-cased text by row; null where no row is indexed. */
  readonly texts: ReadonlyArray<string | null>
  readonly gramCounts: Uint16Array<ArrayBuffer>
  readonly grams: Float64Array
  readonly starts: Uint32Array
  readonly counts: Uint32Array
  readonly lasts: Uint32Array
  readonly rows: Uint8Array
}

/** Queries of up to this many trigrams vote with their swaps undone too. */
export const SHORT_QUERY = 8
/** A trigram more rows hold than this share of them, and than `COMMON_ROWS`, is left out of a vote (`telling`)… */
const COMMON_SHARE = 0.1
const COMMON_ROWS = 1000
/** …while this many of a reading's trigrams are left. */
const TELLING_LEFT = 3

export class TrigramIndex {
  private readonly postings = new Map<number, PackedRows>()
  /** Lower-cased text by row; undefined where no row is indexed. */
  private readonly texts: Array<string | undefined> = []
  /** How many distinct trigrams each row's text has. */
  private gramCounts = new Uint16Array(1024)
  private entries = 0
  private votes = new Uint16Array(1024)
  /** A row's best count over the readings of one lookup. */
  private best = new Uint16Array(1024)
  /**
   * Room a lookup works in, kept from one to the next: the rows one reading counted, the rows any reading did, the
   * kept rows' order keys, and the rows of the list being read. A lookup's own arrays of them, tens of thousands long
   * in a large library, were each larger than V8's young objects may be; made by every typo'd query, they outlived a
   * young collection often enough to pile up megabytes until a full one.
   */
  private counted = new Uint32Array(1024)
  private touched = new Uint32Array(1024)
  private ordered = new Float64Array(1024)
  private listRows = new Uint32Array(1024)

  get size(): number {
    return this.entries
  }

  /** Holds what `parts` gave (a snapshot), instead of what it held: each trigram's rows a view of `parts.rows`. */
  restore(parts: TrigramIndexParts): void {
    this.postings.clear()
    for (let gram = 0; gram < parts.grams.length; gram++) {
      const [start, end] = [parts.starts[gram], parts.starts[gram + 1]]
      const rows = new PackedRows(parts.rows.subarray(start, end), end - start, parts.counts[gram], parts.lasts[gram])
      this.postings.set(parts.grams[gram], rows)
    }
    this.texts.length = 0
    this.entries = 0
    parts.texts.forEach((text, row) => {
      if (text === null) return
      this.texts[row] = text
      this.entries++
    })
    this.gramCounts = parts.gramCounts
  }

  /** What the index holds, for a snapshot: the postings without their spare room. */
  parts(): TrigramIndexParts {
    let total = 0
    for (const list of this.postings.values()) total += list.packed.length
    const grams = new Float64Array(this.postings.size)
    const starts = new Uint32Array(this.postings.size + 1)
    const counts = new Uint32Array(this.postings.size)
    const lasts = new Uint32Array(this.postings.size)
    const rows = new Uint8Array(total)
    let gram = 0
    for (const [key, list] of this.postings) {
      const packed = list.packed
      grams[gram] = key
      counts[gram] = list.length
      lasts[gram] = list.highest
      rows.set(packed, starts[gram])
      starts[++gram] = starts[gram - 1] + packed.length
    }
    const texts = Array.from({ length: this.texts.length }, (_, row) => this.texts[row] ?? null)
    return { texts, gramCounts: this.gramCounts.slice(0, this.texts.length), grams, starts, counts, lasts, rows }
  }

  /**
   * About the bytes the index holds: postings (with their room to grow), their map entries, the texts (one byte a
   * character, mostly) and the room its lookups work in.
   */
  get bytes(): number {
    let total = this.votes.byteLength + this.best.byteLength + this.counted.byteLength + this.touched.byteLength +
      this.ordered.byteLength + this.listRows.byteLength + this.gramCounts.byteLength + this.texts.length * 8
    for (const list of this.postings.values()) total += list.byteLength + 2 * OBJECT_BYTES
    for (const text of this.texts) if (text !== undefined) total += text.length + OBJECT_BYTES / 2
    return total
  }

  /** Indexes (or re-indexes) the text of a row. */
  add(row: number, text: string): void {
    this.remove(row)
    const lower = text.toLowerCase()
    this.texts[row] = lower
    this.entries++
    if (row >= this.gramCounts.length) {
      const counts = new Uint16Array(Math.max(row + 1, this.gramCounts.length * 2))
      counts.set(this.gramCounts)
      this.gramCounts = counts
    }
    let distinct = 0
    forEachTrigram(lower, (gram) => {
      let list = this.postings.get(gram)
      if (list === undefined) this.postings.set(gram, list = new PackedRows())
      // A trigram met again in this text adds nothing.
      if (list.add(row)) distinct++
    })
    this.gramCounts[row] = Math.min(distinct, 0xffff)
  }

  remove(row: number): void {
    const text = this.texts[row]
    if (text === undefined) return
    this.texts[row] = undefined
    this.entries--
    for (const gram of trigramsOf(text)) {
      const list = this.postings.get(gram)
      if (list?.remove(row) === true && list.length === 0) this.postings.delete(gram)
    }
  }

  /** Removes the texts of these rows, each trigram's list filtered once (`remove` scans a list for each row). */
  removeRows(rows: Iterable<number>): void {
    const gone = new Set<number>()
    const grams = new Set<number>()
    for (const row of rows) {
      const text = this.texts[row]
      if (text === undefined) continue
      this.texts[row] = undefined
      this.entries--
      gone.add(row)
      forEachTrigram(text, (gram) => grams.add(gram))
    }
    for (const gram of grams) {
      const list = this.postings.get(gram)
      if (list === undefined) continue
      list.keep((row) => !gone.has(row))
      if (list.length === 0) this.postings.delete(gram)
    }
  }

  /**
   * Up to `limit` rows sharing the most trigrams with `text`, best first; among as many shared, the rows with fewer
   * trigrams of their own first, then the newest.
   */
  candidates(text: string, limit: number): Array<{ readonly row: number; readonly votes: number }> {
    const grams = trigramsOf(text)
    // In a short query a swap of two letters breaks most trigrams (all of a short word's): each swap undone votes
    // too, and a row keeps its best count. A longer query keeps enough of them.
    if (grams.size > SHORT_QUERY) return this.voted([grams], limit)
    return this.voted([grams, ...swapsOf(text).map(trigramsOf)], limit)
  }

  /**
   * A reading's trigrams that tell rows apart: those held by a tenth of the rows or fewer (by 1,000 or fewer in a
   * library under 10,000), while three or more are left. A language tag most of a library carries (`typescript`) gives each
   * of its trigrams a list of nearly every row; a query holding one (`getTypeOf`) spent half its time counting votes
   * nearly every row gets, which move little in the order.
   */
  private telling(grams: ReadonlySet<number>): Array<PackedRows> {
    const lists: Array<PackedRows> = []
    for (const gram of grams) {
      const list = this.postings.get(gram)
      if (list !== undefined) lists.push(list)
    }
    const common = Math.max(COMMON_ROWS, COMMON_SHARE * this.entries)
    const telling = lists.filter((list) => list.length <= common)
    return telling.length >= TELLING_LEFT ? telling : lists
  }

  /** The rows sharing the most trigrams with any one of these sets of trigrams (a row keeps its best count). */
  private voted(
    readings: ReadonlyArray<ReadonlySet<number>>,
    limit: number
  ): Array<{ readonly row: number; readonly votes: number }> {
    if (this.votes.length < this.texts.length) {
      const rows = this.texts.length * 2
      this.votes = new Uint16Array(rows)
      this.best = new Uint16Array(rows)
      this.counted = new Uint32Array(rows)
      this.touched = new Uint32Array(rows)
    }
    const { votes, best, counted, touched } = this
    let touchedRows = 0
    let most = 0
    for (const grams of readings) {
      let countedRows = 0
      for (const list of this.telling(grams)) {
        if (this.listRows.length < list.length) this.listRows = new Uint32Array(list.length * 2)
        const rows = this.listRows
        const length = list.readInto(rows)
        for (let i = 0; i < length; i++) {
          const row = rows[i]
          if (votes[row] === 0) counted[countedRows++] = row
          votes[row]++
        }
      }
      for (let i = 0; i < countedRows; i++) {
        const row = counted[i]
        if (best[row] === 0) touched[touchedRows++] = row
        if (votes[row] > best[row]) best[row] = votes[row]
        if (best[row] > most) most = best[row]
        votes[row] = 0
      }
    }
    if (touchedRows === 0) return []
    // Votes are small integers: the rows are bucketed by them, most first, and only the buckets that reach `limit`
    // are kept and each sorted, rather than sorting tens of thousands.
    const perVotes = new Uint32Array(most + 1)
    for (let i = 0; i < touchedRows; i++) perVotes[best[touched[i]]]++
    let least = most
    let kept = perVotes[most]
    while (least > 1 && kept < limit) kept += perVotes[--least]
    if (this.ordered.length < kept) this.ordered = new Float64Array(kept * 2)
    // Each bucket's place in `ordered`, most votes first.
    const next = new Uint32Array(most + 1)
    for (let count = most, at = 0; count >= least; count--) {
      next[count] = at
      at += perVotes[count]
    }
    const { ordered } = this
    const grams = this.gramCounts
    for (let i = 0; i < touchedRows; i++) {
      const row = touched[i]
      const count = best[row]
      best[row] = 0
      if (count >= least) ordered[next[count]++] = orderKey(grams[row], row)
    }
    const found: Array<{ row: number; votes: number }> = []
    // Filled, each bucket ends where `next` stopped.
    for (let count = most; count >= least && found.length < limit; count--) {
      const bucket = ordered.subarray(next[count] - perVotes[count], next[count]).sort()
      for (let i = 0; i < bucket.length && found.length < limit; i++) {
        found.push({ row: rowOfKey(bucket[i]), votes: count })
      }
    }
    return found
  }

  /**
   * Up to `limit` rows whose text contains `fragment` (case-insensitive), newest rows first: the path for queries
   * too short to have a trigram. A scan, but of short texts already in memory.
   */
  containing(fragment: string, limit: number): Array<number> {
    const needle = fragment.toLowerCase()
    const found: Array<number> = []
    for (let row = this.texts.length - 1; row >= 0 && found.length < limit; row--) {
      if (this.texts[row]?.includes(needle) === true) found.push(row)
    }
    return found
  }
}

/**
 * A row's place among rows with as many votes, as a number whose ascending order is the ranking's: fewer trigrams of
 * its own first, then the newest (higher rows). Exact: 16 bits of count and 32 of row fit a double's 53.
 */
const orderKey = (grams: number, row: number) => grams * 2 ** 32 + (0xffffffff - row)

const rowOfKey = (key: number) => 0xffffffff - (key % 2 ** 32)
