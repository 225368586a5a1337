/**
 * Organising the library: tags, websites and annotations as entities (list, read, create, update, delete, find by
 * text or URL) and putting them on assets or taking them off. Every change is one write through `Commits`, which
 * keeps each asset's embedded copies equal to the registry's. Putting a tag on an asset, or taking one off, edits
 * the asset (its `updated` moves); renaming or deleting a tag changes the assets that carry it without moving
 * theirs.
 */
import { Context, Effect, Layer, Option } from "effect"
import { randomUUID } from "node:crypto"
import { MetadataConflict, MetadataNotFound } from "../domain/Errors.ts"
import type { Annotation, Tag, Website } from "../domain/Asset.ts"
import { type AssetParts, editAsset } from "../domain/AssetBuilder.ts"
import { edited } from "../domain/AssetEdits.ts"
import { AssetId } from "../domain/Common.ts"
import {
  carries,
  keyOf,
  type MetadataEntity,
  type MetadataKind,
  tagKey,
  websiteKey,
  withEntity,
  withoutEntity
} from "../domain/Metadata.ts"
import type {
  AnnotationUpdate,
  SeededAnnotation,
  SeededTag,
  SeededWebsite,
  TagUpdate,
  WebsiteUpdate
} from "../domain/MetadataModels.ts"
import { timestamp } from "../domain/Timestamps.ts"
import { MetadataStore } from "../storage/MetadataStore.ts"
import { Commits, type Transaction } from "./Commits.ts"

/** An entity as answered about itself: tags and websites list the live assets carrying them. */
const withAssets = <K extends MetadataKind>(kind: K, entity: MetadataEntity[K], assets: ReadonlyArray<string>) =>
  kind === "annotation" ? entity : { ...entity, assets: { iterable: assets.map((id) => ({ id })) } }

const now = () => timestamp(new Date())

