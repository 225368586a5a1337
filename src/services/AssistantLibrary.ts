/**
 * The library as an AI assistant uses it (the MCP tools): search answering short summaries in pages, a snippet in
 * full, saving only what is not already saved, editing, the trash, tags with their counts, related snippets. Each
 * is the service's own operation underneath (search, the reuse check, the commit path), answered in plain fields
 * a model reads easily rather than Pieces' wire models.
 */
import { Context, Effect, Layer } from "effect"
import { InvalidRequest } from "../domain/Errors.ts"
import type { Asset } from "../domain/Asset.ts"
import type { ClassificationSpecificValue } from "../domain/ClassificationSpecifics.ts"
import type { AssetId } from "../domain/Common.ts"
import { queryTerms } from "../domain/FuzzyMatch.ts"
import { excerptAround } from "../domain/MatchExcerpt.ts"
import type { AssetFilter } from "../domain/Search.ts"
import { searchableText } from "../domain/SearchableText.ts"
import { AssetCreator } from "./AssetCreator.ts"
import { AssetEditor, type SnippetChanges } from "./AssetEditor.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { AssetSearch, type SearchResult } from "./AssetSearch.ts"
import { MetadataEntities } from "./MetadataEntities.ts"
import { type NearCopy, NearCopies } from "./NearCopies.ts"
import { Recommendations } from "./Recommendations.ts"
import { SearchIndex } from "./SearchIndex.ts"

/** Items one page holds at most. */
export const PAGE_LIMIT = 50

export type SearchMode = "fuzzy" | "full_text" | "identifier_words"

export interface SnippetQuery {
  readonly query?: string | undefined
  readonly mode?: SearchMode | undefined
  /** Every one of these tags. */
  readonly tags?: ReadonlyArray<string> | undefined
  readonly language?: ClassificationSpecificValue | undefined
  /** A website URL (or part of one) the snippet carries. */
  readonly website?: string | undefined
  /** ISO times. */
  readonly updatedAfter?: string | undefined
  readonly createdAfter?: string | undefined
  /** Where the page starts among the results. */
  readonly offset?: number | undefined
  readonly limit?: number | undefined
}

export interface SnippetSummary {
  readonly id: string
  readonly name: string
  readonly language: string | null
  readonly tags: ReadonlyArray<string>
  readonly updated: string
  /** A few lines around the match (the first lines without a query). */
  readonly excerpt: string
}

export interface SnippetPage<A> {
  readonly items: ReadonlyArray<A>
  /** How many there are; for a search, at least this many when `more`. */
  readonly total: number
  /** More match than `total` (a search counts only what it ranks, past which no page reaches). */
  readonly more?: boolean
  /** The offset of the next page, when there is one. */
  readonly next: number | undefined
}

export interface SnippetDetails {
  readonly id: string
  readonly name: string
  readonly language: string | null
  readonly code: string
  readonly tags: ReadonlyArray<string>
  readonly websites: ReadonlyArray<{ readonly url: string; readonly name: string }>
  readonly annotations: ReadonlyArray<{ readonly type: string; readonly text: string }>
  readonly created: string
  readonly updated: string
}

export interface NewSnippet {
  readonly code: string
  readonly name?: string | undefined
  readonly language?: ClassificationSpecificValue | undefined
  readonly tags?: ReadonlyArray<string> | undefined
  readonly websites?: ReadonlyArray<string> | undefined
  readonly description?: string | undefined
  /** Save even when a near copy is saved already. */
  readonly saveAnyway?: boolean | undefined
}

export type { NearCopy }

export type SaveOutcome =
  | { readonly saved: true; readonly snippet: SnippetDetails; readonly nearCopies: ReadonlyArray<NearCopy> }
  | { readonly saved: false; readonly nearCopies: ReadonlyArray<NearCopy> }

/** Near copies a save reports at most. */
const NEAR_COPIES = 5

export const summaryOf = (asset: Asset, terms: ReadonlyArray<string>): SnippetSummary => {
  const text = searchableText(asset)
  return {
    id: asset.id,
    name: text.name,
    language: text.classification,
    tags: text.tags,
    updated: asset.updated.value,
    excerpt: excerptAround(text.content, terms)
  }
}

export const detailsOf = (asset: Asset): SnippetDetails => {
  const text = searchableText(asset)
  return {
    id: asset.id,
    name: text.name,
    language: text.classification,
    code: text.content,
    tags: text.tags,
    websites: (asset.websites?.iterable ?? []).map((website) => ({ url: website.url, name: website.name ?? "" })),
    annotations: (asset.annotations?.iterable ?? []).map((annotation) => ({
      type: annotation.type,
      text: annotation.text
    })),
    created: asset.created.value,
    updated: asset.updated.value
  }
}

/** A page of `all`, from `offset`. */
const pageOf = <A>(all: ReadonlyArray<A>, total: number, offset: number, limit: number): SnippetPage<A> => ({
  items: all.slice(offset, offset + limit),
  total,
  next: offset + limit < all.length ? offset + limit : undefined
})

