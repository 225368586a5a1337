/**
 * Every row that stores one asset's state, written together inside its write transaction (by `Commits` only),
 * through the storage ports: the asset itself (`StoredAsset`: its document and content), its format ids, its search
 * row, which metadata entities it carries (adopted into the registry first), its texts for search and its code
 * fingerprint (for an asset becoming live, all at once: `LiveAssetRows`). Each write answers what the asset's
 * change says to the followers of the change feed (its row, the facets the search index held of it before) and
 * which entities it touched.
 */
import { Context, Effect, Layer } from "effect"
import type { Asset } from "../domain/Asset.ts"
import { assembleAsset, partsOf } from "../domain/AssetBuilder.ts"
import type { CodeFingerprint } from "../domain/CodeFingerprint.ts"
import { comparableFingerprint } from "../domain/Comparable.ts"
import type { AssetFacets } from "../domain/FacetIndex.ts"
import { entitiesOf, keyOf, type MetadataEntity, type MetadataKind, withEntities } from "../domain/Metadata.ts"
import { facetsOf, searchableText, type SearchableText } from "../domain/SearchableText.ts"
import { type StoredParts, storedParts } from "../domain/StoredAsset.ts"
import { AssetStore } from "../storage/AssetStore.ts"
import { LiveAssetRows } from "../storage/LiveAssetRows.ts"
import { MetadataStore } from "../storage/MetadataStore.ts"
import { SimilarityStore } from "../storage/SimilarityStore.ts"
import { TextSearch } from "../storage/TextSearch.ts"

const METADATA_KINDS: ReadonlyArray<MetadataKind> = ["tag", "website", "annotation"]

/** A metadata entity, by kind and id. */
export interface EntityRef {
  readonly kind: MetadataKind
  readonly id: string
}

/** The metadata entities a write touched: registered, or carried by more or fewer assets. */
export interface TouchedEntities {
  readonly registered: ReadonlyArray<EntityRef>
  readonly relinked: ReadonlyArray<EntityRef>
}

/** An asset as stored by a write: its state, its search row, the facets indexed before (none: it was not live). */
export interface WrittenAsset {
  readonly asset: Asset
  readonly row: number
  readonly before: AssetFacets | undefined
  readonly touched: TouchedEntities
}

const sameText = (a: SearchableText, b: SearchableText) =>
  a.name === b.name && a.content === b.content && a.tags.join("\n") === b.tags.join("\n") &&
  a.annotations.join("\n") === b.annotations.join("\n")

