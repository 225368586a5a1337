/**
 * Loads a benchmark corpus into a database file through the service's own commit path: the same writes and
 * indexing as `POST /assets/create`, without HTTP, so that 100,000 snippets take minutes rather than longer.
 */
import { Effect, Layer } from "effect"
import { LibraryServices } from "../src/services/LibraryServices.ts"
import { AssetCreator } from "../src/services/AssetCreator.ts"
import { sqliteEngineOrDie } from "../src/storage/sqlite/SqliteEngine.ts"
import { codeAsset, type CodeSnippet } from "../test/unit/TestAssets.ts"

/** Stores every snippet (a minute apart, from 2024-01-01) and answers their asset ids, in order. */
export const loadCorpus = (snippets: ReadonlyArray<CodeSnippet>, dbPath: string): Promise<Array<string>> =>
  Effect.gen(function*() {
    const creator = yield* AssetCreator
    const start = Date.UTC(2024, 0, 1)
    const ids: Array<string> = []
    for (const [i, snippet] of snippets.entries()) {
      const asset = codeAsset(snippet, new Date(start + i * 60_000))
      yield* creator.store(asset)
      ids.push(asset.id)
    }
    return ids
  }).pipe(Effect.provide(LibraryServices.pipe(Layer.provideMerge(sqliteEngineOrDie(dbPath)))), Effect.runPromise)