export class AssistantLibrary extends Context.Service<AssistantLibrary>()("AssistantLibrary", {
  make: Effect.gen(function*() {
    const search = yield* AssetSearch
    const repository = yield* AssetRepository
    const creator = yield* AssetCreator
    const editor = yield* AssetEditor
    const metadata = yield* MetadataEntities
    const recommendations = yield* Recommendations
    const near = yield* NearCopies
    const { facets } = yield* SearchIndex

    /** The assets in these rows, in order (rows deleted meanwhile left out). */
    const assetsIn = (rows: ReadonlyArray<number>) =>
      Effect.map(repository.assetsAt(rows), (byRow) => rows.flatMap((row) => byRow.get(row) ?? []))

    const filtersOf = (query: SnippetQuery): Array<AssetFilter> => [
      ...(query.language === undefined ? [] : [{ classification: query.language }]),
      ...(query.website === undefined ? [] : [{ websites: [query.website] }]),
      ...(query.updatedAfter === undefined ? [] : [{ updated: { from: { value: query.updatedAfter } } }]),
      ...(query.createdAfter === undefined ? [] : [{ created: { from: { value: query.createdAfter } } }])
    ]

    /** Snippets matching a query and filters, best first; without a query, the most recently updated. */
    const find = Effect.fn("AssistantLibrary.find")(function*(query: SnippetQuery) {
      const text = (query.query ?? "").trim()
      const filters = filtersOf(query)
      const within = {
        tags: query.tags,
        filters: filters.length === 0 ? undefined : { iterable: filters, type: "AND" as const },
        pseudo: false
      }
      const mode = query.mode ?? "fuzzy"
      const result: SearchResult = mode === "identifier_words" && text !== ""
        ? yield* search.byWords(text, within)
        : yield* search.search({
          ...within,
          query: text,
          mode: mode === "full_text" ? "literal" : "fuzzy",
          counted: "ranked"
        })
      const offset = query.offset ?? 0
      const limit = Math.min(query.limit ?? 10, PAGE_LIMIT)
      const page = { ...pageOf(result.hits, result.exact + result.suggested, offset, limit), more: result.more === true }
      const terms = text === "" ? [] : [text, ...queryTerms(text)]
      const assets = yield* assetsIn(page.items.map((hit) => hit.row))
      return { ...page, items: assets.map((asset) => summaryOf(asset, terms)) } satisfies SnippetPage<SnippetSummary>
    })

    const get = Effect.fn("AssistantLibrary.get")((id: AssetId) => Effect.map(repository.get(id), detailsOf))

    /** Saves a new snippet unless a near copy is saved already (and `saveAnyway` is not set); never overwrites. */
    const save = Effect.fn("AssistantLibrary.save")(function*(snippet: NewSnippet) {
      if (snippet.code.trim() === "") {
        return yield* Effect.fail(new InvalidRequest({ message: "The code is blank", path: ["code"] }))
      }
      const nearCopies = yield* near.of(snippet.code, NEAR_COPIES)
      if (nearCopies.length > 0 && snippet.saveAnyway !== true) {
        const refused: SaveOutcome = { saved: false, nearCopies }
        return refused
      }
      const asset = yield* creator.create({
        type: "SEEDED_ASSET",
        asset: {
          application: { name: "OPEN_SOURCE", version: "mcp", platform: "UNKNOWN" },
          format: {
            fragment: {
              string: { raw: snippet.code },
              ...(snippet.language === undefined ? {} : { metadata: { ext: snippet.language } })
            }
          },
          metadata: {
            ...(snippet.name === undefined || snippet.name.trim() === "" ? {} : { name: snippet.name.trim() }),
            tags: (snippet.tags ?? []).filter((text) => text.trim() !== "").map((text) => ({ text: text.trim() })),
            websites: (snippet.websites ?? []).map((url) => ({ url, name: url })),
            annotations: snippet.description === undefined || snippet.description.trim() === ""
              ? []
              : [{ type: "DESCRIPTION", text: snippet.description }]
          }
        }
      })
      const saved: SaveOutcome = { saved: true, snippet: detailsOf(asset), nearCopies }
      return saved
    })

    const edit = Effect.fn("AssistantLibrary.edit")((id: AssetId, changes: SnippetChanges) =>
      Effect.map(editor.editSnippet(id, changes), detailsOf))

    /** Moves a snippet to the trash, from where the library page and `POST /trash/{asset}/restore` bring it back. */
    const trash = Effect.fn("AssistantLibrary.trash")((id: AssetId) =>
      Effect.map(editor.remove(id), (removed) => ({ id: removed })))

    /** Tags with the number of snippets carrying each, most used first. */
    const tags = Effect.fn("AssistantLibrary.tags")(function*(offset: number, limit: number) {
      const live = facets.all(false)
      const all = (yield* metadata.list("tag")).iterable
        .map((tag) => ({ tag: tag.text, count: facets.tag(tag.text).and(live).size }))
        .filter((tag) => tag.count > 0)
        .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag))
      return pageOf(all, all.length, offset, Math.min(limit, PAGE_LIMIT))
    })

    /** Snippets related to one (alike code first, then shared tags and language), best first. */
    const related = Effect.fn("AssistantLibrary.related")(function*(id: AssetId, limit: number) {
      const asset = yield* repository.get(id)
      const found = (yield* recommendations.relatedScored([asset])).slice(0, Math.min(limit, PAGE_LIMIT))
      const assets = yield* repository.assetsAt(found.map((near) => near.row))
      return found.flatMap(({ row, score }) => {
        const related = assets.get(row)
        return related === undefined ? [] : [{ ...summaryOf(related, []), score: Math.round(score * 1e4) / 1e4 }]
      })
    })

    return { find, get, save, edit, trash, tags, related } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(AssistantLibrary, AssistantLibrary.make)
  static readonly layer = AssistantLibrary.layerNoDeps.pipe(
    Layer.provide([
      AssetCreator.layer,
      AssetEditor.layer,
      AssetRepository.layer,
      AssetSearch.layer,
      MetadataEntities.layer,
      NearCopies.layer,
      Recommendations.layer,
      SearchIndex.layer
    ])
  )
}
