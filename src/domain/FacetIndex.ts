/**
 * An in-memory index of every live asset's facets (pseudo flag, language, tags, websites, created and updated
 * times) by search row, the one place every `AssetFilter` is evaluated: tag search and filters combine row sets
 * (AND, OR, ranges) and then read the newest matches in `updated` order, microseconds per facet at 100,000 assets.
 *
 * Compact: nothing is kept per asset but its times (16 bytes), language (2) and pseudo flag (1) in typed arrays and
 * its place in the `updated` order; tags, websites and languages are `RowSet`s. An asset's facets are not kept as
 * such, so removing them takes the facets it was indexed with (the commit path has the previous state).
 */
import { tagKey } from "./Metadata.ts"
import { OBJECT_BYTES, RowSet, type RowSetParts } from "./RowSet.ts"

export interface AssetFacets {
  /** The asset's search row: its place in every set. */
  readonly row: number
  readonly pseudo: boolean
  /** The language (`classification.specific`), compared case-insensitively. */
  readonly classification: string | null
  /** Tag keys (`tagKey`) and website keys (`websiteKey`): what the metadata registry knows them by. */
  readonly tags: ReadonlyArray<string>
  readonly websites: ReadonlyArray<string>
  readonly created: string
  readonly updated: string
}

/** An index's state, as a snapshot keeps it. */
export interface FacetIndexParts {
  readonly live: RowSetParts
  readonly visible: RowSetParts
  readonly tags: ReadonlyArray<readonly [string, RowSetParts]>
  readonly websites: ReadonlyArray<readonly [string, RowSetParts]>
  readonly languages: ReadonlyArray<readonly [string, RowSetParts]>
  readonly order: Uint32Array
  readonly createdAt: Float64Array<ArrayBuffer>
  readonly updatedTimes: Float64Array<ArrayBuffer>
}

export class FacetIndex {
  private live = RowSet.empty()
  private visible = RowSet.empty()
  private readonly tags = new Map<string, RowSet>()
  /** By lower-cased URL: websites are matched by case-insensitive containment only. */
  private readonly websites = new Map<string, RowSet>()
  private readonly languages = new Map<string, RowSet>()
  /** Rows, most recently updated first. */
  private order: Array<number> = []
  /** Epoch milliseconds by row (NaN for no asset), so a range is a scan of numbers. */
  private createdAt = new Float64Array(1024).fill(NaN)
  private updatedTimes = new Float64Array(1024).fill(NaN)

  get size(): number {
    return this.live.size
  }

  /** About the bytes the index holds: its typed arrays, the `updated` order (8 bytes a row) and every row set. */
  get bytes(): number {
    let total = this.createdAt.byteLength + this.updatedTimes.byteLength + this.order.length * 8
    total += this.live.bytes + this.visible.bytes
    for (const sets of [this.tags, this.websites, this.languages]) {
      for (const [key, rows] of sets) total += key.length + OBJECT_BYTES + rows.bytes
    }
    return total
  }

  /** Holds what `parts` gave (a snapshot), instead of what it held; its arrays are taken, not copied. */
  restore(parts: FacetIndexParts): void {
    this.live = RowSet.fromParts(parts.live)
    this.visible = RowSet.fromParts(parts.visible)
    const restoredSets = [
      [this.tags, parts.tags],
      [this.websites, parts.websites],
      [this.languages, parts.languages]
    ] as const
    for (const [sets, restored] of restoredSets) {
      sets.clear()
      for (const [key, rows] of restored) sets.set(key, RowSet.fromParts(rows))
    }
    this.order = Array.from(parts.order)
    this.createdAt = parts.createdAt
    this.updatedTimes = parts.updatedTimes
  }

  /** What the index holds, for a snapshot. */
  parts(): FacetIndexParts {
    const setsOf = (sets: Map<string, RowSet>) => [...sets].map(([key, rows]) => [key, rows.parts()] as const)
    return {
      live: this.live.parts(),
      visible: this.visible.parts(),
      tags: setsOf(this.tags),
      websites: setsOf(this.websites),
      languages: setsOf(this.languages),
      order: Uint32Array.from(this.order),
      createdAt: this.createdAt,
      updatedTimes: this.updatedTimes
    }
  }

  /** Indexes many assets at once (at start-up), ordering them once rather than one insertion at a time. */
  addAll(all: Iterable<AssetFacets>): void {
    this.addLoaded(all)
    this.orderLoaded()
  }

  /** Indexes assets loaded at start-up, page by page; `orderLoaded` orders them once all are in. */
  addLoaded(all: Iterable<AssetFacets>): void {
    for (const facets of all) this.index(facets)
  }

  orderLoaded(): void {
    this.order = [...this.live.values()].sort((a, b) => this.updatedTimes[b] - this.updatedTimes[a] || a - b)
  }

  /**
   * Indexes an asset not in the index (a new one, or an edited one once its previous facets were removed). One
   * indexed already (a follower applying a commit its loaded state held) keeps one place in the order.
   */
  add(facets: AssetFacets): void {
    const placed = this.live.has(facets.row) ? this.order.indexOf(facets.row) : -1
    if (placed >= 0) this.order.splice(placed, 1)
    this.index(facets)
    // New and edited assets are the most recently updated: the insertion point is almost always the front.
    const updated = this.updatedTimes[facets.row]
    let at = 0
    while (at < this.order.length && this.updatedTimes[this.order[at]] > updated) at++
    this.order.splice(at, 0, facets.row)
  }

