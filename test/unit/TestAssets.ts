/**
 * Assets of code built directly (no preprocessing, no database), with fresh ids: for unit tests and for the
 * benchmarks that load corpora or serve a constant asset.
 */
import { randomUUID } from "node:crypto"
import type { Asset } from "../../src/domain/Asset.ts"
import { buildAsset } from "../../src/domain/AssetBuilder.ts"
import { ApplicationId, AssetId, FormatId } from "../../src/domain/Common.ts"
import { timestamp } from "../../src/domain/Timestamps.ts"

export interface CodeSnippet {
  readonly code: string
  /** The language, as `classification.specific`. */
  readonly ext: string
  readonly name?: string
  readonly tags?: ReadonlyArray<string>
  readonly pseudo?: boolean
}

const application = {
  id: ApplicationId.make("55555555-5555-4555-8555-555555555555"),
  name: "VS_CODE" as const,
  version: "1",
  platform: "LINUX" as const,
  onboarded: false,
  privacy: "OPEN" as const
}

export const codeAsset = (snippet: CodeSnippet, created: Date = new Date()): Asset =>
  buildAsset({
    name: snippet.name ?? "snippet",
    application,
    classification: { generic: "CODE", specific: snippet.ext },
    byteLength: Buffer.byteLength(snippet.code),
    fragment: { string: { raw: snippet.code } },
    metadata: { tags: (snippet.tags ?? []).map((text) => ({ text })) },
    pseudo: snippet.pseudo ?? false
  }, {
    assetId: AssetId.make(randomUUID()),
    formatId: FormatId.make(randomUUID()),
    nextId: randomUUID,
    creator: "44444444-4444-4444-8444-444444444444",
    now: timestamp(created)
  })
