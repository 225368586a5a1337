/**
 * Tags, websites and annotations on the wire: their collections, what creates them (`SeededTag`,
 * `SeededWebsite`, `SeededAnnotation`), what updates them (the whole entity, of which the editable fields count),
 * and the existence check of tags and websites.
 */
import { Schema } from "effect"
import { Annotation, Tag, Website } from "./Asset.ts"
import { AnnotationTypeEnum, AssetId, EmbeddedModelSchema, MechanismEnum, TagCategoryEnum, Uuid } from "./Common.ts"

const collection = <A, I>(item: Schema.Schema<A, I>, identifier: string) =>
  Schema.Struct({ iterable: Schema.Array(item) }).annotations({ identifier })

export const Tags = collection(Tag, "Tags")
export const Websites = collection(Website, "Websites")
export const Annotations = collection(Annotation, "Annotations")

const NonBlank = Schema.String.pipe(
  Schema.filter((text) => text.trim().length > 0, { message: () => "must not be blank" })
)
const options = { parseOptions: { errors: "all" as const } }

export const SeededTag = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  text: NonBlank,
  /** An asset to put the tag on. */
  asset: Schema.optional(AssetId),
  mechanism: Schema.optional(MechanismEnum),
  category: Schema.optional(TagCategoryEnum)
}).annotations({ identifier: "SeededTag", ...options })
export type SeededTag = typeof SeededTag.Type

export const SeededWebsite = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  url: NonBlank,
  name: Schema.String,
  asset: Schema.optional(AssetId),
  mechanism: Schema.optional(MechanismEnum)
}).annotations({ identifier: "SeededWebsite", ...options })
export type SeededWebsite = typeof SeededWebsite.Type

export const SeededAnnotation = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  type: AnnotationTypeEnum,
  text: Schema.String,
  asset: Schema.optional(AssetId),
  mechanism: Schema.optional(MechanismEnum)
}).annotations({ identifier: "SeededAnnotation", ...options })
export type SeededAnnotation = typeof SeededAnnotation.Type

/** An update names the entity and its new values; the rest of the entity, as clients echo it, is ignored. */
export const TagUpdate = Schema.Struct({
  id: Uuid,
  text: NonBlank,
  category: Schema.optional(TagCategoryEnum)
}).annotations({ identifier: "TagUpdate", ...options })
export type TagUpdate = typeof TagUpdate.Type

export const WebsiteUpdate = Schema.Struct({
  id: Uuid,
  url: NonBlank,
  name: Schema.String
}).annotations({ identifier: "WebsiteUpdate", ...options })
export type WebsiteUpdate = typeof WebsiteUpdate.Type

export const AnnotationUpdate = Schema.Struct({
  id: Uuid,
  type: AnnotationTypeEnum,
  text: Schema.String
}).annotations({ identifier: "AnnotationUpdate", ...options })
export type AnnotationUpdate = typeof AnnotationUpdate.Type

/** `ExistentMetadata`: is there a tag with this text, a website with this URL? */
export const ExistentMetadata = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  value: Schema.String
}).annotations({ identifier: "ExistentMetadata", ...options })

const Referenced = <A, I>(reference: Schema.Schema<A, I>) =>
  Schema.Struct({ id: Uuid, reference: Schema.optional(reference) })

/** The answer: the tag or website found, absent when none. */
export const ExistingMetadata = Schema.Struct({
  tag: Schema.optional(Referenced(Tag)),
  website: Schema.optional(Referenced(Website))
}).annotations({ identifier: "ExistingMetadata" })
