/**
 * Assets and formats as the service answers them. `Format.asset` is a `FlattenedAsset` (ids instead of nested
 * objects), as in the OpenAPI schemas; the SDK reads every required field, so none may be missing.
 */
import { Schema } from "effect"
import { Application } from "./Application.ts"
import {
  AnnotationTypeEnum,
  AssetId,
  ByteDescriptor,
  Classification,
  FormatId,
  GroupedTimestamp,
  MechanismEnum,
  ReferencedAssetId,
  Role,
  Score,
  TagCategoryEnum,
  Uuid
} from "./Common.ts"
import { FragmentMetadata, TransferableBytes, TransferableString } from "./Seed.ts"

export const FragmentFormat = Schema.Struct({
  string: Schema.optional(TransferableString),
  bytes: Schema.optional(TransferableBytes),
  metadata: Schema.optional(FragmentMetadata)
})
export type FragmentFormat = typeof FragmentFormat.Type

export const FileFormat = Schema.Struct({
  bytes: Schema.optional(TransferableBytes),
  string: Schema.optional(TransferableString)
})
export type FileFormat = typeof FileFormat.Type

const Referenced = Schema.Struct({ id: Uuid })

/** The assets a tag or website is on: only in answers about the tag or website itself, not inside assets. */
const LinkedAssets = Schema.optional(Schema.Struct({ iterable: Schema.Array(ReferencedAssetId) }))

export const Tag = Schema.Struct({
  id: Uuid,
  text: Schema.String,
  created: GroupedTimestamp,
  updated: GroupedTimestamp,
  category: TagCategoryEnum,
  mechanisms: Schema.optional(Schema.Record(Schema.String, MechanismEnum)),
  assets: LinkedAssets
}).annotate({ identifier: "Tag" })
export type Tag = typeof Tag.Type

export const Website = Schema.Struct({
  id: Uuid,
  url: Schema.String,
  name: Schema.String,
  created: GroupedTimestamp,
  updated: GroupedTimestamp,
  mechanisms: Schema.optional(Schema.Record(Schema.String, MechanismEnum)),
  assets: LinkedAssets
}).annotate({ identifier: "Website" })
export type Website = typeof Website.Type

export const Annotation = Schema.Struct({
  id: Uuid,
  created: GroupedTimestamp,
  updated: GroupedTimestamp,
  type: AnnotationTypeEnum,
  text: Schema.String,
  mechanism: Schema.optional(MechanismEnum),
  asset: Schema.optional(ReferencedAssetId)
}).annotate({ identifier: "Annotation" })
export type Annotation = typeof Annotation.Type

const Collection = <S extends Schema.Top>(item: S) => Schema.Struct({ iterable: Schema.Array(item) })

/** The fields a full `Asset` and a `FlattenedAsset` share. */
const assetScalars = {
  id: AssetId,
  name: Schema.optional(Schema.String),
  creator: Uuid,
  created: GroupedTimestamp,
  updated: GroupedTimestamp,
  deleted: Schema.optional(GroupedTimestamp),
  mechanism: MechanismEnum,
  interacted: Schema.optional(GroupedTimestamp),
  score: Schema.optional(Score),
  pseudo: Schema.optional(Schema.Boolean),
  favorited: Schema.optional(Schema.Boolean),
  discovered: Schema.optional(Schema.Boolean),
  curated: Schema.optional(Schema.Boolean),
  demo: Schema.optional(Schema.Boolean)
}

export const FlattenedAsset = Schema.Struct({
  ...assetScalars,
  formats: Collection(Referenced),
  preview: Schema.Struct({ base: Uuid, overlay: Schema.optional(Uuid) }),
  original: Uuid,
  tags: Schema.optional(Collection(Referenced)),
  websites: Schema.optional(Collection(Referenced)),
  annotations: Schema.optional(Collection(Referenced))
}).annotate({ identifier: "FlattenedAsset" })
export type FlattenedAsset = typeof FlattenedAsset.Type

const formatFields = {
  id: FormatId,
  creator: Uuid,
  classification: Classification,
  icon: Schema.optional(Schema.String),
  role: Role,
  application: Application,
  bytes: ByteDescriptor,
  created: GroupedTimestamp,
  updated: GroupedTimestamp,
  deleted: Schema.optional(GroupedTimestamp),
  fragment: Schema.optional(FragmentFormat),
  file: Schema.optional(FileFormat)
}

export const FlattenedFormat = Schema.Struct({ ...formatFields, asset: AssetId }).annotate({
  identifier: "FlattenedFormat"
})
export type FlattenedFormat = typeof FlattenedFormat.Type

export const Format = Schema.Struct({ ...formatFields, asset: FlattenedAsset }).annotate({ identifier: "Format" })
export type Format = typeof Format.Type

export const ReferencedFormat = Schema.Struct({
  id: FormatId,
  reference: Schema.optional(FlattenedFormat)
}).annotate({ identifier: "ReferencedFormat" })
export type ReferencedFormat = typeof ReferencedFormat.Type

export const Formats = Schema.Struct({ iterable: Schema.Array(Format) }).annotate({ identifier: "Formats" })
export type Formats = typeof Formats.Type

export const Asset = Schema.Struct({
  ...assetScalars,
  formats: Formats,
  preview: Schema.Struct({ base: ReferencedFormat, overlay: Schema.optional(ReferencedFormat) }),
  original: ReferencedFormat,
  tags: Schema.optional(Collection(Tag)),
  websites: Schema.optional(Collection(Website)),
  annotations: Schema.optional(Collection(Annotation))
}).annotate({ identifier: "Asset" })
export type Asset = typeof Asset.Type

export const Assets = Schema.Struct({ iterable: Schema.Array(Asset) }).annotate({ identifier: "Assets" })
export type Assets = typeof Assets.Type
