/**
 * The in-memory part of the search index, by search row: a trigram index of names, tags and annotations that gives
 * fuzzy search its typo-tolerant candidates, and the facets every filter is evaluated on. Its SQL part (`SearchRows`,
 * `MetadataRows`) is written inside each write's transaction; this part is loaded from those rows at start-up and
 * updated by `Commits` right after each commit, before the write is acknowledged.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { type AssetFacets, FacetIndex } from "../domain/FacetIndex.ts"
import type { SearchableText } from "../domain/SearchableText.ts"
import { TrigramIndex } from "../domain/TrigramIndex.ts"
import type { IndexedAsset } from "../sql/AssetRows.ts"
import { facetLinks } from "../sql/MetadataRows.ts"

/** Every live asset's facets, from the search rows and the metadata links. */
const loadFacets = (sql: SqlClient) =>
  Effect.gen(function*() {
    type Row = { row: number; pseudo: number; classification: string | null; created: string; updated: string }
    const rows = yield* sql<Row>`SELECT rowid AS row, pseudo, classification, created, updated FROM search_rows`
    const tags = new Map<number, Array<string>>()
    const websites = new Map<number, Array<string>>()
    for (const link of yield* facetLinks(sql)) {
      const byRow = link.kind === "tag" ? tags : websites
      const keys = byRow.get(link.asset_row)
      if (keys === undefined) byRow.set(link.asset_row, [link.key])
      else keys.push(link.key)
    }
    return rows.map((row): AssetFacets => ({
      row: row.row,
      pseudo: row.pseudo === 1,
      classification: row.classification,
      tags: tags.get(row.row) ?? [],
      websites: websites.get(row.row) ?? [],
      created: row.created,
      updated: row.updated
    }))
  }).pipe(Effect.orDie)

const titleText = (text: Pick<SearchableText, "name" | "tags" | "annotations">) =>
  [text.name, ...text.tags, ...text.annotations].join("\n")

export class SearchIndex extends Effect.Service<SearchIndex>()("SearchIndex", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient
    const titles = new TrigramIndex()
    const rows = yield* sql<{ row: number; name: string; tags: string; annotations: string }>`
      SELECT rowid AS row, name, tags, annotations FROM search_titles`.pipe(Effect.orDie)
    for (const row of rows) titles.add(row.row, [row.name, row.tags, row.annotations].join("\n"))
    const facets = new FacetIndex()
    facets.addAll(yield* loadFacets(sql))

    return {
      /** After commit: the asset's names and tags become fuzzy-search candidates, its facets filterable. */
      remember: ({ row, text, facets: assetFacets }: IndexedAsset) => {
        titles.add(row, titleText(text))
        facets.add(assetFacets)
      },
      /** After commit: the asset indexed with these facets is found no more (deleted, or about to be re-indexed). */
      forget: (indexed: AssetFacets) => {
        titles.remove(indexed.row)
        facets.remove(indexed)
      },
      facets,
      /** Rows whose name, tags or annotations share the most trigrams with the query, best first. */
      titleCandidates: (query: string, limit: number) => titles.candidates(query, limit),
      /** Rows whose name, tags or annotations contain `fragment`: for queries under three characters. */
      titlesContaining: (fragment: string, limit: number) => titles.containing(fragment, limit)
    } as const
  })
}) {}
