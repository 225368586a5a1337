/**
 * Models of the connector operations other than `/connect`: intentions, suggestions, reactions and tracking.
 */
import { Schema } from "effect"
import { Assets } from "./Asset.ts"
import { EmbeddedModelSchema, ReferencedAssetId, Uuid } from "./Common.ts"
import { SeededAssetMetadata, SeededFormat } from "./Seed.ts"

export const SeededConnectorAsset = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  metadata: Schema.optional(SeededAssetMetadata),
  format: SeededFormat
}).annotate({ identifier: "SeededConnectorAsset" })
export type SeededConnectorAsset = typeof SeededConnectorAsset.Type

export const SeededConnectorCreation = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  asset: Schema.optional(SeededConnectorAsset)
}).annotate({ identifier: "SeededConnectorCreation" })
export type SeededConnectorCreation = typeof SeededConnectorCreation.Type

export const Suggestion = Schema.Struct({
  reuse: Schema.Struct({ suggested: Schema.Boolean, assets: Assets }),
  save: Schema.Struct({ suggested: Schema.Boolean }),
  target: Schema.Struct({ seed: SeededConnectorCreation, vector: Schema.Number }),
  assets: Assets,
  distribution: Schema.optional(Schema.Record(Schema.String, Schema.Number))
}).annotate({ identifier: "Suggestion" })
export type Suggestion = typeof Suggestion.Type

export const Reaction = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  save: Schema.Boolean,
  reuse: Schema.optional(Schema.Struct({ asset: Uuid })),
  seed: SeededConnectorCreation
}).annotate({ identifier: "Reaction" })
export type Reaction = typeof Reaction.Type

/** `identifier_description_pair` names the event by its single key (`asset_viewed`, `format_copied`, ...). */
const IdentifierDescriptionPair = Schema.Record(Schema.String, Schema.String)

const TrackedEvent = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.Struct({
    identifier_description_pair: Schema.optional(IdentifierDescriptionPair),
    metadata: Schema.optional(Schema.Unknown),
    ...fields
  })

export const SeededConnectorTracking = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  asset: Schema.optional(TrackedEvent({ asset: ReferencedAssetId })),
  format: Schema.optional(TrackedEvent({ format: Schema.Struct({ id: Uuid }) })),
  interaction: Schema.optional(TrackedEvent({ description: Schema.String, element: Schema.optional(Schema.String) })),
  keyboard: Schema.optional(TrackedEvent({ description: Schema.String, shortcut: Schema.Array(Schema.Number) })),
  session: Schema.optional(TrackedEvent({})),
  assets: Schema.optional(TrackedEvent({})),
  ml: Schema.optional(Schema.Unknown),
  adoption: Schema.optional(Schema.Unknown),
  conversation: Schema.optional(Schema.Unknown)
}).annotate({ identifier: "SeededConnectorTracking" })
export type SeededConnectorTracking = typeof SeededConnectorTracking.Type
