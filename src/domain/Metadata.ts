/**
 * The metadata an asset carries, as entities of the library: tags and websites are shared (one tag "sql" however
 * many assets carry it, known by its text case-insensitively; one website per URL), an annotation belongs to one
 * asset. An asset embeds copies of its entities; the library's registry holds the originals, and every write keeps
 * the copies equal to them (see `AssetWrites.adoptMetadata`).
 */
import type { Annotation, Asset, Tag, Website } from "./Asset.ts"
import type { AssetParts } from "./AssetBuilder.ts"

export type MetadataKind = "tag" | "website" | "annotation"

/** The entity of each kind, as an asset embeds it. */
export interface MetadataEntity {
  readonly tag: Tag
  readonly website: Website
  readonly annotation: Annotation
}

/** Where an asset's parts hold the entities of each kind. */
const PARTS_FIELD = { tag: "tags", website: "websites", annotation: "annotations" } as const

/** What makes two tags the same tag: their text, trimmed, case folded. */
export const tagKey = (text: string): string => text.trim().toLowerCase()

/** What makes two websites the same website: their URL, trimmed. */
export const websiteKey = (url: string): string => url.trim()

/** The identity of an entity among those of its kind; annotations have none (each is its own). */
export const keyOf = <K extends MetadataKind>(kind: K, entity: MetadataEntity[K]): string | null =>
  kind === "tag"
    ? tagKey((entity as Tag).text)
    : kind === "website"
    ? websiteKey((entity as Website).url)
    : null

export const entitiesOf = <K extends MetadataKind>(parts: AssetParts, kind: K): ReadonlyArray<MetadataEntity[K]> =>
  parts[PARTS_FIELD[kind]] as ReadonlyArray<MetadataEntity[K]>

/** The parts with the entities of one kind replaced. */
export const withEntities = <K extends MetadataKind>(
  parts: AssetParts,
  kind: K,
  entities: ReadonlyArray<MetadataEntity[K]>
): AssetParts => ({ ...parts, [PARTS_FIELD[kind]]: entities })

/** The parts carrying `entity` (replacing an older copy of it in place, else appended). */
export const withEntity = <K extends MetadataKind>(
  parts: AssetParts,
  kind: K,
  entity: MetadataEntity[K]
): AssetParts => {
  const current = entitiesOf(parts, kind)
  const at = current.findIndex((other) => other.id === entity.id)
  const next = at === -1 ? [...current, entity] : current.map((other, i) => i === at ? entity : other)
  return withEntities(parts, kind, next)
}

export const withoutEntity = (parts: AssetParts, kind: MetadataKind, id: string): AssetParts =>
  withEntities(parts, kind, entitiesOf(parts, kind).filter((other) => other.id !== id))

/** Whether the asset carries the entity. */
export const carries = (asset: Asset, kind: MetadataKind, id: string): boolean =>
  (asset[PARTS_FIELD[kind]]?.iterable ?? []).some((entity) => entity.id === id)
