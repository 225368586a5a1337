/**
 * The registry's rows as both engines read them, decoded where they leave the database: an entity's JSON by the
 * schema of its kind (the one it passed when it was written), and the lists SQL aggregates.
 */
import { Effect, Schema } from "effect"
import { Annotation, Tag, Website } from "../domain/Asset.ts"
import type { MetadataEntity, MetadataKind } from "../domain/Metadata.ts"
import { RowNumbersJson } from "./RowNumbers.ts"

const ENTITY_SCHEMAS = { tag: Tag, website: Website, annotation: Annotation } as const

const decoders = {
  tag: Schema.decodeUnknownEffect(Schema.fromJsonString(ENTITY_SCHEMAS.tag)),
  website: Schema.decodeUnknownEffect(Schema.fromJsonString(ENTITY_SCHEMAS.website)),
  annotation: Schema.decodeUnknownEffect(Schema.fromJsonString(ENTITY_SCHEMAS.annotation))
}

/** An entity of `kind` from the JSON the registry holds. */
export const decodeEntity = <K extends MetadataKind>(kind: K, json: string) =>
  decoders[kind](json) as Effect.Effect<MetadataEntity[K], Schema.SchemaError>

/** A registry row as read: its row (the key of its links), id, key, and the JSON of its entity. */
export const EntityRow = Schema.Struct({
  row: Schema.Number,
  id: Schema.String,
  key: Schema.NullOr(Schema.String),
  json: Schema.String
})

export const decodeEntityRows = Schema.decodeUnknownEffect(Schema.Array(EntityRow))

/** The entity of the first row, if any. */
export const firstEntity = <K extends MetadataKind>(kind: K) => (rows: unknown) =>
  Effect.flatMap(decodeEntityRows(rows), (found) =>
    found.length === 0 ? Effect.succeedNone : Effect.asSome(decodeEntity(kind, found[0].json)))

/** The links of a range of assets as two lists (`FacetLinks`), aggregated as JSON text. */
export const decodeFacetLinks = Schema.decodeUnknownEffect(
  Schema.Tuple([Schema.Struct({ assets: RowNumbersJson, entities: RowNumbersJson })])
)
