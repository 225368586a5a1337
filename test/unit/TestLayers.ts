/**
 * The services over a fresh in-memory SQLite database, migrated like the real one.
 */
import { Layer } from "effect"
import { ServicesLive } from "../../src/http/Server.ts"
import { sqlLayer } from "../../src/sql/SqlLive.ts"

export const inMemoryServices = () => ServicesLive.pipe(Layer.provideMerge(sqlLayer(":memory:")))

export const codeSeed = (raw: string, extra: { ext?: string; name?: string; pseudo?: boolean } = {}) => ({
  type: "SEEDED_ASSET" as const,
  asset: {
    application: { name: "VS_CODE" as const, version: "1.0.0", platform: "LINUX" as const },
    format: { fragment: { string: { raw }, ...(extra.ext === undefined ? {} : { metadata: { ext: extra.ext } }) } },
    ...(extra.name === undefined ? {} : { metadata: { name: extra.name } }),
    ...(extra.pseudo === undefined ? {} : { pseudo: extra.pseudo })
  }
})
