/**
 * An in-memory index of every live asset's facets (pseudo flag, language, tags, websites, created and updated
 * times) as bitsets over the assets' search row ids. Tag search and filters without a query combine bitsets
 * (AND, OR, ranges) and then read the newest matches in `updated` order: microseconds per facet at 100,000 assets,
 * where SQL had to visit a row per candidate.
 */

/** A growable set of small non-negative integers. */
export class Bitset {
  constructor(private words: Uint32Array = new Uint32Array(0)) {}

  static of(values: Iterable<number>): Bitset {
    const set = new Bitset()
    for (const value of values) set.add(value)
    return set
  }

  add(value: number): void {
    const word = value >>> 5
    if (word >= this.words.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.words.length * 2))
      grown.set(this.words)
      this.words = grown
    }
    this.words[word] |= 1 << (value & 31)
  }

  delete(value: number): void {
    const word = value >>> 5
    if (word < this.words.length) this.words[word] &= ~(1 << (value & 31))
  }

  has(value: number): boolean {
    const word = value >>> 5
    return word < this.words.length && (this.words[word] & (1 << (value & 31))) !== 0
  }

  and(other: Bitset): Bitset {
    const length = Math.min(this.words.length, other.words.length)
    const words = new Uint32Array(length)
    for (let i = 0; i < length; i++) words[i] = this.words[i] & other.words[i]
    return new Bitset(words)
  }

  or(other: Bitset): Bitset {
    const [long, short] = this.words.length >= other.words.length ? [this, other] : [other, this]
    const words = long.words.slice()
    for (let i = 0; i < short.words.length; i++) words[i] |= short.words[i]
    return new Bitset(words)
  }

  /** The members, ascending. */
  *values(): Generator<number> {
    for (let i = 0; i < this.words.length; i++) {
      let word = this.words[i]
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word)
        yield i * 32 + bit
        word &= word - 1
      }
    }
  }

  get size(): number {
    let count = 0
    for (let i = 0; i < this.words.length; i++) {
      let v = this.words[i]
      v = v - ((v >>> 1) & 0x55555555)
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
      count += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
    }
    return count
  }
}

export interface AssetFacets {
  /** The asset's row in `search_rows`: its position in every bitset. */
  readonly row: number
  readonly id: string
  readonly pseudo: boolean
  readonly classification: string | null
  readonly tags: ReadonlyArray<string>
  readonly websites: ReadonlyArray<string>
  readonly created: string
  readonly updated: string
}

const EMPTY = new Bitset()

export class FacetIndex {
  private readonly rows = new Map<number, AssetFacets>()
  private readonly rowOf = new Map<string, number>()
  private live = new Bitset()
  private visible = new Bitset()
  private readonly tags = new Map<string, Bitset>()
  private readonly languages = new Map<string, Bitset>()
  private readonly websites = new Map<string, Bitset>()
  /** Rows, most recently updated first. */
  private order: Array<number> = []
  /** Times as epoch milliseconds by row (NaN for no asset), so a range is a scan of numbers. */
  private createdAt = new Float64Array(0)
  private updatedTimes = new Float64Array(0)

  get size(): number {
    return this.rows.size
  }

  /** Indexes many assets at once (at start-up), ordering them once rather than one insertion at a time. */
  addAll(all: ReadonlyArray<AssetFacets>): void {
    const order = this.order
    this.order = []
    for (const facets of all) this.add(facets, false)
    this.order = [...order, ...all.map((facets) => facets.row)]
    this.order.sort((a, b) => {
      const x = this.rows.get(a)!.updated
      const y = this.rows.get(b)!.updated
      return x < y ? 1 : x > y ? -1 : 0
    })
  }

