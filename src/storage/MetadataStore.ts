/**
 * The storage port of the library's metadata entities: the registry (one row per tag, website and annotation, its
 * JSON as assets embed it, known by id and, for tags and websites, by key) and which live assets carry which (links
 * between an entity's row and an asset's search row). Writes run inside the write transaction of the commit path.
 */
import { Context, type Effect, type Option } from "effect"
import type { MetadataEntity, MetadataKind } from "../domain/Metadata.ts"

/** An entity as the registry holds it: its row (the key of its links), id and key, and the entity itself. */
export interface RegisteredEntity<K extends MetadataKind> {
  readonly row: number
  readonly id: string
  readonly key: string | null
  readonly entity: MetadataEntity[K]
}

/** An entity as a backup carries it, with its place in the registry's order. */
export interface ExportedEntityRow {
  readonly position: number
  readonly kind: MetadataKind
  readonly id: string
  readonly key: string | null
  readonly json: string
}

/**
 * Links as two lists of numbers, the i-th link from search row `assets[i]` to registry row `entities[i]`: read as two
 * arrays, not a row per link, they read in less than half the time and leave the collector two arrays a page instead
 * of an object per link.
 */
export interface FacetLinks {
  readonly assets: ReadonlyArray<number>
  readonly entities: ReadonlyArray<number>
}

/** A tag or website as the facet index knows it: by its key (`tagKey`, `websiteKey`). */
export interface FacetKey {
  readonly kind: "tag" | "website"
  readonly key: string
}

export interface MetadataStoreShape {
  /**
   * Inside a write transaction: the entities of a kind with one of these ids, or one of these keys, to adopt; a
   * change of them waits until this transaction ends.
   */
  readonly lookup: <K extends MetadataKind>(
    kind: K,
    ids: ReadonlyArray<string>,
    keys: ReadonlyArray<string>
  ) => Effect.Effect<ReadonlyArray<RegisteredEntity<K>>>
  readonly find: <K extends MetadataKind>(kind: K, id: string) => Effect.Effect<Option.Option<MetadataEntity[K]>>
  /** Inside a write transaction: an entity to change; another write of it waits until this transaction ends. */
  readonly findForWrite: <K extends MetadataKind>(kind: K, id: string) => Effect.Effect<Option.Option<MetadataEntity[K]>>
  readonly findByKey: <K extends MetadataKind>(kind: K, key: string) => Effect.Effect<Option.Option<MetadataEntity[K]>>
  /** Every entity of a kind with the ids of the live assets carrying it, by key (annotations: oldest first). */
  readonly list: <K extends MetadataKind>(
    kind: K
  ) => Effect.Effect<ReadonlyArray<{ readonly entity: MetadataEntity[K]; readonly assets: ReadonlyArray<string> }>>
  /** The ids of the live assets carrying an entity. */
  readonly assetsOf: (id: string) => Effect.Effect<ReadonlyArray<string>>
  /** The kind and id of each of these entity rows. */
  readonly entitiesAt: (
    rows: ReadonlyArray<number>
  ) => Effect.Effect<ReadonlyArray<{ readonly kind: MetadataKind; readonly id: string }>>
  /** Every tag and website by its registry row, with its key: what `facetLinks` rows point at. */
  readonly facetKeys: Effect.Effect<ReadonlyMap<number, FacetKey>>
  /**
   * The links of the assets in search rows (after, last] to any entity, in search-row order: what the facet index
   * loads, those to tags and websites by `facetKeys`.
   */
  readonly facetLinks: (after: number, last: number) => Effect.Effect<FacetLinks>
  /** The tag keys of the assets in these search rows. */
  readonly tagsAt: (rows: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<{ readonly row: number; readonly key: string }>>
  /** Every entity after `position` in the registry's order, `size` at most. */
  readonly exportPage: (position: number, size: number) => Effect.Effect<ReadonlyArray<ExportedEntityRow>>

  // Writes, inside the write transaction.
  /** Registers an entity; answers its row. */
  readonly insert: <K extends MetadataKind>(kind: K, entity: MetadataEntity[K]) => Effect.Effect<number>
  /** Registers an entity as a backup holds it, unless its id or key is registered; answers whether it was. */
  readonly insertIfAbsent: (entity: Omit<ExportedEntityRow, "position">) => Effect.Effect<boolean>
  readonly update: <K extends MetadataKind>(kind: K, entity: MetadataEntity[K]) => Effect.Effect<void>
  /** Deletes an entity and its links. */
  readonly remove: (id: string) => Effect.Effect<void>
  /** The rows of the entities the asset in search row `assetRow` carries. */
  readonly linksOf: (assetRow: number) => Effect.Effect<ReadonlyArray<number>>
  /** The asset in search row `assetRow` carries these entities too. */
  readonly link: (assetRow: number, entityRows: ReadonlyArray<number>) => Effect.Effect<void>
  /** The asset in search row `assetRow` carries these entities no more. */
  readonly unlink: (assetRow: number, entityRows: ReadonlyArray<number>) => Effect.Effect<void>
  /** A deleted asset carries nothing any more; answers the entity rows it carried. */
  readonly deleteLinks: (assetRow: number) => Effect.Effect<ReadonlyArray<number>>
}

export class MetadataStore extends Context.Service<MetadataStore, MetadataStoreShape>()("MetadataStore") {}
