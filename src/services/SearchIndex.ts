/**
 * The in-memory part of the search index, by search row: a trigram index of names, tags and annotations that gives
 * fuzzy search its typo-tolerant candidates, and the facets every filter is evaluated on. Its stored part (search
 * rows, texts, links) is written inside each write's transaction; this part is loaded from it at start-up (or read
 * back from the snapshot kept at the last stop, where the engine keeps one, with the rows written since then read
 * again) and then follows the change feed (`LibraryFollowers`).
 */
import { Context, Effect, Fiber, Layer } from "effect"
import { type AssetFacets, FacetIndex, type FacetIndexParts } from "../domain/FacetIndex.ts"
import type { SearchableText } from "../domain/SearchableText.ts"
import { decodeSnapshot, snapshotPieces } from "../domain/SnapshotBytes.ts"
import { TrigramIndex, type TrigramIndexParts } from "../domain/TrigramIndex.ts"
import { messagesOf } from "../StartupError.ts"
import { AssetStore } from "../storage/AssetStore.ts"
import { type FacetKey, MetadataStore } from "../storage/MetadataStore.ts"
import type { KeptSnapshot } from "../storage/SearchIndexSnapshots.ts"
import { TextSearch } from "../storage/TextSearch.ts"

/** Search rows loaded at a time at start-up: the rows' objects of one page are all that is held at once. */
const LOAD_PAGE = 5000

/**
 * Past this many runs of consecutive rows changed after a snapshot, loading the library costs about as much as
 * reading each run's rows (three queries a run).
 */
const REPLAY_RUNS = 500

/**
 * The form of a snapshot's parts: a snapshot of another form (an older version's) is not read. 2: the typo index's
 * rows packed as gaps (`PackedRows`).
 */
const SNAPSHOT_FORM = 2

interface SnapshotParts {
  readonly form: number
  readonly titles: TrigramIndexParts
  readonly facets: FacetIndexParts
}

/** Ascending rows as runs of consecutive ones, each as its first and last row. */
export const runsOf = (rows: ReadonlyArray<number>): Array<readonly [number, number]> => {
  const runs: Array<[number, number]> = []
  for (const row of rows) {
    const run = runs[runs.length - 1]
    if (run !== undefined && row === run[1] + 1) run[1] = row
    else runs.push([row, row])
  }
  return runs
}

const titleText = (text: Pick<SearchableText, "name" | "tags" | "annotations">) =>
  [text.name, ...text.tags, ...text.annotations].join("\n")

