/**
 * Seeds: what a client sends to draft or create an asset. Unknown fields are ignored; a known field of the
 * wrong type fails decoding with its path.
 */
import { Schema } from "effect"
import { SeededApplication } from "./Application.ts"
import {
  AnnotationTypeEnum,
  ClassificationGenericEnum,
  ClassificationRenderingEnum,
  EmbeddedModelSchema,
  KnownClassificationSpecific,
  MechanismEnum,
  TagCategoryEnum
} from "./Common.ts"

export const TransferableString = Schema.Struct({
  raw: Schema.optional(Schema.String),
  base64: Schema.optional(Schema.String),
  base64_url: Schema.optional(Schema.String),
  data_url: Schema.optional(Schema.String)
}).annotate({ identifier: "TransferableString" })
export type TransferableString = typeof TransferableString.Type

const Byte = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 255 }))
export const TransferableBytes = Schema.Struct({
  raw: Schema.optional(Schema.Array(Byte)),
  base64: Schema.optional(Schema.Array(Byte)),
  base64_url: Schema.optional(Schema.Array(Byte)),
  data_url: Schema.optional(Schema.Array(Byte))
}).annotate({ identifier: "TransferableBytes" })
export type TransferableBytes = typeof TransferableBytes.Type

/** A stored fragment's metadata: its extension is what it was classified as. */
export const FragmentMetadata = Schema.Struct({ ext: Schema.optional(Schema.String) })

export const SeededFragment = Schema.Struct({
  string: Schema.optional(TransferableString),
  bytes: Schema.optional(TransferableBytes),
  metadata: Schema.optional(Schema.Struct({ ext: Schema.optional(KnownClassificationSpecific) }))
}).annotate({ identifier: "SeededFragment" })
export type SeededFragment = typeof SeededFragment.Type

export const FileMetadata = Schema.Struct({
  name: Schema.optional(Schema.String),
  ext: Schema.optional(KnownClassificationSpecific),
  size: Schema.optional(Schema.Number)
})

export const SeededFile = Schema.Struct({
  bytes: Schema.optional(TransferableBytes),
  string: Schema.optional(TransferableString),
  metadata: Schema.optional(FileMetadata)
}).annotate({ identifier: "SeededFile" })
export type SeededFile = typeof SeededFile.Type

export const SeededClassification = Schema.Struct({
  generic: Schema.optional(ClassificationGenericEnum),
  specific: Schema.optional(KnownClassificationSpecific),
  rendering: Schema.optional(ClassificationRenderingEnum)
})

export const SeededFormat = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  file: Schema.optional(SeededFile),
  fragment: Schema.optional(SeededFragment),
  classification: Schema.optional(SeededClassification)
}).annotate({ identifier: "SeededFormat" })
export type SeededFormat = typeof SeededFormat.Type

export const SeededAssetTag = Schema.Struct({
  text: Schema.String.check(Schema.isMinLength(1)),
  mechanism: Schema.optional(MechanismEnum),
  category: Schema.optional(TagCategoryEnum)
})

export const SeededAssetWebsite = Schema.Struct({
  url: Schema.String,
  name: Schema.String,
  mechanism: Schema.optional(MechanismEnum)
})

export const SeededAnnotation = Schema.Struct({
  type: AnnotationTypeEnum,
  text: Schema.String,
  mechanism: Schema.optional(MechanismEnum)
})

/** Persons, sensitives, hints and anchors are accepted and echoed by draft, not yet stored on assets. */
const NotYetStored = Schema.Array(Schema.Unknown)

export const SeededAssetMetadata = Schema.Struct({
  name: Schema.optional(Schema.String),
  mechanism: Schema.optional(MechanismEnum),
  tags: Schema.optional(Schema.Array(SeededAssetTag)),
  websites: Schema.optional(Schema.Array(SeededAssetWebsite)),
  annotations: Schema.optional(Schema.Array(SeededAnnotation)),
  sensitives: Schema.optional(NotYetStored),
  persons: Schema.optional(NotYetStored),
  hints: Schema.optional(NotYetStored),
  anchors: Schema.optional(NotYetStored)
}).annotate({ identifier: "SeededAssetMetadata" })
export type SeededAssetMetadata = typeof SeededAssetMetadata.Type

export const SeededAsset = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  metadata: Schema.optional(SeededAssetMetadata),
  application: SeededApplication,
  format: SeededFormat,
  discovered: Schema.optional(Schema.Boolean),
  pseudo: Schema.optional(Schema.Boolean),
  demo: Schema.optional(Schema.Boolean)
}).annotate({ identifier: "SeededAsset" })
export type SeededAsset = typeof SeededAsset.Type

export const SeedType = Schema.Literals(["SEEDED_FORMAT", "SEEDED_ASSET", "UNKNOWN"])

/** A seed of an asset. `asset` is optional in the OpenAPI schema, but no operation can do anything without it. */
export const Seed = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  asset: SeededAsset,
  type: Schema.optional(SeedType)
}).annotate({ identifier: "Seed" })
export type Seed = typeof Seed.Type
