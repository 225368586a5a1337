/**
 * The three WebSocket streams end to end, against the real process (Node, or Deno with E2E_RUNTIME=deno): the
 * current state first, then every change in order, none missed under concurrent writes, slow subscribers closed
 * while fast ones keep up, a client that pauses reading still served in commit order, subscriptions released on
 * disconnect, 426 for a plain GET.
 */
import { describe, expect, it } from "vitest"
import { codeSeed } from "./Http.ts"
import { schemaErrors } from "./OpenApiValidator.ts"
import { engine, runtime } from "./ServiceProcess.ts"
import { suiteService } from "./SuiteService.ts"

const idsOf = (frames: Array<any>): Array<string> =>
  frames.flatMap((frame) => frame.iterable.map((item: any) => item.asset?.id ?? item.id))

describe(`asset streams end to end (${runtime}, ${engine})`, () => {
  // Small limits, so that a slow subscriber falls behind within a few megabytes.
  const service = suiteService("streams-e2e", { STREAM_MAX_BACKLOG: "20", STREAM_MAX_BUFFERED_BYTES: String(256 * 1024) })
  const { http, open } = service
  const create = async (raw: string, extra: Record<string, unknown> = {}) => {
    const seed = codeSeed(raw, extra)
    // The language is given, so large test content is not run through detection.
    seed.asset.format.fragment = { ...seed.asset.format.fragment, metadata: { ext: "js" } } as never
    const answer = await http("POST", "/assets/create", seed)
    expect(answer.status).toBe(200)
    return answer.json.id as string
  }
  const stats = async () => (await http("GET", "/.well-known/stats")).json

  it("a plain GET on a stream answers 426 with a JSON error", async () => {
    for (const path of ["/assets/stream/identifiers", "/assets/stream", "/assets/stream/transferables"]) {
      const answer = await http("GET", path)
      expect(answer.status).toBe(426)
      expect(answer.json._tag).toBe("UpgradeRequired")
    }
  })

  it("an empty library's asset streams send one empty page first: the client knows it has the whole state", async () => {
    for (const path of ["/assets/stream", "/assets/stream/transferables"]) {
      const client = await open(path)
      expect((await client.waitFor((frames) => frames.length >= 1))[0]).toEqual({ iterable: [] })
      await client.close()
    }
  })

  it("identifiers: every non-pseudo id first, then created and deleted ids in order", async () => {
    const saved = await create("const saved = 1")
    const pseudo = await create("const pseudo = 1", { pseudo: true })
    const client = await open("/assets/stream/identifiers")
    const [first] = await client.waitFor((frames) => frames.length >= 1)
    expect(schemaErrors("StreamedIdentifiers", first)).toEqual([])
    expect(idsOf([first])).toContain(saved)
    expect(idsOf([first])).not.toContain(pseudo)

    const created = await create("const created = 2")
    await create("const hiddenPseudo = 2", { pseudo: true })
    expect((await http("POST", `/assets/${saved}/delete`)).status).toBe(200)
    const frames = await client.waitFor((frames) => frames.length >= 3)
    expect(frames.slice(1, 3)).toEqual([
      { iterable: [{ asset: { id: created } }] },
      { iterable: [{ asset: { id: saved }, deleted: true }] }
    ])
    for (const frame of frames) expect(schemaErrors("StreamedIdentifiers", frame)).toEqual([])
  })

  it("assets: the current assets without content, then changes; a deletion carries its deleted time", async () => {
    const id = await create("function streamed() { return 42 }")
    const lean = await open("/assets/stream")
    const full = await open("/assets/stream/transferables")
    const [leanFirst] = await lean.waitFor((frames) => frames.length >= 1)
    const [fullFirst] = await full.waitFor((frames) => frames.length >= 1)
    expect(schemaErrors("Assets", leanFirst)).toEqual([])
    const leanAsset = leanFirst.iterable.find((asset: any) => asset.id === id)
    const fullAsset = fullFirst.iterable.find((asset: any) => asset.id === id)
    expect(leanAsset.formats.iterable[0].fragment).toBeUndefined()
    expect(fullAsset.formats.iterable[0].fragment.string.raw).toBe("function streamed() { return 42 }")

    await http("POST", `/assets/${id}/delete`)
    const deletion = (await full.waitFor((frames) => frames.length >= 2))[1]
    expect(schemaErrors("Assets", deletion)).toEqual([])
    expect(deletion.iterable[0].id).toBe(id)
    expect(Date.parse(deletion.iterable[0].deleted.value)).not.toBeNaN()
  })

  it("the current state spans several bounded frames when the library is large", async () => {
    await Promise.all(Array.from({ length: 250 }, (_, i) => create(`const bulk${i} = ${i}`)))
    const client = await open("/assets/stream")
    const live = (await http("GET", "/assets/identifiers")).json.iterable.length
    const frames = await client.waitFor((frames) => idsOf(frames).length >= live)
    expect(frames.length).toBeGreaterThan(2)
    for (const frame of frames) expect(frame.iterable.length).toBeLessThanOrEqual(100)
    expect(new Set(idsOf(frames)).size).toBe(live)
  })

  it("misses no change committed while a client connects under concurrent writes", async () => {
    const writes: Array<Promise<string>> = []
    for (let i = 0; i < 60; i++) writes.push(create(`let concurrent${i} = ${i}`))
    const client = await open("/assets/stream/identifiers")
    for (let i = 60; i < 120; i++) writes.push(create(`let concurrent${i} = ${i}`))
    const ids = await Promise.all(writes)
    const frames = await client.waitFor((frames) => ids.every((id) => idsOf(frames).includes(id)))
    expect(ids.filter((id) => !idsOf(frames).includes(id))).toEqual([])
  })

  it("closes a subscriber that stops reading, with 4000, while a fast one keeps every change", async () => {
    const slow = await open("/assets/stream/transferables")
    const fast = await open("/assets/stream/identifiers")
    await slow.waitFor((frames) => frames.length >= 1)
    await fast.waitFor((frames) => frames.length >= 1)
    const subscribers = (await stats()).streams.subscribers
    slow.stopReading()
    const big = "x".repeat(64 * 1024)
    const ids: Array<string> = []
    // Enough unread content to fill the kernel's socket buffers and then the service's limits; the service drops
    // the slow subscription as soon as it falls behind.
    for (let batch = 0; batch < 60 && (await stats()).streams.subscribers === subscribers; batch++) {
      ids.push(...await Promise.all(Array.from({ length: 10 }, (_, i) => create(`// ${batch}-${i}\n${big}`))))
    }
    expect((await stats()).streams.subscribers).toBe(subscribers - 1)
    // Reading again, the slow client finds the close frame after what it had not read.
    slow.resumeReading()
    expect(await slow.closed).toEqual({ code: 4000, reason: "subscriber fell behind: reconnect for a fresh state" })
    const frames = await fast.waitFor((frames) => ids.every((id) => idsOf(frames).includes(id)))
    expect(ids.filter((id) => !idsOf(frames).includes(id))).toEqual([])
  }, 60_000)

  it("a client that stops reading for a while gets every change afterwards, in commit order", async () => {
    const client = await open("/assets/stream/transferables")
    const live = (await http("GET", "/assets/identifiers")).json.iterable.length
    const before = (await client.waitFor((frames) => idsOf(frames).length >= live)).length
    client.stopReading()
    // More than the kernel's socket buffers hold, so that frames wait in the service (fewer than its backlog limit).
    const big = "y".repeat(700 * 1024)
    const ids: Array<string> = []
    for (let i = 0; i < 12; i++) ids.push(await create(`// ordered ${i}\n${big}`))
    // Changes committed while the waiting frames drain must come after them.
    client.resumeReading()
    for (let i = 12; i < 16; i++) ids.push(await create(`// ordered ${i}\n${big}`))
    const frames = await client.waitFor((frames) => ids.every((id) => idsOf(frames).includes(id)), 30_000)
    expect(idsOf(frames.slice(before))).toEqual(ids)
    await client.close()
  }, 60_000)

  it("releases every subscription when clients disconnect", async () => {
    await service.closeStreams()
    // The service's own subscribers (the MCP resource notifications) stay: counted once the closed streams let go.
    let own = -1
    for (let tries = 0; tries < 250; tries++) {
      const { connections, subscribers } = (await stats()).streams
      if (connections === 0 && subscribers === own) break
      own = subscribers
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const opened = await Promise.all(Array.from({ length: 5 }, () => open("/assets/stream/identifiers")))
    await Promise.all(opened.map((client) => client.waitFor((frames) => frames.length >= 1)))
    expect((await stats()).streams).toEqual({ connections: 5, subscribers: own + 5 })
    await service.closeStreams()
    const deadline = Date.now() + 5_000
    while (Date.now() < deadline && (await stats()).streams.subscribers > own) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect((await stats()).streams).toEqual({ connections: 0, subscribers: own })
  })

  it("closes open streams with 1001 on SIGTERM", async () => {
    const client = await open("/assets/stream/identifiers")
    await client.waitFor((frames) => frames.length >= 1)
    await service.stop()
    expect((await client.closed).code).toBe(1001)
  })
})
