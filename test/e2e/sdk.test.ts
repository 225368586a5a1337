/**
 * The official client SDK (`@pieces.app/pieces-os-client`) against the real server process, unchanged: its
 * generated decoders read every required field, so a missing one fails here.
 */
import {
  ApplicationNameEnum,
  AssetsApi,
  Configuration,
  ConnectorApi,
  PlatformEnum,
  SeedTypeEnum,
  WellKnownApi
} from "@pieces.app/pieces-os-client"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runtime, startService, type RunningService } from "./ServiceProcess.ts"

describe(`the official client SDK end to end (${runtime})`, () => {
  const dir = mkdtempSync(join(tmpdir(), "assets-sdk-"))
  let service: RunningService
  let connector: ConnectorApi
  let assets: AssetsApi

  beforeAll(async () => {
    service = await startService(join(dir, "assets.db"))
    const configuration = new Configuration({ basePath: service.baseUrl })
    connector = new ConnectorApi(configuration)
    assets = new AssetsApi(configuration)
  })
  afterAll(async () => {
    await service?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("probes health and connects", async () => {
    const health = await new WellKnownApi(new Configuration({ basePath: service.baseUrl })).getWellKnownHealth()
    expect(health.startsWith("ok")).toBe(true)
    const context = await connector.connect({
      seededConnectorConnection: {
        application: { name: ApplicationNameEnum.VsCode, version: "1.0.0", platform: PlatformEnum.Linux }
      }
    })
    expect(context.application.name).toBe(ApplicationNameEnum.VsCode)
    expect(context.health.os.id).toBe(context.os)
  })

  it("creates, reads, lists, drafts and deletes assets", async () => {
    const { application } = await connector.connect({
      seededConnectorConnection: {
        application: { name: ApplicationNameEnum.VsCode, version: "1.0.0", platform: PlatformEnum.Linux }
      }
    })
    const raw = "fn main() {\n    let greeting = String::from(\"hello\");\n    println!(\"{}\", greeting);\n}\n"
    const seed = {
      type: SeedTypeEnum.SeededAsset,
      asset: { application, format: { fragment: { string: { raw } } }, metadata: { name: "greeting" } }
    }
    const created = await assets.assetsCreateNewAsset({ seed })
    expect(created.name).toBe("greeting")
    expect(created.created.value).toBeInstanceOf(Date)
    expect(created.formats.iterable[0].fragment?.string?.raw).toBe(raw)
    expect(created.formats.iterable[0].classification.specific).toBe("rs")

    const drafted = await assets.assetsDraft({ seed })
    expect(drafted.asset?.format.classification?.specific).toBe("rs")

    const snapshot = await assets.assetsSnapshot({ transferables: false })
    expect(snapshot.iterable.map((a) => a.id)).toContain(created.id)
    expect(snapshot.iterable[0].formats.iterable[0].fragment).toBeUndefined()

    const identifiers = await assets.assetsIdentifiersSnapshot({})
    expect(identifiers.iterable?.map((r) => r.id)).toContain(created.id)

    const deleted = await assets.assetsDeleteAsset({ asset: created.id })
    expect(deleted).toBe(created.id)
    await expect(assets.assetsSpecificAssetSnapshot({ asset: created.id })).rejects.toMatchObject({
      response: { status: 410 }
    })
  })
})