export class SearchIndex extends Context.Service<SearchIndex>()("SearchIndex", {
  make: Effect.gen(function*() {
    const assets = yield* AssetStore
    const metadata = yield* MetadataStore
    const text = yield* TextSearch
    const titles = new TrigramIndex()
    const facets = new FacetIndex()

    /**
     * The live assets of the search rows after `after` (at most `size` of them, and none past `upTo`), by row: their
     * titles and facets.
     */
    const readPage = Effect.fn("SearchIndex.readPage")(function*(after: number, size = LOAD_PAGE, upTo = Infinity) {
      const rows = (yield* assets.facetsPage(after, size)).filter(({ row }) => row <= upTo)
      if (rows.length === 0) return undefined
      const last = rows[rows.length - 1].row
      const [titleRows, links] = yield* Effect.all(
        [text.titlesBetween(after, last), metadata.facetLinks(after, last)],
        { concurrency: 2 }
      )
      return { rows, last, titleRows, links }
    })

    /**
     * Indexes a page read, its links by the tag and website keys read before the first page. A link to a tag or
     * website newer than those is left out: a commit after the feed's head made it, and applying that commit
     * indexes the asset again.
     */
    const addPage = (
      { links, rows, titleRows }: NonNullable<Effect.Success<ReturnType<typeof readPage>>>,
      keys: ReadonlyMap<number, FacetKey>
    ) => {
      for (const row of titleRows) titles.add(row.row, [row.name, row.tags, row.annotations].join("\n"))
      // Both lists are in search-row order: each row's links are the run of links that starts where the last ended.
      let at = 0
      facets.addLoaded(rows.map(({ classification, created, pseudo, row, updated }): AssetFacets => {
        const tags: Array<string> = []
        const websites: Array<string> = []
        while (at < links.assets.length && links.assets[at] < row) at++
        for (; at < links.assets.length && links.assets[at] === row; at++) {
          const facetKey = keys.get(links.entities[at])
          if (facetKey !== undefined) (facetKey.kind === "tag" ? tags : websites).push(facetKey.key)
        }
        return { row, pseudo, classification, created, updated, tags, websites }
      }))
    }

    /** Indexes the live assets of the rows after `after` up to `upTo`, reading no row past it. */
    const loadRange = Effect.fn("SearchIndex.loadRange")(function*(
      after: number,
      upTo: number,
      keys: ReadonlyMap<number, FacetKey>
    ) {
      for (let from = after; from < upTo;) {
        const page = yield* readPage(from, Math.min(LOAD_PAGE, upTo - from), upTo)
        if (page === undefined) return
        addPage(page, keys)
        from = page.last
      }
    })

    /** Holds nothing, as before a load. */
    const clear = () => {
      titles.restore(new TrigramIndex().parts())
      facets.restore(new FacetIndex().parts())
    }

    /** Holds what a snapshot's bytes hold; false, holding nothing, when they are not a snapshot of this form. */
    const readBack = (bytes: Uint8Array): Effect.Effect<boolean> =>
      Effect.try({
        try: () => {
          const parts = decodeSnapshot(bytes) as SnapshotParts
          if (parts.form !== SNAPSHOT_FORM) return false
          titles.restore(parts.titles)
          facets.restore(parts.facets)
          return true
        },
        catch: (error) => error
      }).pipe(Effect.catch((error) => {
        clear()
        const warning = `The search index's snapshot could not be read, so it is built again: ${messagesOf(error)}`
        return Effect.as(Effect.logWarning(warning), false)
      }))

    return {
      /** Loads every live asset from the database, page by page (at start-up, before following the feed). */
      load: Effect.gen(function*() {
        // The next page is read while this one is added: on a database server, its queries run meanwhile.
        const keys = yield* metadata.facetKeys
        let next = yield* Effect.forkChild(readPage(0))
        while (true) {
          const page = yield* Fiber.join(next)
          if (page === undefined) break
          next = yield* Effect.forkChild(readPage(page.last))
          addPage(page, keys)
        }
        facets.orderLoaded()
      }),
      /** The index as it is now, as a snapshot's bytes in pieces (`SearchIndexSnapshots`). */
      snapshot: (): ReadonlyArray<Uint8Array> =>
        snapshotPieces({ form: SNAPSHOT_FORM, titles: titles.parts(), facets: facets.parts() } satisfies SnapshotParts),
      /**
       * Holds what a kept snapshot holds, with the rows written after it indexed again from the database, instead of
       * loading the library; answers false, holding nothing, when the bytes are not a snapshot of this form or so
       * many runs of rows changed that loading the library costs less.
       */
      restore: Effect.fn("SearchIndex.restore")(function*(kept: KeptSnapshot) {
        const runs = runsOf(kept.changedRows)
        if (runs.length > REPLAY_RUNS) {
          const changed = `${kept.changedRows.length} assets changed since the search index's snapshot was kept`
          return yield* Effect.as(Effect.logInfo(`${changed}: it is built again`), false)
        }
        if (!(yield* readBack(kept.bytes))) return false
        if (runs.length === 0) return true
        titles.removeRows(kept.changedRows)
        facets.removeRows(kept.changedRows)
        const keys = yield* metadata.facetKeys
        for (const [first, last] of runs) yield* loadRange(first - 1, last, keys)
        facets.orderLoaded()
        return true
      }),
      /** A committed asset's names and tags become fuzzy-search candidates, its facets filterable. */
      remember: (row: number, searchable: SearchableText, assetFacets: AssetFacets) => {
        titles.add(row, titleText(searchable))
        facets.add(assetFacets)
      },
      /** The asset indexed with these facets is found no more (deleted, or about to be indexed again). */
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
}) {
  static readonly layer = Layer.effect(SearchIndex, SearchIndex.make)
}
