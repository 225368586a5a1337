/**
 * Loads a benchmark corpus into a database file through the service's own repository: the same writes and
 * indexing as `POST /assets/create`, without HTTP, so that 100,000 snippets take minutes rather than longer.
 */
import { Effect, Layer } from "effect"
import { randomUUID } from "node:crypto"
import { type Asset } from "../src/domain/Asset.ts"
import { buildAsset } from "../src/domain/AssetBuilder.ts"
import { ApplicationId, AssetId, FormatId } from "../src/domain/Common.ts"
import { timestamp } from "../src/domain/Timestamps.ts"
import { ServicesLive } from "../src/http/Server.ts"
import { AssetRepository } from "../src/services/AssetRepository.ts"
import { sqlLayer } from "../src/sql/SqlLive.ts"

export interface Snippet {
  readonly name: string
  readonly ext: string
  readonly code: string
  readonly tags?: ReadonlyArray<string>
}

const application = {
  id: ApplicationId.make("55555555-5555-4555-8555-555555555555"),
  name: "VS_CODE" as const,
  version: "1",
  platform: "LINUX" as const,
  onboarded: false,
  privacy: "OPEN" as const
}

export const assetOf = (snippet: Snippet, created: Date): Asset =>
  buildAsset({
    name: snippet.name,
    application,
    classification: { generic: "CODE", specific: snippet.ext },
    byteLength: snippet.code.length,
    fragment: { string: { raw: snippet.code } },
    metadata: { tags: (snippet.tags ?? []).map((text) => ({ text })) },
    pseudo: false
  }, {
    assetId: AssetId.make(randomUUID()),
    formatId: FormatId.make(randomUUID()),
    nextId: randomUUID,
    creator: "44444444-4444-4444-8444-444444444444",
    now: timestamp(created)
  })

/** Stores every snippet (a minute apart, from 2024-01-01) and answers their asset ids, in order. */
export const loadCorpus = (snippets: ReadonlyArray<Snippet>, dbPath: string): Promise<Array<string>> =>
  Effect.gen(function*() {
    const repository = yield* AssetRepository
    const start = Date.UTC(2024, 0, 1)
    const ids: Array<string> = []
    for (const [i, snippet] of snippets.entries()) {
      const asset = assetOf(snippet, new Date(start + i * 60_000))
      yield* repository.create(asset)
      ids.push(asset.id)
    }
    return ids
  }).pipe(Effect.provide(ServicesLive.pipe(Layer.provideMerge(sqlLayer(dbPath)))), Effect.runPromise)