  add(facets: AssetFacets, ordered = true): void {
    this.remove(facets.id)
    this.rows.set(facets.row, facets)
    this.rowOf.set(facets.id, facets.row)
    this.live.add(facets.row)
    if (!facets.pseudo) this.visible.add(facets.row)
    if (facets.row >= this.createdAt.length) {
      const size = Math.max(facets.row + 1, this.createdAt.length * 2, 1024)
      this.createdAt = grown(this.createdAt, size)
      this.updatedTimes = grown(this.updatedTimes, size)
    }
    this.createdAt[facets.row] = Date.parse(facets.created)
    this.updatedTimes[facets.row] = Date.parse(facets.updated)
    for (const tag of facets.tags) setIn(this.tags, tag.toLowerCase(), facets.row)
    for (const url of facets.websites) setIn(this.websites, url.toLowerCase(), facets.row)
    if (facets.classification !== null) setIn(this.languages, facets.classification, facets.row)
    if (!ordered) return
    // New assets are the newest: the insertion point is almost always the front.
    let at = 0
    while (at < this.order.length && this.rows.get(this.order[at])!.updated > facets.updated) at++
    this.order.splice(at, 0, facets.row)
  }

  remove(id: string): void {
    const row = this.rowOf.get(id)
    if (row === undefined) return
    const facets = this.rows.get(row)!
    this.rows.delete(row)
    this.rowOf.delete(id)
    this.live.delete(row)
    this.visible.delete(row)
    this.createdAt[row] = NaN
    this.updatedTimes[row] = NaN
    for (const tag of facets.tags) this.tags.get(tag.toLowerCase())?.delete(row)
    for (const url of facets.websites) this.websites.get(url.toLowerCase())?.delete(row)
    if (facets.classification !== null) this.languages.get(facets.classification)?.delete(row)
    this.order = this.order.filter((other) => other !== row)
  }

  /** Every live asset, pseudo ones only when asked. */
  all(pseudo: boolean): Bitset {
    return pseudo ? this.live : this.visible
  }

  none(): Bitset {
    return EMPTY
  }

  /** Assets carrying the tag, case-insensitively. */
  tag(tag: string): Bitset {
    return this.tags.get(tag.toLowerCase()) ?? EMPTY
  }

  language(classification: string): Bitset {
    return this.languages.get(classification.toLowerCase()) ?? EMPTY
  }

  /** Assets with a website whose URL contains `fragment`, case-insensitively. */
  website(fragment: string): Bitset {
    const needle = fragment.toLowerCase()
    let found = EMPTY
    for (const [url, rows] of this.websites) if (url.includes(needle)) found = found.or(rows)
    return found
  }

  /** Assets whose time is within [from, to] (either end open), or outside it when `inside` is false. */
  range(field: "created" | "updated", from: string | undefined, to: string | undefined, inside: boolean): Bitset {
    const times = field === "created" ? this.createdAt : this.updatedTimes
    const low = from === undefined ? -Infinity : Date.parse(from)
    const high = to === undefined ? Infinity : Date.parse(to)
    const found = new Bitset()
    for (let row = 0; row < times.length; row++) {
      const time = times[row]
      if (Number.isNaN(time)) continue
      if ((time >= low && time <= high) === inside) found.add(row)
    }
    return found
  }

  /** When the asset in a row was last updated, as epoch milliseconds (NaN for no asset). */
  updatedAt(row: number): number {
    return this.updatedTimes[row] ?? NaN
  }

  ids(rows: Iterable<number>): Array<string> {
    return [...rows].flatMap((row) => this.rows.get(row)?.id ?? [])
  }

  rowsOf(ids: Iterable<string>): Bitset {
    return Bitset.of([...ids].flatMap((id) => this.rowOf.get(id) ?? []))
  }

  /** The ids of the `limit` most recently updated assets in the set. */
  newest(set: Bitset, limit: number): Array<string> {
    // A small set is sorted on its own; a large one is met early in the whole order.
    if (set.size <= 4 * limit + 1000) {
      return [...set.values()]
        .filter((row) => this.rows.has(row))
        .sort((a, b) => this.updatedTimes[b] - this.updatedTimes[a] || a - b)
        .slice(0, limit)
        .map((row) => this.rows.get(row)!.id)
    }
    const found: Array<string> = []
    for (const row of this.order) {
      if (found.length === limit) break
      if (set.has(row)) found.push(this.rows.get(row)!.id)
    }
    return found
  }
}

const grown = (times: Float64Array, size: number) => {
  const next = new Float64Array(size).fill(NaN)
  next.set(times)
  return next
}

const setIn = (map: Map<string, Bitset>, key: string, row: number) => {
  let rows = map.get(key)
  if (rows === undefined) {
    rows = new Bitset()
    map.set(key, rows)
  }
  rows.add(row)
}
