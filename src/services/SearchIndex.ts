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

/** Search rows loaded at a time at start-up: the rows' objects of one page are all that is held at once. */
const LOAD_PAGE = 5000

/**
 * The live assets of the search rows after `after` (at most `LOAD_PAGE`), by row: their titles and facets.
 * Each statement reads a range of its table's key.
 */
const loadPage = (sql: SqlClient, after: number) =>
  Effect.gen(function*() {
    type Row = { row: number; pseudo: number; classification: string | null; created: string; updated: string }
    const rows = yield* sql<Row>`
      SELECT rowid AS row, pseudo, classification, created, updated FROM search_rows
      WHERE rowid > ${after} ORDER BY rowid LIMIT ${LOAD_PAGE}`
    if (rows.length === 0) return { titles: [], facets: [] }
    const last = rows[rows.length - 1].row
    const titles = yield* sql<{ row: number; name: string; tags: string; annotations: string }>`
      SELECT rowid AS row, name, tags, annotations FROM search_titles WHERE rowid > ${after} AND rowid <= ${last}`
    const tags = new Map<number, Array<string>>()
    const websites = new Map<number, Array<string>>()
    for (const link of yield* facetLinks(sql, after, last)) {
      const byRow = link.kind === "tag" ? tags : websites
      const keys = byRow.get(link.asset_row)
      if (keys === undefined) byRow.set(link.asset_row, [link.key])
      else keys.push(link.key)
    }
    const facets = rows.map((row): AssetFacets => ({
      row: row.row,
      pseudo: row.pseudo === 1,
      classification: row.classification,
      tags: tags.get(row.row) ?? [],
      websites: websites.get(row.row) ?? [],
      created: row.created,
      updated: row.updated
    }))
    return { titles, facets }
  }).pipe(Effect.orDie)

const titleText = (text: Pick<SearchableText, "name" | "tags" | "annotations">) =>
  [text.name, ...text.tags, ...text.annotations].join("\n")

export class SearchIndex extends Effect.Service<SearchIndex>()("SearchIndex", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient
    const titles = new TrigramIndex()
    const facets = new FacetIndex()
    for (let after = 0;;) {
      const page = yield* loadPage(sql, after)
      if (page.facets.length === 0) break
      for (const row of page.titles) titles.add(row.row, [row.name, row.tags, row.annotations].join("\n"))
      facets.addLoaded(page.facets)
      after = page.facets[page.facets.length - 1].row
    }
    facets.orderLoaded()

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
      /** What the in-memory part holds, for the service's stats: assets indexed and about the bytes of each part. */
      footprint: () => ({ assets: facets.size, titleBytes: titles.bytes, facetBytes: facets.bytes }),
      /** Rows whose name, tags or annotations share the most trigrams with the query, best first. */
      titleCandidates: (query: string, limit: number) => titles.candidates(query, limit),
      /** Rows whose name, tags or annotations contain `fragment`: for queries under three characters. */
      titlesContaining: (fragment: string, limit: number) => titles.containing(fragment, limit)
    } as const
  })
}) {}
