/**
 * The one commit path, end to end: a write whose client disconnects at any moment is either not committed or
 * committed whole (found by search, announced on the streams); edits racing deletions are announced in commit
 * order, so no stream client brings a deleted asset back.
 */
import { describe, expect, it } from "vitest"
import { request } from "node:http"
import { codeSeed } from "./Http.ts"
import { engine, runtime } from "./ServiceProcess.ts"
import { suiteService } from "./SuiteService.ts"

/** Sends a POST and destroys the connection `afterMs` after the body went out, without reading the answer. */
const abandonedPost = (baseUrl: string, path: string, body: unknown, afterMs: number) =>
  new Promise<void>((resolve) => {
    const text = JSON.stringify(body)
    const req = request(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) }
    })
    req.on("error", () => resolve())
    req.on("close", () => resolve())
    req.end(text, () => setTimeout(() => req.destroy(), afterMs))
  })

describe(`one commit path (${runtime}, ${engine})`, () => {
  const service = suiteService("writes-e2e")
  const { http } = service
  /** A stream that has sent its current state. */
  const open = async (path: string) => {
    const stream = await service.open(path)
    await stream.waitFor((frames) => frames.length >= 1)
    return stream
  }

  it("a create whose client disconnects at any moment is, if committed, searchable and announced", async () => {
    const identifiers = await open("/assets/stream/identifiers")
    // One save first: the language grammars load on the first detection, which would outlast every client below.
    expect((await http("POST", "/assets/create", codeSeed("const warmUp = 1"))).status).toBe(200)
    const tokens = Array.from({ length: 200 }, (_, i) => `abandonedToken${i}x${Date.now() % 1000}`)
    // Code of some size, so that each write takes a moment; connections dropped from 0 to 40 ms after sending.
    const code = (token: string) => `const ${token} = ${JSON.stringify("x".repeat(20_000))}\n`
    await Promise.all(tokens.map((token, i) =>
      abandonedPost(service.baseUrl(), "/assets/create", codeSeed(code(token), { metadata: { name: token } }), (i * 7) % 41)
    ))
    // Let the writes that were committed finish their work, then compare the store with search and the stream: each
    // committed one is announced (its followers apply it whether or not its client waits).
    await new Promise((resolve) => setTimeout(resolve, 500))
    const stored = (await http("GET", "/assets?transferables=false")).json.iterable as Array<any>
    const committed = stored.filter((asset) => tokens.includes(asset.name))
    const announcedIds = (frames: Array<any>) =>
      new Set(frames.slice(1).flatMap((frame) => frame.iterable.map((item: any) => item.asset.id)))
    await identifiers.waitFor((frames) => committed.every((asset) => announcedIds(frames).has(asset.id))).catch(() => undefined)
    const announced = announcedIds(identifiers.frames)
    for (const asset of committed) {
      const found = (await http("GET", `/search/full_text?query=${asset.name}`)).json
      expect(found.iterable.map((hit: any) => hit.identifier), asset.name).toEqual([asset.id])
      expect(announced.has(asset.id), `${asset.name} announced`).toBe(true)
    }
    console.log(`disconnected creates (${runtime}): ${committed.length} of ${tokens.length} committed, all searchable and announced`)
  })

  it("an update racing a delete of one asset, many times: every stream ends with the deletion", async () => {
    const identifiers = await open("/assets/stream/identifiers")
    const assets = await open("/assets/stream")
    const ids: Array<string> = []
    for (let round = 0; round < 40; round++) {
      const created = (await http("POST", "/assets/create", codeSeed(`const raced${round} = ${round}`))).json
      ids.push(created.id)
      const answers = await Promise.all([
        http("POST", "/asset/update", { ...created, name: `raced ${round}` }),
        http("POST", `/assets/${created.id}/delete`)
      ])
      // Whichever committed first, the other either succeeded before it or was refused after it.
      expect([200, 410]).toContain(answers[0].status)
      expect(answers[1].status).toBe(200)
    }
    const lastOf = (frames: Array<any>, id: string, deleted: (item: any) => boolean) =>
      frames.flatMap((frame) => frame.iterable).filter((item: any) => (item.asset?.id ?? item.id) === id).map(deleted).at(-1)
    await assets.waitFor((frames) => ids.every((id) => lastOf(frames, id, (item) => item.deleted !== undefined) === true))
    await identifiers.waitFor((frames) => ids.every((id) => lastOf(frames, id, (item) => item.deleted === true) === true))
    for (const id of ids) expect((await http("GET", `/asset/${id}`)).status).toBe(410)
  })
})
