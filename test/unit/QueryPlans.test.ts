/**
 * Query plans are part of the design: on a library large enough for the planner to choose, with statistics as the
 * service keeps them, every statement the reads, searches and writes issue is recorded and explained, and none may
 * read a whole table of assets, search rows, entities or links where an index answers. The hottest ones must use
 * the index named.
 */
import { expect, it } from "@effect/vitest"
import { Statement } from "effect/sql"
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer, Stream } from "effect"
import { AssetId } from "../../src/domain/Common.ts"
import { LibraryServices } from "../../src/services/LibraryServices.ts"
import { AssetCreator } from "../../src/services/AssetCreator.ts"
import { AssetEditor } from "../../src/services/AssetEditor.ts"
import { AssetRepository } from "../../src/services/AssetRepository.ts"
import { AssetSearch } from "../../src/services/AssetSearch.ts"
import { MetadataEntities } from "../../src/services/MetadataEntities.ts"
import { Recommendations } from "../../src/services/Recommendations.ts"
import { SimilarityIndex } from "../../src/services/SimilarityIndex.ts"
import { keepStatistics } from "../../src/storage/sqlite/Statistics.ts"
import { sqliteEngineOrDie } from "../../src/storage/sqlite/SqliteEngine.ts"
import { codeAsset } from "./TestAssets.ts"

const LIBRARY = 1500
const TOPICS = ["parsing", "io", "types", "errors", "streams"]

/**
 * Reading a whole table of assets, search rows or links: a scan without an index, or a "search" whose only
 * constraint is `deleted` (every live row matches it: the plan that made each read of 100 assets read 100,000) or
 * an entity's `kind` (every tag, or every website).
 */
const FULL_SCAN = new RegExp(
  /^SCAN (assets|search_rows|asset_formats|metadata|asset_metadata)\b(?! USING (COVERING )?INDEX)/.source +
    "|" + /USING (COVERING )?INDEX \w+ \((deleted|kind)=\?\)$/.source
)

/** Statements whose answer is every row of a kind: listing every tag reads every tag. */
const WHOLE_LISTINGS = [/FROM metadata m WHERE m.kind = \? ORDER BY m.key/]

interface Recorded {
  readonly text: string
  readonly params: ReadonlyArray<unknown>
}

