import { expect, layer } from "@effect/vitest"
import { Effect, Result, Stream } from "effect"
import { AssetRepository } from "../../src/services/AssetRepository.ts"
import { ConnectorSessions } from "../../src/services/ConnectorSessions.ts"
import { SeedPreprocessor } from "../../src/services/SeedPreprocessor.ts"
import { codeSeed, servicesOn, testEngines } from "./TestLayers.ts"

for (const engine of testEngines) layer(servicesOn(engine))(`SeedPreprocessor (${engine})`, (it) => {
  it.effect("draft fills in language, classification and name and persists nothing", () =>
    Effect.gen(function*() {
      const preprocessor = yield* SeedPreprocessor
      const seed = codeSeed("def parse_args(argv):\n    import argparse\n    parser = argparse.ArgumentParser()\n    return parser.parse_args(argv)\n")
      const drafted = yield* preprocessor.draft(seed)
      expect(drafted.asset.format.fragment?.metadata?.ext).toBe("py")
      expect(drafted.asset.format.classification).toMatchObject({ generic: "CODE", specific: "py" })
      expect(drafted.asset.metadata?.name).toBe("parse_args")
      expect(drafted.asset.application.id).toMatch(/^[0-9a-f-]{36}$/)
      const listed = yield* Stream.runCollect((yield* AssetRepository).idPages("include", 10))
      expect(listed.flat()).toEqual([])
      const known = yield* (yield* ConnectorSessions).lookup(seed.asset.application)
      expect(known._tag).toBe("None")
    }))

  it.effect("the client's ext and name win over detection", () =>
    Effect.gen(function*() {
      const drafted = yield* (yield* SeedPreprocessor).draft(codeSeed("x = 1\ny = 2\n", { ext: "rb", name: "mine" }))
      expect(drafted.asset.format.classification?.specific).toBe("rb")
      expect(drafted.asset.metadata?.name).toBe("mine")
    }))

  it.effect("an image file is drafted as given", () =>
    Effect.gen(function*() {
      const seed = {
        type: "SEEDED_ASSET" as const,
        asset: {
          application: { name: "VS_CODE" as const, version: "1.0.0", platform: "LINUX" as const },
          format: { file: { bytes: { raw: [137, 80, 78, 71] }, metadata: { name: "dot.png" } } }
        }
      }
      expect(yield* (yield* SeedPreprocessor).draft(seed)).toEqual(seed)
    }))

  it.effect("a format with both or neither of fragment and file, or a blank fragment, is invalid", () =>
    Effect.gen(function*() {
      const preprocessor = yield* SeedPreprocessor
      const base = codeSeed("x")
      const both = { ...base, asset: { ...base.asset, format: { fragment: {}, file: {} } } }
      const neither = { ...base, asset: { ...base.asset, format: {} } }
      for (const seed of [both, neither, codeSeed("   \n  ")]) {
        const result = yield* Effect.result(preprocessor.draft(seed))
        expect(Result.isFailure(result) && result.failure._tag).toBe("InvalidRequest")
      }
    }))
})
