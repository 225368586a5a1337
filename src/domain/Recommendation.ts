/**
 * The body of `assets/recommended`: assets and the user's interactions with them, index-paired.
 */
import { Schema } from "effect"
import { Assets } from "./Asset.ts"
import { EmbeddedModelSchema, Uuid } from "./Common.ts"

export const InteractedAsset = Schema.Struct({
  asset: Schema.optional(Uuid),
  interactions: Schema.optional(
    Schema.Struct({
      viewed: Schema.String,
      touched: Schema.optional(Schema.Boolean),
      scrolled: Schema.optional(Schema.Boolean)
    })
  )
})

export const SeededAssetsRecommendation = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  assets: Assets,
  interactions: Schema.Struct({ iterable: Schema.Array(InteractedAsset) })
}).annotate({ identifier: "SeededAssetsRecommendation" })
export type SeededAssetsRecommendation = typeof SeededAssetsRecommendation.Type