it.live(`no read, search or write scans a table at ${LIBRARY} assets; the hottest use their index`, () =>
  Effect.gen(function*() {
    const sql = yield* SqlClient
    const creator = yield* AssetCreator
    const ids: Array<string> = []
    for (let i = 0; i < LIBRARY; i++) {
      const asset = codeAsset({
        code: `export function handler${i}(request) {\n  return respond(request.path${i % 7}, ${i})\n}\n`,
        ext: i % 3 === 0 ? "js" : "ts",
        name: `handler ${i}`,
        tags: [TOPICS[i % TOPICS.length], `group${i % 40}`]
      }, new Date(Date.UTC(2024, 0, 1) + i * 60_000))
      yield* creator.store(asset)
      ids.push(asset.id)
    }
    for (const id of ids.slice(0, 30)) yield* (yield* AssetEditor).remove(AssetId.make(id))
    // FTS5's own statements plan on the statistics taken when the library was empty (at start-up): still by key.
    for (const shadow of ["search_text_data", "search_titles_data", "search_words_data", "similarity_data"]) {
      const plan = yield* sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM ${sql.literal(shadow)} WHERE id >= 1 AND id <= 2`
      expect(plan.map((step) => step.detail).join("\n")).toMatch(/SEARCH \w+ USING INTEGER PRIMARY KEY/)
    }
    yield* keepStatistics
    const analysed = yield* sql<{ tbl: string }>`SELECT DISTINCT tbl FROM sqlite_stat1 ORDER BY tbl`
    expect(analysed.map((row) => row.tbl).filter((table) => /_(data|idx|docsize|config|content)$/.test(table))).toEqual([])

    const recorded: Array<Recorded> = []
    const recording = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.provideService(effect, Statement.CurrentTransformer, (statement) =>
        Effect.sync(() => {
          const [text, params] = statement.compile()
          recorded.push({ text, params })
          return statement
        }))
    const repository = yield* AssetRepository
    const search = yield* AssetSearch
    const live = ids.slice(100, 200)
    const rows = [...(yield* repository.rowsOf(live)).values()]
    yield* recording(Effect.gen(function*() {
      yield* repository.documentsAt(rows, false)
      yield* repository.documentsAt(rows, true)
      yield* repository.getDocument(AssetId.make(live[0]), true)
      yield* Stream.runDrain(repository.idPages("exclude", 500))
      yield* Stream.runDrain(Stream.take(repository.idPages("include", 100), 2))
      yield* Stream.runDrain(Stream.take(repository.documentPages({ transferables: true, pseudo: "exclude" }, 100), 2))
      yield* Stream.runDrain(Stream.take(repository.documentPages({ transferables: false, pseudo: "include", suggestedOnly: true }, 100), 2))
      yield* repository.rowsOf(live)
      yield* search.search({ query: "handler 150", pseudo: false })
      yield* search.search({ query: "respond request", pseudo: false, mode: "literal" })
      yield* search.search({ tags: ["parsing", "group3"], pseudo: false })
      yield* search.search({ filters: { iterable: [{ classification: "js" }, { tags: ["io"] }] }, pseudo: false })
      yield* search.search({ query: "respond", space: live.slice(0, 5), pseudo: false })
      yield* search.search({ filters: { iterable: [{ phrase: { value: "path3", content: true } }] }, pseudo: false })
      yield* search.byWords("respond to a request", { pseudo: false })
      yield* (yield* SimilarityIndex).closest("export function handler150(request) {\n  return respond(request.path3, 150)\n}\n", { limit: 5 })
      const asset = yield* repository.get(AssetId.make(live[1]))
      yield* (yield* Recommendations).related([asset])
      yield* (yield* MetadataEntities).list("tag")
      // The write path: creates (tags and websites adopted), edits, tag renames and moves, deletes.
      const created = codeAsset({ code: "export const written = () => 1\n", ext: "ts", name: "written", tags: ["io", "new tag"] })
      yield* creator.store(created)
      const editor = yield* AssetEditor
      yield* editor.rename(AssetId.make(created.id), "written again")
      yield* editor.recordInteraction(AssetId.make(live[2]), ["reuse"])
      const metadata = yield* MetadataEntities
      const tag = (yield* metadata.list("tag")).iterable.find((found) => found.text === "new tag")!
      yield* metadata.updateTag({ id: tag.id, text: "renamed tag" })
      yield* metadata.associate("tag", tag.id, AssetId.make(live[3]))
      yield* metadata.disassociate("tag", tag.id, AssetId.make(live[3]))
      yield* editor.remove(AssetId.make(created.id))
      // The trash: listed (first and later pages), restored, deleted again, purged.
      yield* Stream.runDrain(Stream.take(repository.trashPages(false, 10), 2))
      yield* editor.restore(AssetId.make(created.id))
      yield* editor.remove(AssetId.make(created.id))
      yield* editor.purge(AssetId.make(created.id))
    }))

    const reads = recorded.filter(({ text }) => /^\s*(SELECT|INSERT|UPDATE|DELETE)/i.test(text))
    expect(reads.length).toBeGreaterThan(10)
    const planOf = ({ text, params }: Recorded) =>
      Effect.map(sql.unsafe<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`, params), (rows) => rows.map((row) => row.detail))
    for (const read of reads.filter(({ text }) => !WHOLE_LISTINGS.some((listing) => listing.test(text)))) {
      const plan = yield* planOf(read)
      const scans = plan.filter((step) => FULL_SCAN.test(step))
      expect(scans, `${read.text}\n${plan.join("\n")}`).toEqual([])
    }
    const planMatching = (pattern: RegExp) =>
      Effect.map(planOf(reads.find(({ text }) => pattern.test(text))!), (plan) => plan.join("\n"))
    // Documents by search row: the row by its key, the asset by its id.
    const documents = yield* planMatching(/FROM search_rows s JOIN assets a ON a.id = s.asset_id WHERE s.rowid IN/)
    expect(documents).toMatch(/SEARCH s USING INTEGER PRIMARY KEY \(rowid=\?\)/)
    expect(documents).toMatch(/SEARCH a USING INDEX sqlite_autoindex_assets_1 \(id=\?\)/)
    expect(yield* planMatching(/SELECT created, id FROM assets/)).toMatch(/USING COVERING INDEX assets_live/)
    // A later page starts where the previous one ended: a range, not a scan from the newest (quadratic overall).
    expect(yield* planMatching(/SELECT created, id FROM assets[^]*created <=/)).toMatch(/USING COVERING INDEX assets_live \(created<\?\)/)
    // A listing's page of documents is read along the same index, a range from where the last one ended.
    expect(yield* planMatching(/SELECT created, id, document[^]*created <=/)).toMatch(/USING INDEX assets_live \(created<\?\)/)
    expect(yield* planMatching(/FROM assets WHERE deleted IS NOT NULL[^]*deleted <=/)).toMatch(/USING COVERING INDEX assets_trash|USING INDEX assets_trash/)
    // Similarity: one full-text lookup per word of the fingerprint, nothing scanned.
    expect(yield* planMatching(/FROM similarity WHERE similarity MATCH/)).toMatch(/SCAN similarity VIRTUAL TABLE INDEX 0:M/)
  }).pipe(Effect.provide(LibraryServices.pipe(Layer.provideMerge(sqliteEngineOrDie(":memory:"))))), 120_000)
