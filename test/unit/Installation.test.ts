import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Installation } from "../../src/services/Installation.ts"
import { sqliteEngineOrDie } from "../../src/storage/sqlite/SqliteEngine.ts"

describe("Installation", () => {
  it.live("keeps the same os and user ids across restarts on the same database, and they are UUIDs", () =>
    Effect.gen(function*() {
      const dir = mkdtempSync(join(tmpdir(), "installation-"))
      const open = () => Installation.layer.pipe(Layer.provide(sqliteEngineOrDie(join(dir, "a.db"))))
      const read = Effect.map(Installation, ({ osId, userId }) => ({ osId, userId }))
      const first = yield* Effect.provide(read, open())
      const second = yield* Effect.provide(read, open())
      rmSync(dir, { recursive: true, force: true })
      expect(second).toEqual(first)
      expect(first.osId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
      expect(first.userId).not.toBe(first.osId)
    }))
})
