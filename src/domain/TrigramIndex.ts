/**
 * An in-memory trigram index over short texts (asset names, tags, annotations): the typo-tolerant candidate source
 * of fuzzy search. A query's trigrams vote for the entries that contain them; the entries with the most votes are
 * the candidates that fuse.js then ranks. A typo breaks at most three of a word's trigrams, so the intended entry
 * keeps most of its votes. Lookups touch only the postings of the query's trigrams, not every entry.
 */
import { trigramsOf } from "./FuzzyMatch.ts"

export class TrigramIndex {
  private readonly postings = new Map<string, Array<number>>()
  private readonly slotOf = new Map<string, number>()
  private ids: Array<string | undefined> = []
  private texts: Array<string> = []
  private votes = new Uint16Array(1024)

  get size(): number {
    return this.slotOf.size
  }

  /** Indexes (or re-indexes) the text of an entry. */
  add(id: string, text: string): void {
    this.remove(id)
    const slot = this.ids.length
    this.ids.push(id)
    this.texts.push(text.toLowerCase())
    this.slotOf.set(id, slot)
    for (const gram of trigramsOf(text)) {
      const list = this.postings.get(gram)
      if (list === undefined) this.postings.set(gram, [slot])
      else list.push(slot)
    }
  }

  /** Forgets an entry; its postings are skipped from then on and dropped at the next compaction. */
  remove(id: string): void {
    const slot = this.slotOf.get(id)
    if (slot === undefined) return
    this.slotOf.delete(id)
    this.ids[slot] = undefined
    this.texts[slot] = ""
    if (this.ids.length > 1024 && this.slotOf.size < this.ids.length / 2) this.compact()
  }

  /** Up to `limit` entries sharing the most trigrams with `text`, best first; ties keep insertion order. */
  candidates(text: string, limit: number): Array<{ readonly id: string; readonly votes: number }> {
    if (this.votes.length < this.ids.length) this.votes = new Uint16Array(this.ids.length * 2)
    const votes = this.votes
    const touched: Array<number> = []
    for (const gram of trigramsOf(text)) {
      for (const slot of this.postings.get(gram) ?? []) {
        if (votes[slot] === 0) touched.push(slot)
        votes[slot]++
      }
    }
    // Votes are small integers: bucket the entries by them instead of sorting tens of thousands.
    const byVotes: Array<Array<string>> = []
    for (const slot of touched) {
      const id = this.ids[slot]
      if (id !== undefined) (byVotes[votes[slot]] ??= []).push(id)
      votes[slot] = 0
    }
    const found: Array<{ id: string; votes: number }> = []
    for (let count = byVotes.length - 1; count > 0 && found.length < limit; count--) {
      for (const id of byVotes[count] ?? []) {
        if (found.length === limit) break
        found.push({ id, votes: count })
      }
    }
    return found
  }

  /**
   * Up to `limit` entries whose text contains `fragment` (case-insensitive), newest first: the path for queries
   * too short to have a trigram. A scan, but of short texts already in memory.
   */
  containing(fragment: string, limit: number): Array<string> {
    const needle = fragment.toLowerCase()
    const found: Array<string> = []
    for (let slot = this.ids.length - 1; slot >= 0 && found.length < limit; slot--) {
      const id = this.ids[slot]
      if (id !== undefined && this.texts[slot].includes(needle)) found.push(id)
    }
    return found
  }

  private compact(): void {
    const live = new Map<number, number>()
    const ids: Array<string> = []
    const texts: Array<string> = []
    this.ids.forEach((id, slot) => {
      if (id === undefined) return
      live.set(slot, ids.length)
      this.slotOf.set(id, ids.length)
      ids.push(id)
      texts.push(this.texts[slot])
    })
    for (const [gram, list] of this.postings) {
      const kept = list.flatMap((slot) => live.has(slot) ? [live.get(slot)!] : [])
      if (kept.length === 0) this.postings.delete(gram)
      else this.postings.set(gram, kept)
    }
    this.ids = ids
    this.texts = texts
  }
}
