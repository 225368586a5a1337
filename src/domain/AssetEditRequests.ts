/**
 * What clients send to edit an asset: the whole `Asset` (for a rename), a reclassification, a format with new
 * content, scores to raise. Clients echo whole objects they read; only the fields named here count, the rest is
 * ignored like any unknown field.
 */
import { Schema } from "effect"
import {
  AssetId,
  ClassificationGenericEnum,
  EmbeddedModelSchema,
  FormatId,
  KnownClassificationSpecific,
  Uuid
} from "./Common.ts"
import { TransferableBytes, TransferableString } from "./Seed.ts"


/** `POST /asset/update`: the asset with its new name. Formats it lists must be its own. */
export const AssetUpdate = Schema.Struct({
  id: AssetId,
  name: Schema.optional(Schema.String),
  formats: Schema.optional(Schema.Struct({
    iterable: Schema.Array(Schema.Struct({
      id: Schema.optional(Uuid),
      asset: Schema.optional(Schema.Struct({ id: Uuid }))
    }))
  }))
}).annotate({ identifier: "Asset" })
export type AssetUpdate = typeof AssetUpdate.Type

export const AssetReclassification = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  ext: KnownClassificationSpecific,
  asset: Schema.Struct({ id: AssetId })
}).annotate({ identifier: "AssetReclassification" })

const SentContent = Schema.Struct({
  string: Schema.optional(TransferableString),
  bytes: Schema.optional(TransferableBytes)
})

/** `POST /format/update/value`: a format carrying its new content. */
export const FormatValue = Schema.Struct({
  id: FormatId,
  asset: Schema.optional(Schema.Struct({ id: Uuid })),
  classification: Schema.optional(Schema.Struct({
    generic: Schema.optional(ClassificationGenericEnum),
    specific: Schema.optional(KnownClassificationSpecific)
  })),
  fragment: Schema.optional(SentContent),
  file: Schema.optional(SentContent)
}).annotate({ identifier: "Format" })

export const FormatReclassification = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  ext: KnownClassificationSpecific,
  format: Schema.Struct({ id: FormatId, asset: Schema.optional(Schema.Struct({ id: Uuid })) })
}).annotate({ identifier: "FormatReclassification" })

/** Which score to raise: clients name one (`reuse: true`, say). */
export const SeededScore = Schema.Struct({
  reuse: Schema.optional(Schema.Boolean),
  update: Schema.optional(Schema.Boolean),
  reference: Schema.optional(Schema.Boolean),
  priority: Schema.optional(Schema.Boolean),
  searched: Schema.optional(Schema.Boolean)
})

export const SeededScoreIncrement = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  asset: Schema.optional(SeededScore)
}).annotate({ identifier: "SeededScoreIncrement" })
