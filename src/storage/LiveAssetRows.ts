/**
 * The storage port that makes an asset live: every row that finds it, written together inside the write
 * transaction of the commit path. The rows belong to the other ports (its stored parts and format ids and its search
 * row to `AssetStore`, its links to `MetadataStore`, its texts to `TextSearch`, its fingerprint to
 * `SimilarityStore`), and `portByPort` writes them through those ports one by one; an engine whose statements each
 * cost a round trip to a server (PostgreSQL) writes them in one.
 */
import { Context, Effect, Layer } from "effect"
import type { Asset } from "../domain/Asset.ts"
import type { CodeFingerprint } from "../domain/CodeFingerprint.ts"
import type { SearchableText } from "../domain/SearchableText.ts"
import type { StoredParts } from "../domain/StoredAsset.ts"
import { AssetStore } from "./AssetStore.ts"
import { MetadataStore } from "./MetadataStore.ts"
import { SimilarityStore } from "./SimilarityStore.ts"
import { TextSearch } from "./TextSearch.ts"

/** An asset becoming live: new, or back from the trash. */
export interface LiveAsset {
  readonly asset: Asset
  /** A new asset's stored parts, written with its format ids; none for an asset back from the trash, which kept both. */
  readonly stored: StoredParts | undefined
  readonly searchable: SearchableText
  /** The rows of the metadata entities it carries. */
  readonly entityRows: ReadonlyArray<number>
  /** Its code's fingerprint; none when its code is not compared. */
  readonly fingerprint: CodeFingerprint | undefined
}

export interface LiveAssetRowsShape {
  /** Writes every row of a live asset (it has none yet); answers its new search row. */
  readonly insert: (live: LiveAsset) => Effect.Effect<number>
}

export class LiveAssetRows extends Context.Service<LiveAssetRows, LiveAssetRowsShape>()("LiveAssetRows") {}

/** The rows through their own ports, one statement (or a few) each. */
export const portByPort = Layer.effect(
  LiveAssetRows,
  Effect.gen(function*() {
    const assets = yield* AssetStore
    const metadata = yield* MetadataStore
    const text = yield* TextSearch
    const similarity = yield* SimilarityStore
    return LiveAssetRows.of({
      insert: ({ asset, entityRows, fingerprint, searchable, stored }) =>
        Effect.gen(function*() {
          if (stored !== undefined) {
            yield* assets.insert(asset, stored, null)
            yield* assets.writeFormats(asset, false)
          }
          const row = yield* assets.insertSearchRow(asset, searchable)
          if (entityRows.length > 0) yield* metadata.link(row, entityRows)
          yield* text.index(row, searchable)
          if (fingerprint !== undefined) yield* similarity.insert(row, fingerprint)
          return row
        })
    })
  })
)
