/**
 * The in-memory part of the search index: a trigram index of names, tags and annotations that gives fuzzy search
 * its typo-tolerant candidates, and the facet bitsets of tag search and filters. Its SQL part (FTS5 text, tags,
 * websites: `SearchRows`) is written inside each write's transaction; this part is rebuilt from the SQL rows at
 * start-up and updated by `Commits` right after each commit, before the write is acknowledged.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import type { SearchableText } from "../domain/SearchableText.ts"
import { type AssetFacets, FacetIndex } from "../domain/FacetIndex.ts"
import { TrigramIndex } from "../domain/TrigramIndex.ts"
import type { StoredAsset } from "../sql/AssetRows.ts"

/** Every live asset's facets, from the search tables. */
const loadFacets = (sql: SqlClient) =>
  Effect.gen(function*() {
    type Row = { row: number; id: string; pseudo: number; classification: string | null; created: string; updated: string }
    const rows = yield* sql<Row>`
      SELECT rowid AS row, asset_id AS id, pseudo, classification, created, updated FROM search_rows`
    const tags = yield* sql<{ id: string; tag: string }>`SELECT asset_id AS id, tag FROM asset_tags`
    const websites = yield* sql<{ id: string; url: string }>`SELECT asset_id AS id, url FROM asset_websites`
    const group = <P extends { id: string }>(pairs: ReadonlyArray<P>, value: (pair: P) => string) => {
      const byId = new Map<string, Array<string>>()
      for (const pair of pairs) {
        const list = byId.get(pair.id) ?? []
        list.push(value(pair))
        byId.set(pair.id, list)
      }
      return byId
    }
    const tagsOf = group(tags, (pair) => pair.tag)
    const websitesOf = group(websites, (pair) => pair.url)
    return rows.map((row): AssetFacets => ({
      row: row.row,
      id: row.id,
      pseudo: row.pseudo === 1,
      classification: row.classification,
      tags: tagsOf.get(row.id) ?? [],
      websites: websitesOf.get(row.id) ?? [],
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
    const rows = yield* sql<{ id: string; name: string; tags: string; annotations: string }>`
      SELECT r.asset_id AS id, t.name, t.tags, t.annotations
      FROM search_rows r JOIN search_text t ON t.rowid = r.rowid ORDER BY r.rowid`.pipe(Effect.orDie)
    for (const row of rows) titles.add(row.id, [row.name, row.tags, row.annotations].join("\n"))
    const facets = new FacetIndex()
    facets.addAll(yield* loadFacets(sql))

    return {
      /** After commit: the asset's names and tags become fuzzy-search candidates, its facets filterable. */
      remember: ({ asset, text, row }: StoredAsset) => {
        titles.add(asset.id, titleText(text))
        facets.add({
          row,
          id: asset.id,
          pseudo: asset.pseudo === true,
          classification: text.classification,
          tags: text.tags,
          websites: text.websites,
          created: asset.created.value,
          updated: asset.updated.value
        })
      },
      forget: (assetId: string) => {
        titles.remove(assetId)
        facets.remove(assetId)
      },
      facets,
      /** Assets whose name, tags or annotations share the most trigrams with the query, best first. */
      titleCandidates: (query: string, limit: number) => titles.candidates(query, limit),
      /** Assets whose name, tags or annotations contain `fragment`: for queries under three characters. */
      titlesContaining: (fragment: string, limit: number) => titles.containing(fragment, limit)
    } as const
  })
}) {}
