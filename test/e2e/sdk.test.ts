/**
 * The official client SDK (`@pieces.app/pieces-os-client`) against the real server process, unchanged: its
 * generated decoders read every required field, so a missing one fails here; every JSON answer is also checked
 * against the OpenAPI schema of its model.
 */
import {
  AnnotationApi,
  AnnotationsApi,
  AnnotationTypeEnum,
  type ApiResponse,
  ApplicationNameEnum,
  ApplicationsApi,
  AssetApi,
  AssetsApi,
  AssetSpecificAssetExportExportTypeEnum,
  ClassificationSpecificEnum,
  Configuration,
  ConnectorApi,
  FormatApi,
  ModelContextProtocolApi,
  ModelsApi,
  PlatformEnum,
  SearchApi,
  SeedTypeEnum,
  TagApi,
  TagsApi,
  UserApi,
  WebsiteApi,
  WebsitesApi,
  WellKnownApi
} from "@pieces.app/pieces-os-client"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { schemaErrors } from "./OpenApiValidator.ts"
import { engine, runtime, startService, type RunningService } from "./ServiceProcess.ts"

/** The SDK's decoded answer, once its JSON passed the OpenAPI schema of `schema`. */
const checked = async <T>(schema: string, call: Promise<ApiResponse<T>>): Promise<T> => {
  const answer = await call
  expect(schemaErrors(schema, await answer.raw.clone().json())).toEqual([])
  return answer.value()
}

const RUST = "fn main() {\n    let greeting = String::from(\"hello\");\n    println!(\"{}\", greeting);\n}\n"

