/**
 * Pure construction of the wire `Asset` from a prepared seed, and the views of it the operations answer
 * (without transferables, or deleted). One text snippet or file makes one format with role BOTH, which is also
 * the asset's preview and original.
 */
import type { Application } from "./Application.ts"
import type { Asset, FileFormat, FlattenedAsset, FlattenedFormat, Format, FragmentFormat } from "./Asset.ts"
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

export const buildAsset = (prepared: PreparedAsset, ids: NewAssetIds): Asset => {
  const { now } = ids
  const mechanism: MechanismEnum = prepared.metadata.mechanism ?? "MANUAL"
  const tags = (prepared.metadata.tags ?? []).map((tag) => ({
    id: ids.nextId(),
    text: tag.text,
    created: now,
    updated: now,
    category: tag.category ?? "UNKNOWN"
  }))
  const websites = (prepared.metadata.websites ?? []).map((website) => ({
    id: ids.nextId(),
    url: website.url,
    name: website.name,
    created: now,
    updated: now
  }))
  const annotations = (prepared.metadata.annotations ?? []).map((annotation) => ({
    id: ids.nextId(),
    type: annotation.type,
    text: annotation.text,
    created: now,
    updated: now,
    mechanism: annotation.mechanism ?? mechanism,
    asset: { id: ids.assetId }
  }))
  const scalars = {
    id: ids.assetId,
    name: prepared.name,
    creator: ids.creator,
    created: now,
    updated: now,
    mechanism,
    pseudo: prepared.pseudo,
    score: { manual: 0, automatic: 0, reuse: 0, update: 0, reference: 0, searched: 0 }
  }
  const refs = (items: ReadonlyArray<{ readonly id: string }>) => ({ iterable: items.map(({ id }) => ({ id })) })
  const flattenedAsset: FlattenedAsset = {
    ...scalars,
    formats: { iterable: [{ id: ids.formatId }] },
    preview: { base: ids.formatId },
    original: ids.formatId,
    tags: refs(tags),
    websites: refs(websites),
    annotations: refs(annotations)
  }
  const formatScalars = {
    id: ids.formatId,
    creator: ids.creator,
    classification: prepared.classification,
    role: "BOTH" as const,
    application: prepared.application,
    bytes: byteDescriptor(prepared.byteLength),
    created: now,
    updated: now,
    ...(prepared.fragment === undefined ? {} : { fragment: prepared.fragment }),
    ...(prepared.file === undefined ? {} : { file: prepared.file })
  }
  const format: Format = { ...formatScalars, asset: flattenedAsset }
  const flattenedFormat: FlattenedFormat = { ...formatScalars, asset: ids.assetId }
  return {
    ...scalars,
    formats: { iterable: [format] },
    preview: { base: { id: ids.formatId, reference: flattenedFormat } },
    original: { id: ids.formatId, reference: flattenedFormat },
    tags: { iterable: tags },
    websites: { iterable: websites },
    annotations: { iterable: annotations }
  }
}

/** A format without its content, as `transferables=false` answers it. */
const leanFormat = <F extends { readonly fragment?: unknown; readonly file?: unknown }>(
  { fragment: _fragment, file: _file, ...rest }: F
): Omit<F, "fragment" | "file"> => rest

const leanReference = (ref: Asset["original"]): Asset["original"] =>
  ref.reference === undefined ? ref : { ...ref, reference: leanFormat(ref.reference) }

/** `transferables=false`: only `fragment` and `file` go, everywhere they occur; all metadata stays. */
export const withoutTransferables = (asset: Asset): Asset => ({
  ...asset,
  formats: { iterable: asset.formats.iterable.map(leanFormat) },
  preview: {
    base: leanReference(asset.preview.base),
    ...(asset.preview.overlay === undefined ? {} : { overlay: leanReference(asset.preview.overlay) })
  },
  original: leanReference(asset.original)
})

/** A deleted asset keeps its metadata and the time of deletion; its content is dropped. */
export const markDeleted = (asset: Asset, at: GroupedTimestamp): Asset => {
  const lean = withoutTransferables(asset)
  return { ...lean, deleted: at, updated: at }
}
