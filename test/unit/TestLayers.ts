/**
 * The services over a fresh in-memory SQLite database, migrated like the real one.
 */
import { Layer } from "effect"
import type { ClassificationSpecificValue } from "../../src/domain/ClassificationSpecifics.ts"
import { ServicesLive } from "../../src/http/Server.ts"
import { sqlLayer } from "../../src/sql/SqlLive.ts"

export const inMemoryServices = () => ServicesLive.pipe(Layer.provideMerge(sqlLayer(":memory:")))

export interface SeedExtras {
  readonly ext?: ClassificationSpecificValue
  readonly name?: string
  readonly pseudo?: boolean
  readonly tags?: ReadonlyArray<string>
  readonly websites?: ReadonlyArray<string>
  readonly annotations?: ReadonlyArray<string>
}

export const codeSeed = (raw: string, extra: SeedExtras = {}) => ({
  type: "SEEDED_ASSET" as const,
  asset: {
    application: { name: "VS_CODE" as const, version: "1.0.0", platform: "LINUX" as const },
    format: { fragment: { string: { raw }, ...(extra.ext === undefined ? {} : { metadata: { ext: extra.ext } }) } },
    metadata: {
      ...(extra.name === undefined ? {} : { name: extra.name }),
      ...(extra.tags === undefined ? {} : { tags: extra.tags.map((text) => ({ text })) }),
      ...(extra.websites === undefined ? {} : { websites: extra.websites.map((url) => ({ url, name: url })) }),
      ...(extra.annotations === undefined
        ? {}
        : { annotations: extra.annotations.map((text) => ({ type: "DESCRIPTION" as const, text })) })
    },
    ...(extra.pseudo === undefined ? {} : { pseudo: extra.pseudo })
  }
})