describe(`the official client SDK end to end (${runtime}, ${engine})`, () => {
  const dir = mkdtempSync(join(tmpdir(), "assets-sdk-"))
  let service: RunningService
  let configuration: Configuration
  let connector: ConnectorApi
  let assets: AssetsApi

  beforeAll(async () => {
    service = await startService(join(dir, "assets.db"))
    configuration = new Configuration({ basePath: service.baseUrl })
    connector = new ConnectorApi(configuration)
    assets = new AssetsApi(configuration)
  })
  afterAll(async () => {
    await service?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  const application = { name: ApplicationNameEnum.VsCode, version: "1.0.0", platform: PlatformEnum.Linux }
  const save = async (raw: string, name = "greeting") => {
    const { application: connected } = await connector.connect({ seededConnectorConnection: { application } })
    return assets.assetsCreateNewAsset({
      seed: { type: SeedTypeEnum.SeededAsset, asset: { application: connected, format: { fragment: { string: { raw } } }, metadata: { name } } }
    })
  }

  it("probes health and version, reads the user, the models and the applications, and connects", async () => {
    const wellKnown = new WellKnownApi(configuration)
    expect((await wellKnown.getWellKnownHealth()).startsWith("ok")).toBe(true)
    expect(await wellKnown.getWellKnownVersion()).toMatch(/^12\.\d+\.\d+$/)
    const context = await connector.connect({ seededConnectorConnection: { application } })
    expect(context.application.name).toBe(ApplicationNameEnum.VsCode)
    expect(context.health.os.id).toBe(context.os)
    const user = await checked("ReturnedUserProfile", new UserApi(configuration).userSnapshotRaw())
    expect(user.user?.aesthetics.font.size).toBeGreaterThan(0)
    const models = await checked("Models", new ModelsApi(configuration).modelsSnapshotRaw())
    expect(models.iterable.every((model) => model.cloud && model.downloaded === false)).toBe(true)
    const apps = await checked("Applications", new ApplicationsApi(configuration).applicationsSnapshotRaw())
    expect(apps.iterable.map((app) => app.id)).toContain(context.application.id)
  })

  it("ModelContextProtocolApi: lists where MCP clients connect, the SSE transport first", async () => {
    const versions = await new ModelContextProtocolApi(configuration).modelContextProtocolSchemaVersions()
    expect(versions.iterable).toEqual([
      { version: "2024-11-05", entryEndpoint: `${service.baseUrl}/model_context_protocol/2024-11-05/sse` },
      { version: "2025-03-26", entryEndpoint: `${service.baseUrl}/model_context_protocol/2025-03-26/mcp` }
    ])
  })

  it("creates, reads, lists, drafts and deletes assets", async () => {
    const created = await save(RUST)
    expect(created.name).toBe("greeting")
    expect(created.created.value).toBeInstanceOf(Date)
    expect(created.formats.iterable[0].fragment?.string?.raw).toBe(RUST)
    expect(created.formats.iterable[0].classification.specific).toBe("rs")

    const drafted = await assets.assetsDraft({
      seed: {
        type: SeedTypeEnum.SeededAsset,
        asset: { application: created.formats.iterable[0].application, format: { fragment: { string: { raw: RUST } } } }
      }
    })
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

  it("AssetApi: reads, renames, reclassifies, exports, scores and tags one asset", async () => {
    const asset = new AssetApi(configuration)
    const created = await save(RUST)
    const read = await checked("Asset", asset.assetSnapshotRaw({ asset: created.id }))
    const renamed = await checked("Asset", asset.assetUpdateRaw({ asset: { ...read, name: "say hello" } }))
    expect(renamed.name).toBe("say hello")
    expect(renamed.updated.value.getTime()).toBeGreaterThanOrEqual(read.updated.value.getTime())
    const reclassified = await checked("Asset", asset.assetReclassifyRaw({
      assetReclassification: { asset: renamed, ext: ClassificationSpecificEnum.Txt },
      transferables: false
    }))
    expect(reclassified.original.reference?.classification.specific).toBe("txt")
    expect(reclassified.original.reference?.fragment).toBeUndefined()
    const formats = await checked("Formats", asset.assetFormatsRaw({ asset: created.id }))
    expect(formats.iterable[0].fragment?.string?.raw).toBe(RUST)
    const exported = await checked("ExportedAsset", asset.assetSpecificAssetExportRaw({
      asset: created.id,
      exportType: AssetSpecificAssetExportExportTypeEnum.Html
    }))
    expect(exported.raw.string?.raw).toContain("<h1>say hello</h1>")
    await asset.assetScoresIncrement({ asset: created.id, seededScoreIncrement: { asset: { reuse: true } } })
    const scored = await asset.assetSnapshot({ asset: created.id })
    expect(scored.score?.reuse).toBe(1)
    expect(scored.updated.value).toEqual(reclassified.updated.value)
  })

  it("FormatApi: reads a format, replaces its content, classifies it anew", async () => {
    const format = new FormatApi(configuration)
    const created = await save(RUST)
    const original = await checked("Format", format.formatSnapshotRaw({ format: created.original.id, transferable: true }))
    const replaced = await checked("Format", format.formatUpdateValueRaw({
      format: { ...original, fragment: { ...original.fragment, string: { raw: "print('hello')\n" } } },
      transferable: true
    }))
    expect(replaced.fragment?.string?.raw).toBe("print('hello')\n")
    expect(replaced.bytes.value).toBe(15)
    const reclassified = await checked("Format", format.formatReclassifyRaw({
      formatReclassification: { format: replaced, ext: ClassificationSpecificEnum.Py }
    }))
    expect(reclassified.classification.specific).toBe("py")
  })

  it("SearchApi: full text, neural code and tag-based search", async () => {
    const search = new SearchApi(configuration)
    const created = await save("export const parseQueryString = (text: string) => new URLSearchParams(text)\n", "query strings")
    const fullText = await checked("SearchedAssets", search.fullTextSearchRaw({ query: "URLSearchParams" }))
    expect(fullText.iterable.map((hit) => hit.identifier)).toEqual([created.id])
    const neural = await checked("SearchedAssets", search.neuralCodeSearchRaw({ query: "parse a query string" }))
    expect(neural.iterable[0].identifier).toBe(created.id)
    const tag = await new TagsApi(configuration).tagsCreateNewTag({ seededTag: { text: "urls", asset: created.id } })
    const byTag = await checked("SearchedAssets", search.tagBasedSearchRaw({ seededAssetTags: { iterable: [{ text: tag.text }] } }))
    expect(byTag.iterable.map((hit) => hit.identifier)).toEqual([created.id])
  })

  it("TagsApi and TagApi: list, create, find, rename, put on and take off, delete", async () => {
    const tags = new TagsApi(configuration)
    const tagApi = new TagApi(configuration)
    const created = await save(RUST)
    const tag = await checked("Tag", tags.tagsCreateNewTagRaw({ seededTag: { text: "greetings" } }))
    const found = await checked("ExistingMetadata", tags.tagsExistsRaw({ existentMetadata: { value: "Greetings" } }))
    expect(found.tag?.id).toBe(tag.id)
    await tagApi.tagAssociateAsset({ tag: tag.id, asset: created.id })
    const renamed = await checked("Tag", tagApi.tagUpdateRaw({ tag: { ...tag, text: "salutations" } }))
    expect(renamed.assets?.iterable?.map((ref) => ref.id)).toEqual([created.id])
    const onAsset = await new AssetApi(configuration).assetSnapshot({ asset: created.id })
    expect(onAsset.tags?.iterable.map((t) => t.text)).toEqual(["salutations"])
    const listed = await checked("Tags", tags.tagsSnapshotRaw({}))
    expect(listed.iterable.map((t) => t.id)).toContain(tag.id)
    await new AssetApi(configuration).assetDisassociateTag({ asset: created.id, tag: tag.id })
    expect((await tagApi.tagsSpecificTagSnapshot({ tag: tag.id })).assets?.iterable).toEqual([])
    await tags.tagsDeleteSpecificTag({ tag: tag.id })
    await expect(tagApi.tagsSpecificTagSnapshot({ tag: tag.id })).rejects.toMatchObject({ response: { status: 404 } })
  })

  it("WebsitesApi, WebsiteApi, AnnotationsApi and AnnotationApi: create on an asset, read, update, delete", async () => {
    const created = await save(RUST)
    const websites = new WebsitesApi(configuration)
    const website = await checked("Website", websites.websitesCreateNewWebsiteRaw({
      seededWebsite: { url: "https://doc.rust-lang.org/std/string/", name: "String", asset: created.id }
    }))
    expect(website.assets?.iterable?.map((ref) => ref.id)).toEqual([created.id])
    const exists = await checked("ExistingMetadata", websites.websitesExistsRaw({ existentMetadata: { value: website.url } }))
    expect(exists.website?.id).toBe(website.id)
    const updated = await checked("Website", new WebsiteApi(configuration).websiteUpdateRaw({ website: { ...website, name: "std::string" } }))
    expect(updated.name).toBe("std::string")
    await checked("Websites", websites.websitesSnapshotRaw({}))

    const annotations = new AnnotationsApi(configuration)
    const annotation = await checked("Annotation", annotations.annotationsCreateNewAnnotationRaw({
      seededAnnotation: { type: AnnotationTypeEnum.Description, text: "Prints a greeting", asset: created.id }
    }))
    const edited = await checked("Annotation", new AnnotationApi(configuration).annotationUpdateRaw({
      annotation: { ...annotation, text: "Prints hello" }
    }))
    expect(edited.text).toBe("Prints hello")
    const onAsset = await new AssetApi(configuration).assetSnapshot({ asset: created.id })
    expect(onAsset.annotations?.iterable.map((a) => a.text)).toEqual(["Prints hello"])
    expect(onAsset.websites?.iterable.map((w) => w.name)).toEqual(["std::string"])
    await checked("Annotations", annotations.annotationsSnapshotRaw({}))
    await annotations.annotationsDeleteSpecificAnnotation({ annotation: annotation.id })
    await websites.websitesDeleteSpecificWebsite({ website: website.id })
    const bare = await new AssetApi(configuration).assetSnapshot({ asset: created.id })
    expect([bare.annotations?.iterable, bare.websites?.iterable]).toEqual([[], []])
  })
})
