/**
 * End to end: what keeps web pages out (Host and Origin checks, CORS only for allowed origins, WebSocket upgrades
 * included) and what bounds a request (body size, JSON nesting). Every refusal is a JSON 4xx, writes nothing and
 * leaves the service serving.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import WebSocket from "ws"
import { call, codeSeed, rawRequest } from "./Http.ts"
import { engine, runtime, startService, type RunningService } from "./ServiceProcess.ts"

const CODE = "export const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))\n"
const MAX_BODY_BYTES = 10 * 1024 * 1024

/** How a WebSocket upgrade went: opened, or refused with the status the service answered. */
const upgrade = (baseUrl: string, path: string, headers: Record<string, string>) =>
  new Promise<{ opened: boolean; status?: number }>((resolve) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}${path}`, { headers })
    ws.once("open", () => {
      ws.close()
      resolve({ opened: true })
    })
    ws.once("unexpected-response", (_request, response) => {
      resolve({ opened: false, status: response.statusCode ?? 0 })
      response.resume()
      ws.terminate()
    })
    ws.once("error", () => resolve({ opened: false }))
  })

describe(`hostile pages and oversized requests (${runtime}, ${engine})`, () => {
  const dir = mkdtempSync(join(tmpdir(), "assets-security-"))
  let service: RunningService
  let configured: RunningService
  const identifiers = async () => (await call(service.baseUrl, "GET", "/assets/identifiers?pseudo=true")).json.iterable
  const healthy = async () => expect((await call(service.baseUrl, "GET", "/.well-known/health")).status).toBe(200)

  beforeAll(async () => {
    ;[service, configured] = await Promise.all([
      startService(join(dir, "assets.db")),
      startService(join(dir, "configured.db"), {
        ALLOWED_ORIGINS: "https://tool.example, null",
        ALLOWED_HOSTS: "devbox.lan",
        MAX_BODY_BYTES: "4096"
      })
    ])
  })
  afterAll(async () => {
    await Promise.all([service?.stop(), configured?.stop()])
    rmSync(dir, { recursive: true, force: true })
  })

  it("answers loopback Host names and refuses any other (DNS rebinding) with 403, writing nothing", async () => {
    const port = new URL(service.baseUrl).port
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `app.localhost:${port}`]) {
      const answer = await rawRequest(service.baseUrl, "GET", "/assets/identifiers", { headers: { host } })
      expect(answer.status, host).toBe(200)
    }
    const before = await identifiers()
    for (const host of [`attacker.example:${port}`, "attacker.example", `192.168.1.20:${port}`, `127.0.0.1.nip.io`]) {
      const answer = await rawRequest(service.baseUrl, "POST", "/assets/create", {
        headers: { host },
        body: JSON.stringify(codeSeed(CODE))
      })
      expect(answer.status, host).toBe(403)
      expect(answer.json._tag).toBe("HostNotAllowed")
      expect(answer.json.message).toContain(host)
    }
    expect(await identifiers()).toEqual(before)
  })

  it("refuses web pages' origins with 403 and no CORS headers; extensions, webviews and loopback pages get CORS", async () => {
    const before = await identifiers()
    for (const origin of ["https://attacker.example", "http://localhost.attacker.example", "null"]) {
      const answer = await rawRequest(service.baseUrl, "POST", "/assets/create", {
        headers: { origin },
        body: JSON.stringify(codeSeed(CODE))
      })
      expect(answer.status, origin).toBe(403)
      expect(answer.json._tag).toBe("OriginNotAllowed")
      expect(answer.headers["access-control-allow-origin"]).toBeUndefined()
    }
    expect(await identifiers()).toEqual(before)

    for (const origin of ["chrome-extension://abcdefghijklmnop", "moz-extension://1234", "vscode-webview://xyz", "http://localhost:5173"]) {
      const answer = await rawRequest(service.baseUrl, "GET", "/assets/identifiers", { headers: { origin } })
      expect(answer.status, origin).toBe(200)
      expect(answer.headers["access-control-allow-origin"]).toBe(origin)
    }
    // Local tools send no Origin: served, and no CORS headers are needed.
    const local = await rawRequest(service.baseUrl, "GET", "/assets/identifiers")
    expect(local.status).toBe(200)
    expect(local.headers["access-control-allow-origin"]).toBeUndefined()
  })

  it("answers CORS preflights for allowed origins only", async () => {
    const preflight = (origin: string) =>
      rawRequest(service.baseUrl, "OPTIONS", "/assets/create", {
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" }
      })
    const allowed = await preflight("chrome-extension://abcdefghijklmnop")
    expect(allowed.status).toBe(204)
    expect(allowed.headers["access-control-allow-origin"]).toBe("chrome-extension://abcdefghijklmnop")
    expect(String(allowed.headers["access-control-allow-methods"])).toContain("POST")
    expect(allowed.headers["access-control-allow-headers"]).toBe("content-type")
    const refused = await preflight("https://attacker.example")
    expect(refused.status).toBe(403)
    expect(refused.headers["access-control-allow-origin"]).toBeUndefined()
  })

  it("applies the same checks to WebSocket upgrades", async () => {
    const path = "/assets/stream/identifiers"
    expect(await upgrade(service.baseUrl, path, {})).toEqual({ opened: true })
    expect(await upgrade(service.baseUrl, path, { origin: "chrome-extension://abcdefghijklmnop" })).toEqual({
      opened: true
    })
    expect(await upgrade(service.baseUrl, path, { origin: "https://attacker.example" })).toEqual({
      opened: false,
      status: 403
    })
    expect(await upgrade(service.baseUrl, path, { host: "attacker.example" })).toEqual({ opened: false, status: 403 })
  })

  it("adds ALLOWED_ORIGINS and ALLOWED_HOSTS to the defaults", async () => {
    const get = (headers: Record<string, string>) =>
      rawRequest(configured.baseUrl, "GET", "/assets/identifiers", { headers })
    expect((await get({ origin: "https://tool.example" })).status).toBe(200)
    expect((await get({ origin: "null" })).status).toBe(200)
    expect((await get({ origin: "chrome-extension://abcdefghijklmnop" })).status).toBe(200)
    expect((await get({ origin: "https://other.example" })).status).toBe(403)
    expect((await get({ host: "devbox.lan" })).status).toBe(200)
    expect((await get({ host: "other.lan" })).status).toBe(403)
  })

  it("refuses a body over MAX_BODY_BYTES with 413 before reading it, and accepts one just under", async () => {
    const before = await identifiers()
    const over = JSON.stringify(codeSeed("x".repeat(MAX_BODY_BYTES)))
    const refused = await rawRequest(service.baseUrl, "POST", "/assets/create", { body: over })
    expect(refused.status).toBe(413)
    expect(refused.json).toMatchObject({ _tag: "BodyTooLarge", maxBytes: MAX_BODY_BYTES })
    // Without a declared length (chunked) the body is read up to the limit, the rest dropped as it arrives.
    const chunked = await rawRequest(service.baseUrl, "POST", "/assets/create", { body: over, chunked: true })
    expect(chunked.status).toBe(413)
    expect(chunked.json._tag).toBe("BodyTooLarge")
    expect(await identifiers()).toEqual(before)
    await healthy()

    // The largest snippet: the body limit less the envelope (newlines cost two bytes once escaped).
    const envelope = JSON.stringify(codeSeed("")).length
    const line = "const value = compute(input) // one line of a long generated file\n"
    const raw = line.repeat(Math.floor((MAX_BODY_BYTES - envelope - 1024) / (line.length + 1)))
    const accepted = await rawRequest(service.baseUrl, "POST", "/assets/create?transferables=false", {
      body: JSON.stringify(codeSeed(raw))
    })
    expect(accepted.status).toBe(200)
    const stored = await call(service.baseUrl, "GET", `/assets/${accepted.json.id}`)
    expect(stored.json.formats.iterable[0].fragment.string.raw).toBe(raw)
    // A chunked body under the limit reaches the operation whole.
    const chunkedCode = `${CODE}export const chunkedUpload = ${JSON.stringify("z".repeat(200_000))}\n`
    const viaChunks = await rawRequest(service.baseUrl, "POST", "/assets/create?transferables=false", {
      body: JSON.stringify(codeSeed(chunkedCode)),
      chunked: true
    })
    expect(viaChunks.status).toBe(200)
    const storedChunks = await call(service.baseUrl, "GET", `/assets/${viaChunks.json.id}`)
    expect(storedChunks.json.formats.iterable[0].fragment.string.raw).toBe(chunkedCode)
  })

  it("honours a configured MAX_BODY_BYTES", async () => {
    const answer = await rawRequest(configured.baseUrl, "POST", "/assets/create", {
      body: JSON.stringify(codeSeed("y".repeat(5000)))
    })
    expect(answer.status).toBe(413)
    expect(answer.json.maxBytes).toBe(4096)
    expect((await rawRequest(configured.baseUrl, "POST", "/assets/create", { body: JSON.stringify(codeSeed(CODE)) })).status)
      .toBe(200)
  })

  it("refuses deeply nested JSON with 400, while brackets inside strings are only text", async () => {
    const before = await identifiers()
    const deep = `{"type":"SEEDED_ASSET","asset":${"[".repeat(100_000)}${"]".repeat(100_000)}}`
    const answer = await rawRequest(service.baseUrl, "POST", "/assets/create", { body: deep })
    expect(answer.status).toBe(400)
    expect(answer.json._tag).toBe("BodyTooDeep")
    expect(await identifiers()).toEqual(before)
    const brackets = `const nested = ${JSON.stringify("[".repeat(500))}\nexport default nested\n`
    expect((await call(service.baseUrl, "POST", "/assets/create", codeSeed(brackets))).status).toBe(200)
    await healthy()
  })
})
