import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import { BANDS, type CodeFingerprint, ROWS, SIGNATURE_LENGTH } from "../../src/domain/CodeFingerprint.ts"
import { searchableText } from "../../src/domain/SearchableText.ts"
import { storedParts } from "../../src/domain/StoredAsset.ts"
import { LiveAssetRows } from "../../src/storage/LiveAssetRows.ts"
import { SimilarityStore } from "../../src/storage/SimilarityStore.ts"
import { codeAsset } from "./TestAssets.ts"
import { engineLayer, testEngines } from "./TestLayers.ts"

const digest = (text: string) => createHash("sha1").update(text).digest("base64")

/** The query's signature: each of its bands is one a saved fingerprint can share or not. */
const QUERY_SIGNATURE = Uint32Array.from({ length: SIGNATURE_LENGTH }, (_, i) => 1_000 + i)

const QUERY: CodeFingerprint = {
  exact: digest("exact"),
  renamed: digest("renamed"),
  shape: digest("shape"),
  signature: QUERY_SIGNATURE,
  tokenCount: 40
}

/** What a saved fingerprint shares with the query: these keys, and its first `bands` bands. */
interface Shares {
  readonly keys?: ReadonlyArray<"exact" | "renamed" | "shape">
  readonly bands?: number
}

/** A saved fingerprint sharing with the query the keys named and the first `bands` of its bands, no other key. */
const savedFingerprint = (name: string, shares: Shares) => {
  const keys = shares.keys ?? []
  const bands = shares.bands ?? 0
  /** Added to the query's values in the bands not shared, so that no such band's key is the query's. */
  const offset = 7_919 * (name.length + 1)
  return {
    exact: keys.includes("exact") ? QUERY.exact : digest(`${name} exact`),
    renamed: keys.includes("renamed") ? QUERY.renamed : digest(`${name} renamed`),
    shape: keys.includes("shape") ? QUERY.shape : digest(`${name} shape`),
    signature: QUERY_SIGNATURE.map((value, i) => Math.floor(i / ROWS) < bands ? value : value + offset),
    tokenCount: 40
  } satisfies CodeFingerprint
}

for (const engine of testEngines) layer(engineLayer(engine))(`SimilarityStore (${engine})`, (it) => {
  it.effect("answers exact, then renamed, then the newest same-shape rows, then those sharing most bands, once", () =>
    Effect.gen(function*() {
      expect(BANDS).toBeGreaterThan(7)
      const rows = yield* LiveAssetRows
      /** A snippet saved with a fingerprint sharing `shares` with the query's; answers its row. */
      const save = (name: string, shares: Shares) => {
        const asset = codeAsset({ code: `// ${name}\nconst ${name} = 1`, ext: "js", name })
        return rows.insert({
          asset,
          stored: storedParts(asset),
          searchable: searchableText(asset),
          entityRows: [],
          fingerprint: savedFingerprint(name, shares)
        })
      }
      const same = yield* save("same", { keys: ["exact"], bands: 6 })
      const renamed = yield* save("renamed", { keys: ["renamed"] })
      const shapeOld = yield* save("shapeOld", { keys: ["shape"] })
      const shapeMid = yield* save("shapeMid", { keys: ["shape"] })
      const shapeNew = yield* save("shapeNew", { keys: ["shape"] })
      const sevenBands = yield* save("sevenBands", { bands: 7 })
      const threeBands = yield* save("threeBands", { bands: 3 })
      const fiveBands = yield* save("fiveBands", { bands: 5 })
      yield* save("oneBand", { bands: 1 })
      const fiveBandsNewer = yield* save("fiveBandsNewer", { bands: 5 })
      yield* save("unrelated", {})

      const found = yield* (yield* SimilarityStore).candidates(QUERY, { limit: 4, sameShape: 2 })
      // The banded rows are the four sharing most bands, ties newest first (the oldest shares most): the exact row
      // (six bands) is one of them, answered once, first; the rows sharing three bands and one are left out.
      expect(found).toEqual([same, renamed, shapeNew, shapeMid, sevenBands, fiveBandsNewer, fiveBands])
      expect(found).not.toContain(shapeOld)
      expect(found).not.toContain(threeBands)
    }))
})
