/**
 * The connector operations end to end against the real process (Node, or Deno with E2E_RUNTIME=deno):
 * suggestions that recognise saved code, reactions that save or record reuse, intentions, onboarding, tracking,
 * related and recommended assets; unknown and malformed application ids; everything kept across a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { application, call, creation, getWithBody } from "./Http.ts"
import { schemaErrors } from "./OpenApiValidator.ts"
import { engine, runtime, startService, type RunningService } from "./ServiceProcess.ts"
import { openStream } from "./StreamClient.ts"

const MERGE_SORT = `export function mergeSort(values: Array<number>): Array<number> {
  if (values.length <= 1) return values
  const middle = Math.floor(values.length / 2)
  const left = mergeSort(values.slice(0, middle))
  const right = mergeSort(values.slice(middle))
  const merged: Array<number> = []
  while (left.length > 0 && right.length > 0) {
    merged.push(left[0] <= right[0] ? left.shift()! : right.shift()!)
  }
  return [...merged, ...left, ...right]
}
`
const RETRY = `async function retry(task, attempts = 3, delayMs = 200) {
  let lastError
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await task()
    } catch (error) {
      lastError = error
      await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** attempt))
    }
  }
  throw lastError
}
`
const DOCUMENTED = `export const dispatch = (target, event) => {
  // 4. Initialize any other IDL attributes of event as described in the
  //    invocation of this algorithm.

  // 5. Return the result of dispatching event at target, with legacy target
  //    override flag set if set.
  return target.dispatchEvent(event)
}
`
const NEVER_SAVED = `def parse_headers(lines):
    headers = {}
    for line in lines:
        if not line.strip():
            break
        key, _, value = line.partition(":")
        headers[key.strip().lower()] = value.strip()
    return headers
`

describe(`connector end to end (${runtime}, ${engine})`, () => {
  const dir = mkdtempSync(join(tmpdir(), "connector-e2e-"))
  const dbPath = join(dir, "assets.db")
  let service: RunningService
  let app: string
  const saved: Record<string, string> = {}
  const http = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call(service.baseUrl, method, path, body, headers)

  beforeAll(async () => {
    service = await startService(dbPath)
    app = (await http("POST", "/connect", { application })).json.application.id
    for (const [name, raw] of Object.entries({ mergeSort: MERGE_SORT, retry: RETRY, documented: DOCUMENTED })) {
      saved[name] = (await http("POST", "/assets/create", {
        type: "SEEDED_ASSET",
        asset: { application, format: { fragment: { string: { raw } } }, metadata: { tags: [{ text: "algorithms" }] } }
      })).json.id
    }
  })
  afterAll(async () => {
    await service?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("suggests reusing a saved snippet for a copy with other whitespace, comments and names", async () => {
    const copy = MERGE_SORT.replaceAll("values", "items").replaceAll("merged", "out").replace("{\n", "{ // sort\n")
      .replaceAll("  ", "    ")
    const answer = await http("POST", `/${app}/suggestion`, creation(copy))
    expect(answer.status).toBe(200)
    expect(schemaErrors("Suggestion", answer.json)).toEqual([])
    expect(answer.json.reuse.suggested).toBe(true)
    expect(answer.json.reuse.assets.iterable[0].id).toBe(saved.mergeSort)
    expect(answer.json.save.suggested).toBe(false)
    // A consistent renaming scores just under an identical copy, so that the copy with the same names ranks first.
    expect(answer.json.distribution[saved.mergeSort]).toBeGreaterThanOrEqual(0.98)
    expect(answer.json.target.vector).toBe(Math.round(100 * answer.json.distribution[saved.mergeSort]))
  })

  it("recognises a fragment cut from a saved snippet", async () => {
    const fragment = RETRY.split("\n").slice(2, 9).join("\n")
    const answer = await http("POST", `/${app}/suggestion`, creation(fragment))
    expect(answer.json.reuse.suggested).toBe(true)
    expect(answer.json.reuse.assets.iterable[0].id).toBe(saved.retry)
  })

  it("recognises a paste of a saved snippet's comments, with its one call: too little code to compare", async () => {
    const paste = DOCUMENTED.split("\n").slice(1, 7).join("\n")
    const answer = await http("POST", `/${app}/suggestion`, creation(paste))
    expect(answer.json.reuse.suggested).toBe(true)
    expect(answer.json.reuse.assets.iterable[0].id).toBe(saved.documented)
    expect(answer.json.distribution[saved.documented]).toBe(1)
    const reworded = await http("POST", `/${app}/suggestion`, creation(paste.replace("legacy target", "legacy")))
    expect(reworded.json.reuse.suggested).toBe(false)
  })

  it("suggests saving new code of substance, and nothing for trivial input", async () => {
    const fresh = await http("POST", `/${app}/suggestion`, creation(NEVER_SAVED))
    expect(fresh.json.reuse).toMatchObject({ suggested: false, assets: { iterable: [] } })
    expect(fresh.json.save.suggested).toBe(true)
    for (const trivial of ["", "   ", "counter", "x = 1"]) {
      const answer = await http("POST", `/${app}/suggestion`, creation(trivial))
      expect(answer.json.reuse.suggested).toBe(false)
      expect(answer.json.save.suggested).toBe(false)
    }
    const empty = await http("POST", `/${app}/suggestion`, {})
    expect(empty.json.save.suggested).toBe(false)
  })

  it("a reaction saves the suggested snippet (mechanism RECOMMENDED) or records a reuse", async () => {
    const savedId = await http("POST", `/${app}/reaction`, { save: true, seed: creation(NEVER_SAVED) })
    expect(savedId.status).toBe(200)
    const asset = (await http("GET", `/assets/${savedId.text}`)).json
    expect(asset.mechanism).toBe("RECOMMENDED")
    expect(asset.formats.iterable[0].application.id).toBe(app)
    const suggested = await http("GET", "/assets?suggested=true")
    expect(suggested.json.iterable.map((a: any) => a.id)).toEqual([savedId.text])

    const reused = await http("POST", `/${app}/reaction`, { save: false, seed: creation(RETRY), reuse: { asset: saved.retry } })
    expect(reused.text).toBe(saved.retry)
    const after = (await http("GET", `/assets/${saved.retry}`)).json
    expect(after.score.reuse).toBe(1)
    expect(Date.parse(after.interacted.value)).not.toBeNaN()
    const unknown = await http("POST", `/${app}/reaction`, {
      save: false,
      seed: {},
      reuse: { asset: "0b7e2f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b" }
    })
    expect(unknown.status).toBe(404)
  })

  it("a recorded reuse reaches the streams as an update of that asset", async () => {
    const stream = await openStream(service.baseUrl, "/assets/stream/identifiers")
    await stream.waitFor((frames) => frames.length >= 1)
    await http("POST", `/${app}/reaction`, { save: false, seed: {}, reuse: { asset: saved.mergeSort } })
    const frames = await stream.waitFor((frames) => frames.length >= 2)
    expect(frames[1]).toEqual({ iterable: [{ asset: { id: saved.mergeSort } }] })
    await stream.close()
  })

  it("an intention makes matching code a save suggestion, even when small", async () => {
    const intended = "total = sum(order.amount)"
    expect((await http("POST", `/${app}/suggestion`, creation(intended))).json.save.suggested).toBe(false)
    expect((await http("POST", `/${app}/intention`, creation(intended).asset)).status).toBe(200)
    const answer = await http("POST", `/${app}/suggestion`, creation(intended))
    expect(answer.json.save.suggested).toBe(true)
    const blank = await http("POST", `/${app}/intention`, { format: { fragment: { string: { raw: " " } } } })
    expect(blank.status).toBe(400)
  })

  it("onboarded sets the flag that the next connect shows, by path or by header", async () => {
    expect((await http("POST", `/${app}/onboarded`, true)).text).toBe("true")
    expect((await http("POST", "/connect", { application })).json.application.onboarded).toBe(true)
    expect((await http("POST", "/onboarded", false, { "X-Application-ID": app })).status).toBe(200)
    expect((await http("POST", "/connect", { application })).json.application.onboarded).toBe(false)
    expect((await http("POST", "/onboarded", true)).status).toBe(400)
    expect((await http("POST", "/onboarded", true, { application: "not-a-uuid" })).status).toBe(400)
  })

  it("track persists events and updates the asset's interaction data", async () => {
    const viewed = await http("POST", `/${app}/track`, {
      asset: { asset: { id: saved.mergeSort }, identifier_description_pair: { asset_viewed: "opened in the editor" } }
    })
    expect(viewed.status).toBe(200)
    const format = (await http("GET", `/assets/${saved.mergeSort}`)).json.formats.iterable[0].id
    await http("POST", `/${app}/track`, {
      format: { format: { id: format }, identifier_description_pair: { format_copied: "copied" } }
    })
    const asset = (await http("GET", `/assets/${saved.mergeSort}`)).json
    expect(asset.score).toMatchObject({ reference: 1, reuse: 2 })
    expect((await http("POST", `/${app}/track`, { session: { identifier_description_pair: { session_initialized: "" } } })).status)
      .toBe(200)
    expect((await http("POST", `/${app}/track`, {})).status).toBe(400)
  })

  it("related and recommended: the most similar assets, inputs excluded; GET with a body and POST alike", async () => {
    const variant = await http("POST", "/assets/create", {
      type: "SEEDED_ASSET",
      asset: { application, format: { fragment: { string: { raw: MERGE_SORT.replace("<= 1", "< 2") } } } }
    })
    const input = (await http("GET", `/assets/${saved.mergeSort}`)).json
    const related = await http("POST", "/assets/related", { iterable: [input] })
    expect(related.status).toBe(200)
    expect(schemaErrors("Assets", related.json)).toEqual([])
    const ids = related.json.iterable.map((a: any) => a.id)
    expect(ids[0]).toBe(variant.json.id)
    expect(ids).not.toContain(saved.mergeSort)
    const viaGet = await getWithBody(service.baseUrl, "/assets/related", { iterable: [input] })
    expect(viaGet.json.iterable.map((a: any) => a.id)).toEqual(ids)
    expect((await getWithBody(service.baseUrl, "/assets/related", { iterable: "no" })).status).toBe(400)

    const recommended = await http("POST", "/assets/recommended", {
      assets: { iterable: [input] },
      interactions: { iterable: [{ asset: saved.mergeSort, interactions: { viewed: "PT2M", touched: true } }] }
    })
    expect(recommended.status).toBe(200)
    expect(recommended.json.iterable[0].id).toBe(variant.json.id)
    const unpaired = await http("POST", "/assets/recommended", { assets: { iterable: [input] }, interactions: { iterable: [] } })
    expect(unpaired.status).toBe(400)
    const badDuration = await http("POST", "/assets/recommended", {
      assets: { iterable: [input] },
      interactions: { iterable: [{ interactions: { viewed: "two minutes" } }] }
    })
    expect(badDuration.status).toBe(400)
  })

  it("answers 401 for an application that never connected and 400 for a malformed id or body", async () => {
    const stranger = "0b7e2f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b"
    const validBodies: Record<string, unknown> = {
      intention: creation(RETRY).asset,
      suggestion: creation(RETRY),
      reaction: { save: false, seed: {} },
      track: { session: {} },
      onboarded: true
    }
    for (const [operation, body] of Object.entries(validBodies)) {
      expect((await http("POST", `/${stranger}/${operation}`, body)).status).toBe(401)
      expect((await http("POST", `/not-a-uuid/${operation}`, body)).status).toBe(400)
    }
    const badBody = await http("POST", `/${app}/reaction`, { save: "yes" })
    expect(badBody.status).toBe(400)
    expect(JSON.stringify(badBody.json.issues)).toContain("save")
  })

  it("keeps onboarding, intentions, reuse scores and the similarity index across a restart", async () => {
    await http("POST", `/${app}/onboarded`, true)
    await service.stop()
    service = await startService(dbPath)
    expect((await http("POST", "/connect", { application })).json.application.onboarded).toBe(true)
    const copy = await http("POST", `/${app}/suggestion`, creation(RETRY))
    expect(copy.json.reuse.assets.iterable[0].id).toBe(saved.retry)
    const intended = "total = sum(order.amount)"
    expect((await http("POST", `/${app}/suggestion`, creation(intended))).json.save.suggested).toBe(true)
    expect((await http("GET", `/assets/${saved.retry}`)).json.score.reuse).toBe(1)
  })
})
