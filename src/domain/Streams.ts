/**
 * Messages of the identifier stream (`/assets/stream/identifiers`): the current ids first, then one per change.
 */
import { Schema } from "effect"
import { EmbeddedModelSchema, ReferencedAssetId } from "./Common.ts"

export const StreamedIdentifier = Schema.Struct({
  asset: Schema.optional(ReferencedAssetId),
  deleted: Schema.optional(Schema.Boolean)
}).annotate({ identifier: "StreamedIdentifier" })

export const StreamedIdentifiers = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  iterable: Schema.Array(StreamedIdentifier)
}).annotate({ identifier: "StreamedIdentifiers" })
export type StreamedIdentifiers = typeof StreamedIdentifiers.Type