  /** Forgets an asset indexed with these facets. */
  remove(facets: AssetFacets): void {
    const { row } = facets
    if (!this.live.has(row)) return
    this.live.delete(row)
    this.visible.delete(row)
    this.createdAt[row] = NaN
    this.updatedTimes[row] = NaN
    for (const tag of facets.tags) this.tags.get(tag)?.delete(row)
    for (const url of facets.websites) this.websites.get(url.toLowerCase())?.delete(row)
    if (facets.classification !== null) this.languages.get(facets.classification.toLowerCase())?.delete(row)
    const at = this.order.indexOf(row)
    if (at >= 0) this.order.splice(at, 1)
  }

  /**
   * Forgets the assets of these rows, whatever facets they were indexed with: a snapshot's rows that changed after it
   * was kept. Each set is passed once, not once per row.
   */
  removeRows(rows: Iterable<number>): void {
    const gone = new Set<number>()
    for (const row of rows) if (this.live.has(row)) gone.add(row)
    if (gone.size === 0) return
    for (const row of gone) {
      this.createdAt[row] = NaN
      this.updatedTimes[row] = NaN
    }
    this.live.deleteAll(gone)
    this.visible.deleteAll(gone)
    for (const sets of [this.tags, this.websites, this.languages]) for (const set of sets.values()) set.deleteAll(gone)
    this.order = this.order.filter((row) => !gone.has(row))
  }

  private index(facets: AssetFacets): void {
    const { row } = facets
    this.live.add(row)
    if (!facets.pseudo) this.visible.add(row)
    if (row >= this.createdAt.length) {
      const size = Math.max(row + 1, this.createdAt.length * 2)
      this.createdAt = grown(this.createdAt, size)
      this.updatedTimes = grown(this.updatedTimes, size)
    }
    this.createdAt[row] = Date.parse(facets.created)
    this.updatedTimes[row] = Date.parse(facets.updated)
    for (const tag of facets.tags) addTo(this.tags, tag, row)
    for (const url of facets.websites) addTo(this.websites, url.toLowerCase(), row)
    if (facets.classification !== null) addTo(this.languages, facets.classification.toLowerCase(), row)
  }

  /** Every live asset, pseudo ones only when asked. */
  all(pseudo: boolean): RowSet {
    return pseudo ? this.live : this.visible
  }

  none(): RowSet {
    return RowSet.empty()
  }

  /** Assets carrying this tag, in any case (`tagKey`). */
  tag(text: string): RowSet {
    return this.tags.get(tagKey(text)) ?? RowSet.empty()
  }

  language(classification: string): RowSet {
    return this.languages.get(classification.toLowerCase()) ?? RowSet.empty()
  }

  /** Assets with a website whose URL contains `fragment`, case-insensitively. */
  website(fragment: string): RowSet {
    const needle = fragment.toLowerCase()
    // Gathered, then made a set once: OR-ing thousands of sets one by one copies the growing union each time.
    const found: Array<number> = []
    for (const [url, rows] of this.websites) if (url.includes(needle)) for (const row of rows.values()) found.push(row)
    return RowSet.of(found)
  }

  /** Assets whose time is within [from, to] (either end open), or outside it when `inside` is false. */
  range(field: "created" | "updated", from: string | undefined, to: string | undefined, inside: boolean): RowSet {
    const times = field === "created" ? this.createdAt : this.updatedTimes
    const low = from === undefined ? -Infinity : Date.parse(from)
    const high = to === undefined ? Infinity : Date.parse(to)
    const found: Array<number> = []
    for (let row = 0; row < times.length; row++) {
      const time = times[row]
      if (!Number.isNaN(time) && (time >= low && time <= high) === inside) found.push(row)
    }
    return RowSet.of(found)
  }

  /** When the asset in a row was last updated, as epoch milliseconds (NaN for no asset). */
  updatedAt(row: number): number {
    return this.updatedTimes[row] ?? NaN
  }

  /** The `limit` most recently updated rows of the set. */
  newest(set: RowSet, limit: number): Array<number> {
    // A small set is sorted on its own; a large one is met early in the whole order.
    if (set.size <= 4 * limit + 1000) {
      return [...set.values()]
        .filter((row) => this.live.has(row))
        .sort((a, b) => this.updatedTimes[b] - this.updatedTimes[a] || a - b)
        .slice(0, limit)
    }
    const found: Array<number> = []
    for (const row of this.order) {
      if (found.length === limit) break
      if (set.has(row)) found.push(row)
    }
    return found
  }
}

const grown = (times: Float64Array, size: number) => {
  const next = new Float64Array(size).fill(NaN)
  next.set(times)
  return next
}

const addTo = (map: Map<string, RowSet>, key: string, row: number) => {
  let rows = map.get(key)
  if (rows === undefined) {
    rows = RowSet.empty()
    map.set(key, rows)
  }
  rows.add(row)
}