export class AssetWrites extends Context.Service<AssetWrites>()("AssetWrites", {
  make: Effect.gen(function*() {
    const assets = yield* AssetStore
    const metadata = yield* MetadataStore
    const text = yield* TextSearch
    const similarity = yield* SimilarityStore
    const live = yield* LiveAssetRows

    /**
     * The asset with each embedded entity replaced by the registry's original: an entity the registry knows by id or
     * by key (the same tag text, the same URL) is that one; one it does not know is registered now. So an asset never
     * carries two copies of one tag, and a renamed tag is renamed everywhere. Answers the adopted asset, the entities
     * registered and the rows of every entity it carries.
     */
    const adoptMetadata = Effect.fn("AssetWrites.adoptMetadata")(function*(asset: Asset) {
      let parts = partsOf(asset)
      const registered: Array<EntityRef> = []
      /** The entities it carries, by their rows. */
      const carried = new Map<number, EntityRef>()
      for (const kind of METADATA_KINDS) {
        const entities = entitiesOf(parts, kind)
        if (entities.length === 0) continue
        const keys = entities.flatMap((entity) => keyOf(kind, entity) ?? [])
        const rows = yield* metadata.lookup(kind, entities.map((entity) => entity.id), keys)
        const byId = new Map(rows.map((row) => [row.id, row]))
        const byKey = new Map(rows.flatMap((row) => row.key === null ? [] : [[row.key, row] as const]))
        const adopted = new Map<string, { row: number; entity: MetadataEntity[typeof kind] }>()
        for (const entity of entities) {
          const key = keyOf(kind, entity)
          const known = byId.get(entity.id) ?? (key === null ? undefined : byKey.get(key))
          if (known !== undefined) {
            adopted.set(known.id, { row: known.row, entity: known.entity })
            continue
          }
          const row = yield* metadata.insert(kind, entity)
          registered.push({ kind, id: entity.id })
          const made = { row, id: entity.id, key, entity }
          byId.set(entity.id, made)
          if (key !== null) byKey.set(key, made)
          adopted.set(entity.id, { row, entity })
        }
        parts = withEntities(parts, kind, [...adopted.values()].map(({ entity }) => entity))
        for (const { row, entity } of adopted.values()) carried.set(row, { kind, id: entity.id })
      }
      return { asset: assembleAsset(parts), registered, carried }
    })

    /** Which entities the live asset in search row `row` carries now; answers the entities whose carriers changed. */
    const writeLinks = Effect.fn("AssetWrites.writeLinks")(function*(
      row: number,
      carried: ReadonlyMap<number, EntityRef>
    ) {
      const before = new Set(yield* metadata.linksOf(row))
      const added = [...carried.keys()].filter((entity) => !before.has(entity))
      const removed = [...before].filter((entity) => !carried.has(entity))
      if (removed.length > 0) yield* metadata.unlink(row, removed)
      if (added.length > 0) yield* metadata.link(row, added)
      return [...added.map((entity) => carried.get(entity)!), ...yield* metadata.entitiesAt(removed)]
    })

    /**
     * Everything that finds a live asset, for one just stored (new, with its `stored` parts; or back from the trash,
     * whose parts and format ids were kept): its format ids, search row, metadata links, texts and code fingerprint.
     */
    const indexLive = (
      adopted: Effect.Success<ReturnType<typeof adoptMetadata>>,
      stored: StoredParts | undefined,
      fingerprint?: CodeFingerprint
    ) =>
      Effect.gen(function*() {
        const { asset, registered, carried } = adopted
        const searchable = searchableText(asset)
        const row = yield* live.insert({
          asset,
          stored,
          searchable,
          entityRows: [...carried.keys()],
          fingerprint: fingerprint ?? comparableFingerprint(asset, searchable)
        })
        // It carried nothing before: every entity it carries now has a new carrier.
        const relinked = [...carried.values()]
        return { asset, row, before: undefined, touched: { registered, relinked } } satisfies WrittenAsset
      })

    /** The search row of a live asset; a live asset has one, so its absence is a defect. */
    const rowOf = (asset: Asset) =>
      Effect.flatMap(assets.rowOf(asset.id), (row) =>
        row === undefined ? Effect.die(new Error(`The live asset ${asset.id} has no search row`)) : Effect.succeed(row))

    /** A new asset. `fingerprint`, when the caller computed it outside the transaction, must be of this content. */
    const insert = Effect.fn("AssetWrites.insert")(function*(given: Asset, fingerprint?: CodeFingerprint) {
      const adopted = yield* adoptMetadata(given)
      return yield* indexLive(adopted, storedParts(adopted.asset), fingerprint)
    })

    /** An asset imported into the trash (deleted at `deleted`): stored as it was, found by nothing but the trash. */
    const insertTrashed = Effect.fn("AssetWrites.insertTrashed")((asset: Asset, deleted: string) =>
      Effect.andThen(assets.insert(asset, storedParts(asset), deleted), assets.writeFormats(asset, false)))

    /** An asset back from the trash, as it was when deleted: live again, found again. */
    const restore = Effect.fn("AssetWrites.restore")(function*(given: Asset) {
      const adopted = yield* adoptMetadata(given)
      yield* assets.restore(adopted.asset, storedParts(adopted.asset))
      return yield* indexLive(adopted, undefined)
    })

    /** A live asset's new state; its texts and fingerprint are indexed again only when they changed. */
    const replace = Effect.fn("AssetWrites.replace")(function*(previous: Asset, given: Asset) {
      const { asset, registered, carried } = yield* adoptMetadata(given)
      yield* assets.update(asset, storedParts(asset))
      yield* assets.writeFormats(asset, true)
      const row = yield* rowOf(asset)
      const before = searchableText(previous)
      const after = searchableText(asset)
      yield* assets.updateSearchRow(row, asset, after)
      const relinked = yield* writeLinks(row, carried)
      if (!sameText(after, before)) yield* text.reindex(row, after)
      if (after.content !== before.content || asset.pseudo !== previous.pseudo) {
        yield* similarity.remove(row)
        const fingerprint = comparableFingerprint(asset, after)
        if (fingerprint !== undefined) yield* similarity.insert(row, fingerprint)
      }
      return {
        asset,
        row,
        before: facetsOf(previous, before, row),
        touched: { registered, relinked }
      } satisfies WrittenAsset
    })

    /**
     * A deleted asset goes to the trash: its stored parts keep it as it was (content, metadata, times) with the time
     * of deletion, and its format ids (for a clear 410); nothing that would find it stays.
     */
    const remove = Effect.fn("AssetWrites.remove")(function*(previous: Asset, deleted: Asset) {
      yield* assets.markDeleted(previous.id, deleted.updated.value)
      const row = yield* rowOf(previous)
      yield* assets.deleteSearchRow(row)
      const relinked = yield* metadata.entitiesAt(yield* metadata.deleteLinks(row))
      yield* text.unindex(row)
      yield* similarity.remove(row)
      return {
        asset: deleted,
        row,
        before: facetsOf(previous, searchableText(previous), row),
        touched: { registered: [], relinked }
      } satisfies WrittenAsset
    })

    return { insert, insertTrashed, restore, replace, remove, purge: assets.purge } as const
  })
}) {
  static readonly layer = Layer.effect(AssetWrites, AssetWrites.make)
}
