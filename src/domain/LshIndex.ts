/**
 * The in-memory side of near-duplicate detection: code fingerprints by exact hash, by renamed hash, and by the LSH
 * bands of their MinHash signatures. A lookup returns the entries that share the query's exact or renamed hash
 * first, then those sharing the most bands; the caller scores them exactly.
 */
import { bandKeys, BANDS, type CodeFingerprint } from "./CodeFingerprint.ts"

export class LshIndex {
  private readonly bands: Array<Map<number, Array<string>>> = Array.from({ length: BANDS }, () => new Map())
  private readonly byExact = new Map<string, Set<string>>()
  private readonly byRenamed = new Map<string, Set<string>>()
  /** What removal needs: the hashes and band keys (the signature itself is not kept). */
  private readonly entries = new Map<
    string,
    { readonly exact: string; readonly renamed: string; readonly keys: Array<number> }
  >()

  get size(): number {
    return this.entries.size
  }

  add(id: string, fingerprint: CodeFingerprint): void {
    this.remove(id)
    const keys = bandKeys(fingerprint.signature)
    this.entries.set(id, { exact: fingerprint.exact, renamed: fingerprint.renamed, keys })
    keys.forEach((key, band) => {
      const bucket = this.bands[band].get(key)
      if (bucket === undefined) this.bands[band].set(key, [id])
      else bucket.push(id)
    })
    addTo(this.byExact, fingerprint.exact, id)
    addTo(this.byRenamed, fingerprint.renamed, id)
  }

  remove(id: string): void {
    const entry = this.entries.get(id)
    if (entry === undefined) return
    this.entries.delete(id)
    entry.keys.forEach((key, band) => {
      const bucket = this.bands[band].get(key)
      if (bucket === undefined) return
      const kept = bucket.filter((other) => other !== id)
      if (kept.length === 0) this.bands[band].delete(key)
      else this.bands[band].set(key, kept)
    })
    removeFrom(this.byExact, entry.exact, id)
    removeFrom(this.byRenamed, entry.renamed, id)
  }

  /** Up to `limit` ids: same exact hash, then same renamed hash, then by shared bands (at least one). */
  candidates(fingerprint: CodeFingerprint, limit: number): Array<string> {
    const ranked: Array<string> = []
    const seen = new Set<string>()
    const take = (id: string) => {
      if (!seen.has(id) && ranked.length < limit) {
        seen.add(id)
        ranked.push(id)
      }
    }
    for (const id of this.byExact.get(fingerprint.exact) ?? []) take(id)
    for (const id of this.byRenamed.get(fingerprint.renamed) ?? []) take(id)
    const votes = new Map<string, number>()
    bandKeys(fingerprint.signature).forEach((key, band) => {
      for (const id of this.bands[band].get(key) ?? []) votes.set(id, (votes.get(id) ?? 0) + 1)
    })
    for (const [id] of [...votes].sort((a, b) => b[1] - a[1])) take(id)
    return ranked
  }
}

const addTo = (map: Map<string, Set<string>>, key: string, id: string) => {
  const set = map.get(key)
  if (set === undefined) map.set(key, new Set([id]))
  else set.add(id)
}

const removeFrom = (map: Map<string, Set<string>>, key: string, id: string) => {
  const set = map.get(key)
  set?.delete(id)
  if (set?.size === 0) map.delete(key)
}
