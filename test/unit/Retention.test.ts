import { expect, layer } from "@effect/vitest"
import { SqlClient } from "effect/sql/SqlClient"
import { Effect } from "effect"
import { Intentions, KEPT_PER_APPLICATION } from "../../src/services/Intentions.ts"
import { AssetId } from "../../src/domain/Common.ts"
import { AssetCreator } from "../../src/services/AssetCreator.ts"
import { AssetEditor } from "../../src/services/AssetEditor.ts"
import { Retention } from "../../src/services/Retention.ts"
import { codeAsset } from "./TestAssets.ts"
import { inMemoryServices } from "./TestLayers.ts"

const seed = { application: { name: "VS_CODE", version: "1", platform: "LINUX" }, format: {} } as never
const snippet = (i: number) => `export function intended${i}(value) {\n  return value.map((item) => item * ${i} + offset${i})\n}\n`

layer(inMemoryServices())("retention", (it) => {
  it.effect("an application keeps its latest intentions; older ones no longer make a save suggestion", () =>
    Effect.gen(function*() {
      const intentions = yield* Intentions
      const sql = yield* SqlClient
      for (let i = 0; i < KEPT_PER_APPLICATION + 5; i++) yield* intentions.add("app-a", seed, snippet(i))
      yield* intentions.add("app-b", seed, snippet(0))
      const kept = yield* sql<{ application_id: string; n: number }>`
        SELECT application_id, count(*) AS n FROM intentions GROUP BY application_id ORDER BY application_id`
      expect(kept).toEqual([{ application_id: "app-a", n: KEPT_PER_APPLICATION }, { application_id: "app-b", n: 1 }])
      expect(intentions.bestMatch("app-a", snippet(KEPT_PER_APPLICATION + 4))).toBe(1)
      expect(intentions.bestMatch("app-a", snippet(0))).toBeLessThan(1)
      expect(intentions.bestMatch("app-b", snippet(0))).toBe(1)
    }))

  it.effect("tracked events older than the kept days, or beyond the kept count, are pruned", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient
      const event = (daysAgo: number) =>
        sql`INSERT INTO tracking_events (application_id, kind, event, asset_id, created, body)
            VALUES ('app', 'asset', 'viewed', NULL, ${new Date(Date.now() - daysAgo * 86_400_000).toISOString()}, '{}')`
      for (const daysAgo of [200, 100, 30, 3, 2, 1, 0]) yield* event(daysAgo)
      yield* (yield* Retention).pruneTrackingEvents({ days: 90, events: 3 })
      const left = yield* sql<{ created: string }>`SELECT created FROM tracking_events ORDER BY id`
      expect(left.map((row) => Math.round((Date.now() - Date.parse(row.created)) / 86_400_000))).toEqual([2, 1, 0])
    }))

  it.effect("assets in the trash longer than the kept days are purged; newer ones stay restorable", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient
      const editor = yield* AssetEditor
      const [old, recent] = [codeAsset({ code: "const old = [1, 2, 3]", ext: "ts" }), codeAsset({ code: "const recent = 1", ext: "ts" })]
      for (const asset of [old, recent]) {
        yield* (yield* AssetCreator).store(asset)
        yield* editor.remove(AssetId.make(asset.id))
      }
      yield* sql`UPDATE assets SET deleted = ${new Date(Date.now() - 40 * 86_400_000).toISOString()} WHERE id = ${old.id}`
      expect(yield* (yield* Retention).purgeExpiredTrash(30)).toBe(1)
      const left = yield* sql<{ id: string }>`SELECT id FROM assets WHERE id IN (${old.id}, ${recent.id})`
      expect(left.map((row) => row.id)).toEqual([recent.id])
      expect((yield* editor.restore(AssetId.make(recent.id))).id).toBe(recent.id)
    }))
})
