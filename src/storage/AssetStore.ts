/**
 * The storage port of assets: each asset's stored parts (`StoredAsset`: its document and its content), its format
 * ids, and its search row, the integer that stands for a live asset in every index, in memory and in the database.
 * An engine (`storage/sqlite`, `storage/pg`) is a layer providing it. Writes run inside the write transaction of
 * the commit path (`WriterLock`); reads anywhere. Storage errors are defects here: a client cannot act on them.
 */
import { Context, type Effect, type Option } from "effect"
import type { Asset } from "../domain/Asset.ts"
import type { SearchableText } from "../domain/SearchableText.ts"
import type { StoredParts } from "../domain/StoredAsset.ts"

/** An asset's stored parts as read: its deflated document and its content (null for none, or when not asked). */
export interface StoredRow {
  readonly document: Uint8Array
  readonly transferables: string | null
}

/** Which assets a listing includes with respect to pseudo assets. */
export type PseudoSelection = "exclude" | "include" | "only"

/** What a listing of stored assets includes: pseudo assets or not, content or not, only RECOMMENDED ones or all. */
export interface StoredSelection {
  readonly pseudo: PseudoSelection
  readonly transferables: boolean
  readonly suggestedOnly: boolean
}

/** Where a page of the live listing ended: the sort key (newest first) of its last asset. */
export interface PagePosition {
  readonly created: string
  readonly id: string
}

/** Where a page of the trash ended: most recently deleted first. */
export interface TrashPosition {
  readonly deleted: string
  readonly id: string
}

/** What the in-memory facet index is built from, per live asset (tags and websites come from `MetadataStore`). */
export interface SearchRowFacets {
  readonly row: number
  readonly pseudo: boolean
  readonly classification: string | null
  readonly created: string
  readonly updated: string
}

/**
 * Search rows' facets from a query's lists of values (row, pseudo as 0 or 1, classification, created, updated):
 * start-up reads every row, and a driver makes an object per row far more slowly than JavaScript does.
 */
export const facetsOfValues = (rows: ReadonlyArray<ReadonlyArray<unknown>>): Array<SearchRowFacets> =>
  rows.map((values): SearchRowFacets => {
    const [row, pseudo, classification, created, updated] = values as readonly [number, number, string | null, string, string]
    return { row, pseudo: pseudo === 1, classification, created, updated }
  })

/** A page of every asset stored (the trash too), in the order they were first stored: what a backup exports. */
export interface ExportedAssetRow extends StoredRow {
  /** The asset's place in storage order, where the next page starts. */
  readonly position: number
  readonly deleted: string | null
}

export interface AssetStoreShape {
  /** The stored parts of one asset, live or in the trash; its content only when `transferables`. */
  readonly find: (
    id: string,
    transferables: boolean
  ) => Effect.Effect<Option.Option<StoredRow & { readonly deleted: string | null }>>
  /**
   * Inside a write transaction: the stored parts of one asset, with content, to change; another write of it waits
   * until this transaction ends.
   */
  readonly findForWrite: (id: string) => Effect.Effect<Option.Option<StoredRow & { readonly deleted: string | null }>>
  /** The ids of live assets the selection includes, newest first, `size` at most, after `position`. */
  readonly livePage: (
    pseudo: PseudoSelection,
    size: number,
    position: PagePosition | undefined
  ) => Effect.Effect<ReadonlyArray<PagePosition>>
  /**
   * The stored parts of the live assets the selection includes, newest first, `size` at most, after `position`: a
   * page of a listing, read in one query (not ids first and then their rows, which read every row twice).
   */
  readonly storedPage: (
    selection: StoredSelection,
    size: number,
    position: PagePosition | undefined
  ) => Effect.Effect<ReadonlyArray<StoredRow & PagePosition>>
  /** The stored parts of the live assets in these search rows (absent rows left out). */
  readonly storedAt: (
    rows: ReadonlyArray<number>,
    transferables: boolean
  ) => Effect.Effect<ReadonlyArray<StoredRow & { readonly row: number; readonly id: string }>>
  /** A page of the trash, most recently deleted first, after `position`. */
  readonly trashPage: (
    transferables: boolean,
    size: number,
    position: TrashPosition | undefined
  ) => Effect.Effect<ReadonlyArray<StoredRow & TrashPosition>>
  /** The search rows of the live assets among `ids`. */
  readonly rowsOf: (ids: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<{ readonly id: string; readonly row: number }>>
  /** The search row of a live asset. */
  readonly rowOf: (id: string) => Effect.Effect<number | undefined>
  /** The asset a format belongs to. */
  readonly assetOfFormat: (formatId: string) => Effect.Effect<Option.Option<string>>
  /** The live assets in search rows after `after`, `size` at most, by row: what the facet index loads. */
  readonly facetsPage: (after: number, size: number) => Effect.Effect<ReadonlyArray<SearchRowFacets>>
  /** The language of the saved (live, not pseudo) assets in these search rows. */
  readonly languagesAt: (
    rows: ReadonlyArray<number>
  ) => Effect.Effect<ReadonlyArray<{ readonly row: number; readonly classification: string | null }>>
  /** Every stored asset after `position`, in storage order, `size` at most. */
  readonly exportPage: (position: number, size: number) => Effect.Effect<ReadonlyArray<ExportedAssetRow>>
  /** Which of these asset ids, and which of these format ids, are stored (live or in the trash). */
  readonly known: (
    ids: ReadonlyArray<string>,
    formatIds: ReadonlyArray<string>
  ) => Effect.Effect<{ readonly assets: ReadonlySet<string>; readonly formats: ReadonlySet<string> }>

  // Writes, inside the write transaction.
  /** Stores a new asset, live (`deleted` null) or in the trash. */
  readonly insert: (asset: Asset, parts: StoredParts, deleted: string | null) => Effect.Effect<void>
  /** Stores a live asset's new state. */
  readonly update: (asset: Asset, parts: StoredParts) => Effect.Effect<void>
  /** Brings an asset back from the trash in this state. */
  readonly restore: (asset: Asset, parts: StoredParts) => Effect.Effect<void>
  /** Moves a live asset to the trash, as it is, deleted at `at`. */
  readonly markDeleted: (id: string, at: string) => Effect.Effect<void>
  /** The asset's format ids, as its formats now are (`replacing` those it had, or it had none). */
  readonly writeFormats: (asset: Asset, replacing: boolean) => Effect.Effect<void>
  /** Takes assets out of the trash for good: this one, or every one deleted before a time; answers how many. */
  readonly purge: (which: { readonly before: string } | { readonly id: string }) => Effect.Effect<number>
  /** A live asset's new search row; answers it. */
  readonly insertSearchRow: (asset: Asset, text: SearchableText) => Effect.Effect<number>
  readonly updateSearchRow: (row: number, asset: Asset, text: SearchableText) => Effect.Effect<void>
  readonly deleteSearchRow: (row: number) => Effect.Effect<void>
}

export class AssetStore extends Context.Service<AssetStore, AssetStoreShape>()("AssetStore") {}
