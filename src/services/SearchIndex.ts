/**
 * The search index, kept current by every asset write: the SQL rows (FTS5 trigram text, tags, websites) written
 * inside the write's transaction, and an in-memory trigram index of names, tags and annotations that gives fuzzy
 * search its typo-tolerant candidates. The in-memory part is rebuilt from the SQL rows at start-up and updated
 * right after each commit, before the write is acknowledged.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import type { Asset } from "../domain/Asset.ts"
import type { SearchableText } from "../domain/SearchableText.ts"
import { TrigramIndex } from "../domain/TrigramIndex.ts"
import { deleteSearchRows, writeSearchRows } from "../sql/SearchRows.ts"

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

    return {
      /** The SQL rows of a new asset: run inside its write transaction. */
      write: (asset: Asset, text: SearchableText) => writeSearchRows(sql, asset, text),
      /** Drops an asset's SQL rows: run inside its delete transaction. */
      erase: (assetId: string) => deleteSearchRows(sql, assetId),
      /** After commit: the asset's names and tags become fuzzy-search candidates. */
      remember: (assetId: string, text: SearchableText) => titles.add(assetId, titleText(text)),
      forget: (assetId: string) => titles.remove(assetId),
      /** Assets whose name, tags or annotations share the most trigrams with the query, best first. */
      titleCandidates: (query: string, limit: number) => titles.candidates(query, limit),
      /** Assets whose name, tags or annotations contain `fragment`: for queries under three characters. */
      titlesContaining: (fragment: string, limit: number) => titles.containing(fragment, limit)
    } as const
  })
}) {}
