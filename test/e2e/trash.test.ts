/**
 * The trash, end to end: a deleted asset is gone from everything that finds assets (410, listings, search, streams)
 * but listed in the trash with its content; restored, it is back exactly as it was (ids, tags, times, content) and
 * announced like a create; purged, it is gone for good.
 */
import { describe, expect, it } from "vitest"
import { codeSeed } from "./Http.ts"
import { engine, runtime } from "./ServiceProcess.ts"
import { suiteService } from "./SuiteService.ts"

const CODE = "export const trashedHelper = (items) => items.filter(Boolean).map((item) => item.trim())\n"

describe(`trash (${runtime}, ${engine})`, () => {
  const service = suiteService("trash-e2e")
  const { http } = service

  const saved = async (code: string, name: string) => {
    const seed = codeSeed(code, {
      metadata: { name, ext: "ts", tags: [{ text: "trash-test" }], websites: [{ url: "https://example.com/trash", name }] }
    })
    const created = await http("POST", "/assets/create", seed)
    expect(created.status).toBe(200)
    return created.json
  }
  const listedIds = async (path: string) => ((await http("GET", path)).json.iterable as Array<any>).map((a) => a.id)

  it("a deleted asset is found by nothing but the trash, which keeps it with its content and time of deletion", async () => {
    const asset = await saved(CODE, "trashed helper")
    expect((await http("POST", `/assets/${asset.id}/delete`)).status).toBe(200)
    expect((await http("GET", `/assets/${asset.id}`)).status).toBe(410)
    expect(await listedIds("/assets?transferables=false")).not.toContain(asset.id)
    expect((await http("GET", "/search/full_text?query=trashedHelper")).json.iterable).toEqual([])

    const trash = (await http("GET", "/trash")).json.iterable as Array<any>
    const listed = trash.find((item) => item.id === asset.id)
    expect(listed.deleted.value).toMatch(/^\d{4}-/)
    expect(listed.tags.iterable.map((tag: any) => tag.text)).toEqual(["trash-test"])
    expect(listed.formats.iterable[0].fragment).toBeUndefined()
    const withContent = ((await http("GET", "/trash?transferables=true")).json.iterable as Array<any>)
      .find((item) => item.id === asset.id)
    expect(withContent.formats.iterable[0].fragment.string.raw).toBe(CODE)
  })

  it("a restored asset is back exactly as it was, found again and announced like a create", async () => {
    const asset = await saved(CODE.replaceAll("trashedHelper", "restoredHelper"), "restored helper")
    const identifiers = await service.open("/assets/stream/identifiers")
    await identifiers.waitFor((frames) => frames.length >= 1)
    expect((await http("POST", `/assets/${asset.id}/delete`)).status).toBe(200)

    const restored = await http("POST", `/trash/${asset.id}/restore`)
    expect(restored.status).toBe(200)
    expect(restored.json).toEqual(asset)
    expect((await http("GET", `/assets/${asset.id}`)).json).toEqual(asset)
    expect(await listedIds("/trash")).not.toContain(asset.id)
    const found = (await http("GET", "/search/full_text?query=restoredHelper")).json.iterable
    expect(found.map((hit: any) => hit.identifier)).toEqual([asset.id])
    const lastFrame = (frames: Array<any>) =>
      frames.flatMap((frame) => frame.iterable ?? []).filter((item: any) => item.asset?.id === asset.id).at(-1)
    await identifiers.waitFor((frames) => lastFrame(frames) !== undefined && lastFrame(frames).deleted !== true)
  })

  it("restore and purge refuse what is not in the trash: 409 for a live asset, 404 for one unknown", async () => {
    const asset = await saved("const liveOne = [1, 2, 3].map((n) => n * 2)\n", "live one")
    const unknown = "00000000-0000-4000-8000-000000000000"
    expect((await http("POST", `/trash/${asset.id}/restore`)).status).toBe(409)
    expect((await http("POST", `/trash/${asset.id}/purge`)).status).toBe(409)
    expect((await http("POST", `/trash/${unknown}/restore`)).status).toBe(404)
    expect((await http("POST", `/trash/${unknown}/purge`)).status).toBe(404)
    expect((await http("POST", "/trash/not-a-uuid/restore")).status).toBe(400)
  })

  it("a purged asset is gone for good; emptying the trash purges every asset in it", async () => {
    const first = await saved("const purgedFirst = new Map([[1, 'a']])\n", "purged first")
    const second = await saved("const purgedSecond = new Set(['a', 'b'])\n", "purged second")
    for (const asset of [first, second]) expect((await http("POST", `/assets/${asset.id}/delete`)).status).toBe(200)
    expect((await http("POST", `/trash/${first.id}/purge`)).status).toBe(204)
    expect((await http("GET", `/assets/${first.id}`)).status).toBe(404)
    expect(await listedIds("/trash")).not.toContain(first.id)
    expect(await listedIds("/trash")).toContain(second.id)
    const emptied = await http("POST", "/trash/purge")
    expect(emptied.status).toBe(200)
    expect(emptied.json.purged).toBeGreaterThanOrEqual(1)
    expect(await listedIds("/trash")).toEqual([])
    expect((await http("GET", `/assets/${second.id}`)).status).toBe(404)
  })
})
