/**
 * Tags, websites and annotations on the wire: their collections, what creates them (`SeededTag`,
 * `SeededWebsite`, `SeededAnnotation`), what updates them (the whole entity, of which the editable fields count),
 * and the existence check of tags and websites.
 */
import { Schema } from "effect"
import { Annotation, Tag, Website } from "./Asset.ts"
import { AnnotationTypeEnum, AssetId, EmbeddedModelSchema, MechanismEnum, TagCategoryEnum, Uuid } from "./Common.ts"

const collection = <S extends Schema.Top>(item: S, identifier: string) =>
  Schema.Struct({ iterable: Schema.Array(item) }).annotate({ identifier })

export const Tags = collection(Tag, "Tags")
export const Websites = collection(Website, "Websites")
export const Annotations = collection(Annotation, "Annotations")

const NonBlank = Schema.String.check(Schema.makeFilter((text) => text.trim().length > 0, { message: "must not be blank" }))

export const SeededTag = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  text: NonBlank,
  /** An asset to put the tag on. */
  asset: Schema.optional(AssetId),
  mechanism: Schema.optional(MechanismEnum),
  category: Schema.optional(TagCategoryEnum)
}).annotate({ identifier: "SeededTag" })
export type SeededTag = typeof SeededTag.Type

export const SeededWebsite = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  url: NonBlank,
  name: Schema.String,
  asset: Schema.optional(AssetId),
  mechanism: Schema.optional(MechanismEnum)
}).annotate({ identifier: "SeededWebsite" })
export type SeededWebsite = typeof SeededWebsite.Type

export const SeededAnnotation = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  type: AnnotationTypeEnum,
  text: Schema.String,
  asset: Schema.optional(AssetId),
  mechanism: Schema.optional(MechanismEnum)
}).annotate({ identifier: "SeededAnnotation" })
export type SeededAnnotation = typeof SeededAnnotation.Type

/** An update names the entity and its new values; the rest of the entity, as clients echo it, is ignored. */
export const TagUpdate = Schema.Struct({
  id: Uuid,
  text: NonBlank,
  category: Schema.optional(TagCategoryEnum)
}).annotate({ identifier: "TagUpdate" })
export type TagUpdate = typeof TagUpdate.Type

export const WebsiteUpdate = Schema.Struct({
  id: Uuid,
  url: NonBlank,
  name: Schema.String
}).annotate({ identifier: "WebsiteUpdate" })
export type WebsiteUpdate = typeof WebsiteUpdate.Type

export const AnnotationUpdate = Schema.Struct({
  id: Uuid,
  type: AnnotationTypeEnum,
  text: Schema.String
}).annotate({ identifier: "AnnotationUpdate" })
export type AnnotationUpdate = typeof AnnotationUpdate.Type

/** `ExistentMetadata`: is there a tag with this text, a website with this URL? */
export const ExistentMetadata = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  value: Schema.String
}).annotate({ identifier: "ExistentMetadata" })

const Referenced = <S extends Schema.Top>(reference: S) =>
  Schema.Struct({ id: Uuid, reference: Schema.optional(reference) })

/** The answer: the tag or website found, absent when none. */
export const ExistingMetadata = Schema.Struct({
  tag: Schema.optional(Referenced(Tag)),
  website: Schema.optional(Referenced(Website))
}).annotate({ identifier: "ExistingMetadata" })
