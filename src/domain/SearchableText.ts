/**
 * What search sees of an asset: its name, the text of its content, tags, annotations, websites and language. The
 * search index stores these at write time; the migration that built the index derived them the same way.
 */
import type { Asset } from "./Asset.ts"
import type { AssetFacets } from "./FacetIndex.ts"
import { tagKey, websiteKey } from "./Metadata.ts"

export interface SearchableText {
  readonly name: string
  /** The text of every format that has text (a snippet has one); binary files have none. */
  readonly content: string
  readonly tags: ReadonlyArray<string>
  readonly annotations: ReadonlyArray<string>
  readonly websites: ReadonlyArray<string>
  /** `classification.specific` of the original format: the lower-case extension (`py`, `ts`...). */
  readonly classification: string | null
}

export const searchableText = (asset: Asset): SearchableText => ({
  name: asset.name ?? "",
  content: asset.formats.iterable
    .map((format) => format.fragment?.string?.raw ?? "")
    .filter((text) => text.length > 0)
    .join("\n"),
  tags: (asset.tags?.iterable ?? []).map((tag) => tag.text),
  annotations: (asset.annotations?.iterable ?? []).map((annotation) => annotation.text),
  websites: (asset.websites?.iterable ?? []).map((website) => website.url),
  classification: asset.original.reference?.classification.specific ?? null
})

/** What the facet index keeps of an asset in search row `row`. */
export const facetsOf = (asset: Asset, text: SearchableText, row: number): AssetFacets => ({
  row,
  pseudo: asset.pseudo === true,
  classification: text.classification,
  tags: text.tags.map(tagKey),
  websites: text.websites.map(websiteKey),
  created: asset.created.value,
  updated: asset.updated.value
})
