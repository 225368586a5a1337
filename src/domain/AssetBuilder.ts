/**
 * Pure construction of the wire `Asset`. An asset is assembled from its parts (its own fields, its formats, its
 * tags, websites and annotations): every copy the wire shape repeats (each format's `asset`, the preview and the
 * original) is derived from them, so an edit changes one part and reassembles, and no copy goes stale. One text
 * snippet or file makes one format with role BOTH, which is also the asset's preview and original.
 */
import type { Application } from "./Application.ts"
import type {
  Annotation,
  Asset,
  FileFormat,
  FlattenedAsset,
  FlattenedFormat,
  FragmentFormat,
  Tag,
  Website
} from "./Asset.ts"
import type { AssetId, ByteDescriptor, Classification, FormatId, GroupedTimestamp, MechanismEnum } from "./Common.ts"
import type { SeededAssetMetadata } from "./Seed.ts"

/** What create needs once draft has filled in the blanks. */
export interface PreparedAsset {
  readonly name: string
  readonly application: Application
  readonly classification: Classification
  readonly byteLength: number
  readonly fragment?: FragmentFormat | undefined
  readonly file?: FileFormat | undefined
  readonly metadata: SeededAssetMetadata
  readonly pseudo: boolean
}

export interface NewAssetIds {
  readonly assetId: AssetId
  readonly formatId: FormatId
  /** One id per tag, website and annotation, drawn in that order. */
  readonly nextId: () => string
  readonly creator: string
  readonly now: GroupedTimestamp
}

/** The asset's own fields: everything but its formats, preview, original and metadata. */
export type AssetScalars = Omit<Asset, "formats" | "preview" | "original" | "tags" | "websites" | "annotations">

/** What an asset is made of; `assembleAsset` derives the wire shape, with every repeated copy, from it. */
export interface AssetParts {
  readonly scalars: AssetScalars
  /** Each format as its flattened form (its `asset` is the asset's id). */
  readonly formats: ReadonlyArray<FlattenedFormat>
  readonly preview: { readonly base: FormatId; readonly overlay?: FormatId | undefined }
  readonly original: FormatId
  readonly tags: ReadonlyArray<Tag>
  readonly websites: ReadonlyArray<Website>
  readonly annotations: ReadonlyArray<Annotation>
}

const units = ["B", "KB", "MB", "GB"] as const

export const byteDescriptor = (value: number): ByteDescriptor => {
  let size = value
  let unit = 0
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024
    unit++
  }
  const readable = unit === 0 ? `${value} B` : `${size.toFixed(size < 10 ? 1 : 0)} ${units[unit]}`
  return { value, readable }
}

const refs = (items: ReadonlyArray<{ readonly id: string }>) => ({ iterable: items.map(({ id }) => ({ id })) })

export const assembleAsset = (parts: AssetParts): Asset => {
  const { scalars, formats } = parts
  // Each format names its asset: its required fields and name (scores and metadata are the asset's own to carry).
  const flattened: FlattenedAsset = {
    id: scalars.id,
    ...(scalars.name === undefined ? {} : { name: scalars.name }),
    creator: scalars.creator,
    created: scalars.created,
    updated: scalars.updated,
    ...(scalars.deleted === undefined ? {} : { deleted: scalars.deleted }),
    mechanism: scalars.mechanism,
    formats: refs(formats),
    preview: {
      base: parts.preview.base,
      ...(parts.preview.overlay === undefined ? {} : { overlay: parts.preview.overlay })
    },
    original: parts.original
  }
  const reference = (id: FormatId) => {
    const format = formats.find((f) => f.id === id)
    return format === undefined ? { id } : { id, reference: format }
  }
  return {
    ...scalars,
    formats: { iterable: formats.map((format) => ({ ...format, asset: flattened })) },
    preview: {
      base: reference(parts.preview.base),
      ...(parts.preview.overlay === undefined ? {} : { overlay: reference(parts.preview.overlay) })
    },
    original: reference(parts.original),
    tags: { iterable: [...parts.tags] },
    websites: { iterable: [...parts.websites] },
    annotations: { iterable: [...parts.annotations] }
  }
}

export const partsOf = (asset: Asset): AssetParts => {
  const { formats, preview, original, tags, websites, annotations, ...scalars } = asset
  return {
    scalars,
    formats: formats.iterable.map(({ asset: owner, ...format }) => ({ ...format, asset: owner.id })),
    preview: { base: preview.base.id, ...(preview.overlay === undefined ? {} : { overlay: preview.overlay.id }) },
    original: original.id,
    tags: tags?.iterable ?? [],
    websites: websites?.iterable ?? [],
    annotations: annotations?.iterable ?? []
  }
}

/** The asset with one part changed and every copy of it reassembled. */
export const editAsset = (asset: Asset, edit: (parts: AssetParts) => AssetParts): Asset =>
  assembleAsset(edit(partsOf(asset)))

export const buildAsset = (prepared: PreparedAsset, ids: NewAssetIds): Asset => {
  const { now } = ids
  const mechanism: MechanismEnum = prepared.metadata.mechanism ?? "MANUAL"
  const tags = (prepared.metadata.tags ?? []).map((tag): Tag => ({
    id: ids.nextId(),
    text: tag.text,
    created: now,
    updated: now,
    category: tag.category ?? "UNKNOWN"
  }))
  const websites = (prepared.metadata.websites ?? []).map((website): Website => ({
    id: ids.nextId(),
    url: website.url,
    name: website.name,
    created: now,
    updated: now
  }))
  const annotations = (prepared.metadata.annotations ?? []).map((annotation): Annotation => ({
    id: ids.nextId(),
    type: annotation.type,
    text: annotation.text,
    created: now,
    updated: now,
    mechanism: annotation.mechanism ?? mechanism,
    asset: { id: ids.assetId }
  }))
  const format: FlattenedFormat = {
    id: ids.formatId,
    creator: ids.creator,
    classification: prepared.classification,
    role: "BOTH",
    application: prepared.application,
    bytes: byteDescriptor(prepared.byteLength),
    created: now,
    updated: now,
    ...(prepared.fragment === undefined ? {} : { fragment: prepared.fragment }),
    ...(prepared.file === undefined ? {} : { file: prepared.file }),
    asset: ids.assetId
  }
  return assembleAsset({
    scalars: {
      id: ids.assetId,
      name: prepared.name,
      creator: ids.creator,
      created: now,
      updated: now,
      mechanism,
      pseudo: prepared.pseudo,
      score: { manual: 0, automatic: 0, reuse: 0, update: 0, reference: 0, searched: 0 }
    },
    formats: [format],
    preview: { base: ids.formatId },
    original: ids.formatId,
    tags,
    websites,
    annotations
  })
}

/** A format without its content, as `transferables=false` answers it. */
export const leanFormat = <F extends { readonly fragment?: unknown; readonly file?: unknown }>(
  { fragment: _fragment, file: _file, ...rest }: F
): Omit<F, "fragment" | "file"> => rest

/** `transferables=false`: only `fragment` and `file` go, everywhere they occur; all metadata stays. */
export const withoutTransferables = (asset: Asset): Asset =>
  editAsset(asset, (parts) => ({ ...parts, formats: parts.formats.map(leanFormat) }))

/** A deleted asset keeps its metadata and the time of deletion; its content is dropped. */
export const markDeleted = (asset: Asset, at: GroupedTimestamp): Asset =>
  editAsset(asset, (parts) => ({
    ...parts,
    scalars: { ...parts.scalars, deleted: at, updated: at },
    formats: parts.formats.map(leanFormat)
  }))
