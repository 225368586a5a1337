/**
 * Search requests and results: `SearchedAssets` for both search operations, the filter input of
 * `POST /assets/search`.
 */
import { Schema } from "effect"
import { Asset } from "./Asset.ts"
import { AnnotationTypeEnum, ClassificationSpecific, EmbeddedModelSchema, GroupedTimestamp, Uuid } from "./Common.ts"

export const SearchedMatchEnum = Schema.Literals([
  "TITLE",
  "ANNOTATION",
  "HINT",
  "CONTENT",
  "FUZZY",
  "MULTIPLE",
  "TAGS",
  "WEBSITES",
  "PERSONS"
])

export const SearchedAsset = Schema.Struct({
  asset: Schema.optional(Asset),
  exact: Schema.Boolean,
  score: Schema.Number,
  match: SearchedMatchEnum,
  identifier: Uuid,
  pseudo: Schema.optional(Schema.Boolean)
}).annotate({ identifier: "SearchedAsset" })

export const SearchedAssets = Schema.Struct({
  iterable: Schema.Array(SearchedAsset),
  suggested: Schema.Number,
  exact: Schema.Number
}).annotate({ identifier: "SearchedAssets" })
export type SearchedAssets = typeof SearchedAssets.Type

export const FilterOperationTypeEnum = Schema.Literals(["AND", "OR"])

export const AssetFilterTimestamp = Schema.Struct({
  from: Schema.optional(GroupedTimestamp),
  to: Schema.optional(GroupedTimestamp),
  between: Schema.optional(Schema.Boolean)
})

export const AssetFilterPhrase = Schema.Struct({
  value: Schema.optional(Schema.String),
  annotation: Schema.optional(Schema.Boolean),
  title: Schema.optional(Schema.Boolean),
  content: Schema.optional(Schema.Boolean),
  options: Schema.optional(Schema.Struct({ annotation: Schema.optional(AnnotationTypeEnum) }))
})

export interface AssetFilter {
  readonly classification?: string | undefined
  readonly tags?: ReadonlyArray<string> | undefined
  readonly websites?: ReadonlyArray<string> | undefined
  readonly persons?: ReadonlyArray<string> | undefined
  readonly phrase?: typeof AssetFilterPhrase.Type | undefined
  readonly created?: typeof AssetFilterTimestamp.Type | undefined
  readonly updated?: typeof AssetFilterTimestamp.Type | undefined
  readonly operations?: AssetFilters | undefined
}
export interface AssetFilters {
  readonly iterable: ReadonlyArray<AssetFilter>
  readonly type?: "AND" | "OR" | undefined
}

/** Filters nest through `operations`, so the schema is recursive. */
export const AssetFilter: Schema.Codec<AssetFilter> = Schema.Struct({
  classification: Schema.optional(ClassificationSpecific),
  tags: Schema.optional(Schema.Array(Schema.String)),
  websites: Schema.optional(Schema.Array(Schema.String)),
  persons: Schema.optional(Schema.Array(Schema.String)),
  phrase: Schema.optional(AssetFilterPhrase),
  created: Schema.optional(AssetFilterTimestamp),
  updated: Schema.optional(AssetFilterTimestamp),
  operations: Schema.optional(Schema.suspend((): Schema.Codec<AssetFilters> => AssetFilters))
}).annotate({ identifier: "AssetFilter" })

export const AssetFilters: Schema.Codec<AssetFilters> = Schema.Struct({
  iterable: Schema.Array(AssetFilter),
  type: Schema.optional(FilterOperationTypeEnum)
}).annotate({ identifier: "AssetFilters" })

export const AssetsSearchWithFiltersInput = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  query: Schema.optional(Schema.String),
  space: Schema.optional(
    Schema.Struct({ identifers: Schema.Struct({ iterable: Schema.Array(Schema.Struct({ id: Uuid })) }) })
  ),
  filters: Schema.optional(AssetFilters),
  casing: Schema.optional(Schema.Boolean)
}).annotate({ identifier: "AssetsSearchWithFiltersInput" })
export type AssetsSearchWithFiltersInput = typeof AssetsSearchWithFiltersInput.Type

export const AssetsSearchWithFiltersOutput = Schema.Struct({
  results: SearchedAssets
}).annotate({ identifier: "AssetsSearchWithFiltersOutput" })