export class MetadataEntities extends Context.Service<MetadataEntities>()("MetadataEntities", {
  make: Effect.gen(function*() {
    const registry = yield* MetadataStore
    const commits = yield* Commits

    // Generic over the kind, so named with `withSpan` rather than `Effect.fn` (which would fix the kind).
    const list = <K extends MetadataKind>(kind: K) =>
      Effect.map(registry.list(kind), (rows) => ({
        iterable: rows.map(({ entity, assets }) => withAssets(kind, entity, assets))
      })).pipe(Effect.withSpan("MetadataEntities.list"))

    /** The ids of every entity of a kind, for the first frame of its identifier stream. */
    const ids = Effect.fn("MetadataEntities.ids")((kind: MetadataKind) =>
      Effect.map(list(kind), (all) => all.iterable.map((entity) => entity.id)))

    const found = <K extends MetadataKind>(kind: K, id: string) => (entity: Option.Option<MetadataEntity[K]>) =>
      Option.match(entity, {
        onNone: () => Effect.fail(MetadataNotFound.of(kind, id)),
        onSome: Effect.succeed
      })

    /** Inside a write: the entity to change (other writes of it wait), or 404. */
    const existing = <K extends MetadataKind>(kind: K, id: string) =>
      Effect.flatMap(registry.findForWrite(kind, id), found(kind, id))

    const get = <K extends MetadataKind>(kind: K, id: string) =>
      Effect.gen(function*() {
        const entity = yield* Effect.flatMap(registry.find(kind, id), found(kind, id))
        return withAssets(kind, entity, yield* registry.assetsOf(id))
      }).pipe(Effect.withSpan("MetadataEntities.get"))

    /** The tag with this text (case-insensitively), the website with this URL. */
    const find = <K extends "tag" | "website">(kind: K, value: string) =>
      registry.findByKey(kind, kind === "tag" ? tagKey(value) : websiteKey(value)).pipe(
        Effect.withSpan("MetadataEntities.find")
      )

    /** Puts an entity on an asset (an edit of the asset, unless it carries it already). */
    const putOn = <K extends MetadataKind>(tx: Transaction, kind: K, entity: MetadataEntity[K], asset: AssetId) =>
      tx.edit(asset, (stored) =>
        carries(stored, kind, entity.id)
          ? stored
          : edited(stored, now(), (parts) => withEntity(parts, kind, entity)))

    /** Takes an entity off an asset (an edit of the asset, if it carried it). */
    const takeOff = (tx: Transaction, kind: MetadataKind, id: string, asset: AssetId) =>
      tx.edit(asset, (stored) =>
        carries(stored, kind, id)
          ? edited(stored, now(), (parts) => withoutEntity(parts, kind, id))
          : stored)

    /**
     * Registers a tag or website, or finds the one with the same key (the text of a tag, the URL of a website); puts
     * it on `asset` when given; answers it with the assets carrying it.
     */
    const createShared = <K extends "tag" | "website">(kind: K, made: MetadataEntity[K], asset: AssetId | undefined) =>
      Effect.flatMap(
        commits.commit((tx) =>
          Effect.gen(function*() {
            const found = yield* registry.findByKey(kind, keyOf(kind, made)!)
            const entity = Option.getOrElse(found, () => made)
            if (Option.isNone(found)) {
              yield* registry.insert(kind, made)
              tx.entityChanged(kind, made.id)
            }
            if (asset !== undefined) yield* putOn(tx, kind, entity, asset)
            return entity.id
          })
        ),
        (id) => Effect.orDie(get(kind, id))
      )

    /**
     * Inside a write: the asset carries exactly the tags with these texts (case-insensitively), each the library's
     * tag of that text or a new one; tags it keeps stay in their order, new ones follow in the order given.
     */
    const retagIn = Effect.fn("MetadataEntities.retagIn")(function*(
      tx: Transaction,
      asset: AssetId,
      texts: ReadonlyArray<string>
    ) {
      const wanted = new Map<string, Tag>()
      for (const text of texts.map((text) => text.trim()).filter((text) => text !== "")) {
        if (wanted.has(tagKey(text))) continue
        const found = yield* registry.findByKey("tag", tagKey(text))
        if (Option.isSome(found)) {
          wanted.set(tagKey(text), found.value)
        } else {
          const at = now()
          const made: Tag = { id: randomUUID(), text, created: at, updated: at, category: "UNKNOWN" }
          yield* registry.insert("tag", made)
          tx.entityChanged("tag", made.id)
          wanted.set(tagKey(text), made)
        }
      }
      return yield* carryExactly(tx, asset, "tag", [...wanted.values()])
    })

    /** Inside a write: the asset carries exactly these entities of a kind (an edit of it, unless it does already). */
    const carryExactly = <K extends MetadataKind>(
      tx: Transaction,
      asset: AssetId,
      kind: K,
      wanted: ReadonlyArray<MetadataEntity[K]>
    ) => {
      const ids = new Set(wanted.map((entity) => entity.id))
      const field = kind === "tag" ? "tags" : kind === "website" ? "websites" : "annotations"
      return tx.edit(asset, (stored) => {
        const carried: ReadonlyArray<{ readonly id: string }> = stored[field]?.iterable ?? []
        const same = carried.length === ids.size && carried.every((entity) => ids.has(entity.id))
        if (same) return stored
        return edited(stored, now(), (parts) => {
          const without = carried.filter((entity) => !ids.has(entity.id))
            .reduce((next, entity) => withoutEntity(next, kind, entity.id), parts)
          return wanted.reduce((next, entity) => withEntity(next, kind, entity), without)
        })
      })
    }

    /**
     * Inside a write: the asset carries exactly the websites with these URLs, each the library's website of that URL
     * or a new one with the name given.
     */
    const rewebsiteIn = Effect.fn("MetadataEntities.rewebsiteIn")(function*(
      tx: Transaction,
      asset: AssetId,
      websites: ReadonlyArray<{ readonly url: string; readonly name: string }>
    ) {
      const wanted = new Map<string, Website>()
      for (const { url, name } of websites) {
        const key = websiteKey(url)
        if (url.trim() === "" || wanted.has(key)) continue
        const found = yield* registry.findByKey("website", key)
        if (Option.isSome(found)) {
          wanted.set(key, found.value)
        } else {
          const at = now()
          const made: Website = { id: randomUUID(), url: url.trim(), name, created: at, updated: at }
          yield* registry.insert("website", made)
          tx.entityChanged("website", made.id)
          wanted.set(key, made)
        }
      }
      return yield* carryExactly(tx, asset, "website", [...wanted.values()])
    })

    /**
     * Inside a write: the asset's annotations are exactly these (type and text): those it has that match stay, the
     * others are deleted, the missing ones are made.
     */
    const reannotateIn = Effect.fn("MetadataEntities.reannotateIn")(function*(
      tx: Transaction,
      asset: AssetId,
      annotations: ReadonlyArray<{ readonly type: string; readonly text: string }>
    ) {
      const stored = yield* tx.edit(asset, (same) => same)
      const unmatched = [...(stored.annotations?.iterable ?? [])]
      const wanted: Array<Annotation> = []
      for (const { type, text } of annotations) {
        const at = unmatched.findIndex((annotation) => annotation.type === type && annotation.text === text)
        if (at !== -1) {
          wanted.push(unmatched.splice(at, 1)[0])
          continue
        }
        const created = now()
        const made = {
          id: randomUUID(),
          type,
          text,
          created,
          updated: created,
          mechanism: "MANUAL",
          asset: { id: asset }
        } as Annotation
        yield* registry.insert("annotation", made)
        tx.entityChanged("annotation", made.id)
        wanted.push(made)
      }
      for (const dropped of unmatched) {
        yield* registry.remove(dropped.id)
        tx.entityChanged("annotation", dropped.id, true)
      }
      return yield* carryExactly(tx, asset, "annotation", wanted)
    })

    const createTag = Effect.fn("MetadataEntities.createTag")((seeded: SeededTag) => {
      const at = now()
      return createShared("tag", {
        id: randomUUID(),
        text: seeded.text.trim(),
        created: at,
        updated: at,
        category: seeded.category ?? "UNKNOWN"
      } satisfies Tag, seeded.asset)
    })

    const createWebsite = Effect.fn("MetadataEntities.createWebsite")((seeded: SeededWebsite) => {
      const at = now()
      return createShared("website", {
        id: randomUUID(),
        url: seeded.url.trim(),
        name: seeded.name,
        created: at,
        updated: at
      } satisfies Website, seeded.asset)
    })

    const createAnnotation = Effect.fn("MetadataEntities.createAnnotation")((seeded: SeededAnnotation) =>
      commits.commit((tx) =>
        Effect.gen(function*() {
          const at = now()
          const annotation: Annotation = {
            id: randomUUID(),
            type: seeded.type,
            text: seeded.text,
            created: at,
            updated: at,
            mechanism: seeded.mechanism ?? "MANUAL",
            ...(seeded.asset === undefined ? {} : { asset: { id: seeded.asset } })
          }
          yield* registry.insert("annotation", annotation)
          tx.entityChanged("annotation", annotation.id)
          if (seeded.asset !== undefined) yield* putOn(tx, "annotation", annotation, seeded.asset)
          return annotation
        })
      ))

    /** A new text or URL that another entity of the kind has is a conflict. */
    const unique = <K extends "tag" | "website">(kind: K, entity: MetadataEntity[K]) =>
      Effect.gen(function*() {
        const key = keyOf(kind, entity)!
        const other = yield* registry.findByKey(kind, key)
        if (Option.isSome(other) && other.value.id !== entity.id) {
          return yield* Effect.fail(
            new MetadataConflict({ kind, existing: other.value.id, message: `Another ${kind} is already ${key}` })
          )
        }
      })

    /** Rewrites every asset carrying an entity: a change to the library, so their `updated` stays. */
    const rewriteCarriers = Effect.fn("MetadataEntities.rewriteCarriers")(function*(
      tx: Transaction,
      id: string,
      change: (parts: AssetParts) => AssetParts
    ) {
      for (const asset of yield* registry.assetsOf(id)) {
        // Only live assets carry entities, so each is there to rewrite.
        yield* Effect.orDie(tx.edit(AssetId.make(asset), (stored) => editAsset(stored, change)))
      }
    })

    /** Stores an entity's new values, and so on every asset carrying it. */
    const store = <K extends MetadataKind>(tx: Transaction, kind: K, entity: MetadataEntity[K]) =>
      Effect.gen(function*() {
        yield* registry.update(kind, entity)
        tx.entityChanged(kind, entity.id)
        yield* rewriteCarriers(tx, entity.id, (parts) => withEntity(parts, kind, entity))
      })

    const updateTag = Effect.fn("MetadataEntities.updateTag")((given: TagUpdate) =>
      Effect.andThen(
        commits.commit((tx) =>
          Effect.gen(function*() {
            const tag = yield* existing("tag", given.id)
            const category = given.category ?? tag.category
            const next: Tag = { ...tag, text: given.text.trim(), category, updated: now() }
            yield* unique("tag", next)
            yield* store(tx, "tag", next)
          })
        ),
        Effect.orDie(get("tag", given.id))
      ))

    const updateWebsite = Effect.fn("MetadataEntities.updateWebsite")((given: WebsiteUpdate) =>
      Effect.andThen(
        commits.commit((tx) =>
          Effect.gen(function*() {
            const website = yield* existing("website", given.id)
            const next: Website = { ...website, url: given.url.trim(), name: given.name, updated: now() }
            yield* unique("website", next)
            yield* store(tx, "website", next)
          })
        ),
        Effect.orDie(get("website", given.id))
      ))

    const updateAnnotation = Effect.fn("MetadataEntities.updateAnnotation")((given: AnnotationUpdate) =>
      commits.commit((tx) =>
        Effect.gen(function*() {
          const annotation = yield* existing("annotation", given.id)
          const next: Annotation = { ...annotation, type: given.type, text: given.text, updated: now() }
          yield* store(tx, "annotation", next)
          return next
        })
      ))

    /** Deletes an entity and takes it off every asset carrying it. */
    const remove = Effect.fn("MetadataEntities.remove")((kind: MetadataKind, id: string) =>
      commits.commit((tx) =>
        Effect.gen(function*() {
          yield* existing(kind, id)
          yield* rewriteCarriers(tx, id, (parts) => withoutEntity(parts, kind, id))
          yield* registry.remove(id)
          tx.entityChanged(kind, id, true)
        })
      ))

    /** An annotation belongs to one asset: put on another, it moves there. */
    const moveAnnotation = Effect.fn("MetadataEntities.moveAnnotation")(function*(
      tx: Transaction,
      annotation: Annotation,
      asset: AssetId
    ) {
      const previous = annotation.asset?.id
      const moved: Annotation = { ...annotation, asset: { id: asset } }
      yield* registry.update("annotation", moved)
      tx.entityChanged("annotation", annotation.id)
      if (previous !== undefined && previous !== asset) {
        // The asset it was on may have been deleted since: then there is nothing to take it off.
        yield* takeOff(tx, "annotation", annotation.id, AssetId.make(previous)).pipe(
          Effect.catchTag("AssetDeleted", () => Effect.void)
        )
      }
      yield* putOn(tx, "annotation", moved, asset)
    })

    /** Puts an entity on an asset. */
    const associate = <K extends MetadataKind>(kind: K, id: string, asset: AssetId) =>
      commits.commit((tx) =>
        Effect.gen(function*() {
          const entity = yield* existing(kind, id)
          yield* kind === "annotation"
            ? moveAnnotation(tx, entity as Annotation, asset)
            : Effect.asVoid(putOn(tx, kind, entity, asset))
        })
      ).pipe(Effect.withSpan("MetadataEntities.associate"))

    /** Takes an entity off an asset; an annotation taken off belongs to no asset. */
    const disassociate = Effect.fn("MetadataEntities.disassociate")((kind: MetadataKind, id: string, asset: AssetId) =>
      commits.commit((tx) =>
        Effect.gen(function*() {
          const entity = yield* existing(kind, id)
          if (kind === "annotation" && (entity as Annotation).asset?.id === asset) {
            const { asset: _asset, ...loose } = entity as Annotation
            yield* registry.update("annotation", loose)
            tx.entityChanged("annotation", id)
          }
          yield* takeOff(tx, kind, id, asset)
        })
      ))

    return {
      list,
      ids,
      get,
      find,
      createTag,
      retagIn,
      rewebsiteIn,
      reannotateIn,
      createWebsite,
      createAnnotation,
      updateTag,
      updateWebsite,
      updateAnnotation,
      remove,
      associate,
      disassociate
    } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(MetadataEntities, MetadataEntities.make)
  static readonly layer = MetadataEntities.layerNoDeps.pipe(Layer.provide([Commits.layer]))
}
