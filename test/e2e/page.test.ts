/**
 * The library page in a real headless Chromium (Debian's `chromium`, driven by playwright-core): browse, search as
 * you type, filter, read a snippet highlighted, copy it, edit it, delete it and undo, the trash, the keyboard, live
 * updates from writes made over HTTP while the page is open, a snippet's history (who changed what, a diff between
 * any two revisions, a restore) and the assistants' proposals (accepted and rejected). Screenshots of the library and of a snippet go to
 * `test-results/`. Without a Chromium the suite is skipped with a warning, except in CI (`CI=true`), where it fails.
 */
import { existsSync, mkdirSync } from "node:fs"
import { type Browser, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { codeSeed } from "./Http.ts"
import { engine, runtime } from "./ServiceProcess.ts"
import { suiteService } from "./SuiteService.ts"

const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"]
  .find((path) => path !== undefined && existsSync(path))
if (chromiumPath === undefined) {
  if (process.env.CI === "true") throw new Error("No Chromium for the page tests: .ci/run installs Debian's chromium")
  console.warn("page tests skipped: no Chromium (install Debian's chromium, or set CHROMIUM_PATH)")
}

const SHOTS = "test-results"

describe.skipIf(chromiumPath === undefined)(`library page in Chromium (${runtime}, ${engine})`, () => {
  const service = suiteService("page-e2e")
  const { http } = service
  let browser: Browser
  let page: Page
  const ids: Record<string, string> = {}

  const save = async (key: string, code: string, ext: string, tags: Array<string>) => {
    const seed = codeSeed(code, { metadata: { name: key, ext, tags: tags.map((text) => ({ text })) } })
    const created = await http("POST", "/assets/create", seed)
    expect(created.status).toBe(200)
    ids[key] = created.json.id
    return created.json.id as string
  }
  const names = () => page.locator("#list li .name").allTextContents()

  beforeAll(async () => {
    await save("debounce", "export function debounce(fn, ms) {\n  let timer\n  return (...args) => {\n    clearTimeout(timer)\n    timer = setTimeout(() => fn(...args), ms)\n  }\n}\n", "js", ["timing", "ui"])
    await save("fibonacci", "def fibonacci(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n", "py", ["math"])
    await save("read config", "import json\n\ndef read_config(path):\n    with open(path) as f:\n        return json.load(f)\n", "py", ["io"])
    browser = await chromium.launch({ executablePath: chromiumPath!, args: ["--no-sandbox"] })
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: service.baseUrl() })
    page = await context.newPage()
    mkdirSync(SHOTS, { recursive: true })
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
  })

  it("lists the library, newest first, served from loopback with nothing fetched from elsewhere", async () => {
    const requested: Array<string> = []
    page.on("request", (request) => requested.push(request.url()))
    await page.goto(service.baseUrl())
    await expect.poll(names).toEqual(["read config", "fibonacci", "debounce"])
    await expect.poll(() => page.locator("#live").getAttribute("class")).toContain("connected")
    expect(requested.filter((url) => !url.startsWith(service.baseUrl()) && !url.startsWith("ws://"))).toEqual([])
    await page.screenshot({ path: `${SHOTS}/library-${runtime}.png` })
  })

  it("searches as you type through the service's search, marking the match", async () => {
    await page.fill("#search", "fibonaci")
    await expect.poll(names).toEqual(["fibonacci"])
    await page.fill("#search", "debounce")
    await expect.poll(names).toEqual(["debounce"])
    expect(await page.locator("#list li mark").first().textContent()).toBe("debounce")
    await page.fill("#search", "")
    await expect.poll(names).toHaveLength(3)
  })

  it("filters by language and by tag", async () => {
    await page.selectOption("#language", "py")
    await expect.poll(names).toEqual(["read config", "fibonacci"])
    await expect.poll(() => page.locator("#tag option").allTextContents()).toContain("io")
    await page.selectOption("#tag", "io")
    await expect.poll(names).toEqual(["read config"])
    await page.selectOption("#language", "")
    await page.selectOption("#tag", "")
    await expect.poll(names).toHaveLength(3)
  })

  it("is keyboard-friendly: / focuses the search, arrows move, Enter opens a snippet highlighted; copy works", async () => {
    await page.locator("body").click()
    await page.keyboard.press("/")
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("search")
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("ArrowDown")
    await page.keyboard.press("Enter")
    await expect.poll(() => page.inputValue("#name")).toBe("debounce")
    expect(await page.locator("#code span.hljs-keyword").count()).toBeGreaterThan(0)
    await page.screenshot({ path: `${SHOTS}/snippet-${runtime}.png` })
    await page.click("#copy")
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("clearTimeout(timer)")
  })

  it("edits name, tags, language and code, through the service", async () => {
    await page.fill("#name", "debounce helper")
    await page.fill("#tags", "timing, helpers")
    await page.selectOption("#detail-language", "ts")
    await page.click("#edit")
    await page.fill("#code-edit", "export const debounce = (fn: () => void, ms: number) => setTimeout(fn, ms)\n")
    await page.click("#save")
    // Tags are the last of the edits the page sends.
    const tagsNow = async () => ((await http("GET", `/assets/${ids.debounce}`)).json.tags?.iterable ?? []).map((tag: any) => tag.text)
    await expect.poll(async () => (await tagsNow()).sort()).toEqual(["helpers", "timing"])
    const asset = (await http("GET", `/assets/${ids.debounce}`)).json
    expect(asset.name).toBe("debounce helper")
    expect(asset.formats.iterable[0].classification.specific).toBe("ts")
    expect(asset.formats.iterable[0].fragment.string.raw).toContain("fn: () => void")
    await expect.poll(names).toContain("debounce helper")
  })

  it("deletes with undo, and restores from the trash", async () => {
    await page.click("#delete")
    await expect.poll(() => http("GET", `/assets/${ids.debounce}`).then((answer) => answer.status)).toBe(410)
    await expect.poll(names).not.toContain("debounce helper")
    await page.click("#undo")
    await expect.poll(() => http("GET", `/assets/${ids.debounce}`).then((answer) => answer.status)).toBe(200)
    await expect.poll(names).toContain("debounce helper")

    expect((await http("POST", `/assets/${ids.fibonacci}/delete`)).status).toBe(200)
    await page.click("#show-trash")
    await expect.poll(names).toEqual(["fibonacci"])
    await page.locator("#list li").first().click()
    await page.click("#restore")
    await expect.poll(() => http("GET", `/assets/${ids.fibonacci}`).then((answer) => answer.status)).toBe(200)
    await page.click("#show-trash")
    await expect.poll(names).toContain("fibonacci")
  })

  it("shows a snippet created, edited or deleted elsewhere without a reload", async () => {
    const id = await save("made elsewhere", "SELECT name, email FROM users WHERE active = 1 ORDER BY name;\n", "sql", ["db"])
    await expect.poll(names).toContain("made elsewhere")
    const asset = (await http("GET", `/assets/${id}`)).json
    expect((await http("POST", "/asset/update", { ...asset, name: "renamed elsewhere" })).status).toBe(200)
    await expect.poll(names).toContain("renamed elsewhere")
    expect((await http("POST", `/assets/${id}/delete`)).status).toBe(200)
    await expect.poll(names).not.toContain("renamed elsewhere")
  })

  it("reconnects a dropped stream and catches up", async () => {
    const live = await browser.newPage()
    const routes: Array<{ close: () => Promise<void> }> = []
    // The page's stream passes through the test, which can drop it as a network would.
    await live.routeWebSocket(/\/assets\/stream\/identifiers$/, (socket) => {
      socket.connectToServer()
      routes.push(socket)
    })
    await live.goto(service.baseUrl())
    await expect.poll(() => routes.length).toBe(1)
    await expect.poll(() => live.locator("#live").getAttribute("class")).toContain("connected")
    await routes[0].close()
    await expect.poll(() => routes.length, { timeout: 10_000 }).toBe(2)
    await save("after the drop", "const afterTheDrop = new Map([[1, 'one']])\n", "js", [])
    await expect.poll(() => live.locator("#list li .name").allTextContents(), { timeout: 10_000 }).toContain("after the drop")
    await live.close()
  })

  it("keeps a save that streams in while the list is fetched", async () => {
    const live = await browser.newPage()
    // The page's first fetch of the list is held until the save has reached it through the stream.
    let release = () => {}
    const released = new Promise<void>((resolve) => release = resolve)
    let held = false
    await live.route("**/assets/search*", async (route) => {
      if (!held && route.request().postData()?.includes("identifers") === true) {
        held = true
        await released
      }
      await route.continue()
    })
    await live.goto(service.baseUrl())
    await expect.poll(() => held).toBe(true)
    await save("during the fetch", "const duringTheFetch = new Set([1])\n", "js", [])
    const listed = () => live.locator("#list li .name").allTextContents()
    await expect.poll(listed, { timeout: 10_000 }).toContain("during the fetch")
    release()
    await expect.poll(listed, { timeout: 10_000 }).toContain("read config")
    expect(await listed()).toContain("during the fetch")
    await live.close()
  })

  it("fits a phone's width: the list, then the snippet with a way back", async () => {
    await page.setViewportSize({ width: 390, height: 800 })
    await page.locator("#list li").first().click()
    await expect.poll(() => page.isVisible("#back")).toBe(true)
    expect(await page.isVisible(".list-pane")).toBe(false)
    await page.click("#back")
    expect(await page.isVisible(".list-pane")).toBe(true)
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  it("shows a snippet's history: who changed what, a highlighted diff between any two, and a restore", async () => {
    await page.fill("#search", "")
    await page.locator("#list li", { hasText: "debounce helper" }).first().click()
    await expect.poll(() => page.inputValue("#name")).toBe("debounce helper")
    await page.click("#show-history")
    // The page's own edits are the page's; the create is its editor's.
    // (In a team library each also names the member.)
    const who = () => page.locator("#revisions li .who").allTextContents()
    await expect.poll(async () => (await who()).some((text) => text.startsWith("1. VS_CODE 1.95.0"))).toBe(true)
    expect((await who()).some((text) => text.includes("the library page"))).toBe(true)
    // Newest first: the undone delete brought it back from the trash. Then revision 1 against nothing.
    expect(await page.locator("#revisions li").first().textContent()).toContain("restored from the trash")
    await page.selectOption("#diff-to", "1")
    await page.selectOption("#diff-from", "0")
    await expect.poll(() => page.locator("#diff .hljs-addition").count()).toBeGreaterThan(0)
    expect(await page.locator("#diff").textContent()).toContain("clearTimeout(timer)")
    await page.screenshot({ path: `${SHOTS}/history-${runtime}.png` })

    const before = (await http("GET", `/asset/${ids.debounce}/revisions`)).json.iterable.length
    await page.click("#restore-revision")
    await expect.poll(() => http("GET", `/assets/${ids.debounce}`).then((answer) => answer.json.name)).toBe("debounce")
    // The restore came back over the stream: the panel lists it, by the page.
    await expect.poll(() => page.locator("#revisions li .who").first().textContent()).toMatch(
      new RegExp(`^${before + 1}\\. the library page`)
    )
    await expect.poll(() => page.inputValue("#name")).toBe("debounce")
  })

  it("lists the assistants' proposals as they come, each with its diff, accepted or rejected", async () => {
    const proposal = (id: string, asset: string, name: string) => ({
      proposal: { id, asset, created: new Date().toISOString(), actor: { kind: "assistant", name: "claude-code" }, changes: { name } }
    })
    const accepted = "6f9a5e7c-1b2d-4c3e-8f4a-0b1c2d3e4f50"
    const rejected = "6f9a5e7c-1b2d-4c3e-8f4a-0b1c2d3e4f51"
    const file = [
      { backup: "asset-connector-service", version: 2 },
      proposal(accepted, ids["read config"], "load settings"),
      proposal(rejected, ids.fibonacci, "fib"),
      { end: { applications: 0, metadata: 0, assets: 0, proposals: 2 } }
    ].map((line) => JSON.stringify(line)).join("\n")
    expect((await fetch(`${service.baseUrl()}/database/import`, { method: "POST", body: file })).status).toBe(200)
    await expect.poll(() => page.locator("#proposal-count").textContent()).toBe("2")
    await page.click("#open-proposals")
    await expect.poll(() => page.locator("#proposals li").count()).toBe(2)
    expect(await page.locator("#proposals").textContent()).toContain("load settings")
    await page.screenshot({ path: `${SHOTS}/proposals-${runtime}.png` })
    await page.locator("#proposals li", { hasText: "load settings" }).locator("[data-accept]").click()
    await expect.poll(() => http("GET", `/assets/${ids["read config"]}`).then((answer) => answer.json.name)).toBe("load settings")
    await page.locator("#proposals li", { hasText: "fib" }).locator("[data-reject]").click()
    await expect.poll(() => page.locator("#proposal-count").textContent()).toBe("0")
    expect((await http("GET", `/assets/${ids.fibonacci}`)).json.name).toBe("fibonacci")
    await page.click("#proposals-close")
  })
})

describe.skipIf(chromiumPath === undefined)(`library page, new and empty, in Chromium (${runtime}, ${engine})`, () => {
  const service = suiteService("page-new-e2e")
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath!, args: ["--no-sandbox"] })
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    mkdirSync(SHOTS, { recursive: true })
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
  })

  it("greets an empty library with what to do first: a new snippet, an import, an editor, an assistant", async () => {
    await page.goto(service.baseUrl())
    await expect.poll(() => page.isVisible("#empty")).toBe(true)
    const text = await page.locator("#empty").textContent()
    expect(text).toContain("Your library is empty")
    expect(text).toContain("Import…")
    expect(text).toContain(`${service.baseUrl()}/mcp`)
    expect(text).toMatch(/Connect an editor/)
    await page.screenshot({ path: `${SHOTS}/empty-${runtime}.png` })
  })

  it("saves a new snippet typed in, its language detected as it is typed, and opens it", async () => {
    await page.click("#empty-new")
    await expect.poll(() => page.isVisible("#new-dialog")).toBe(true)
    await page.fill("#new-code", "def area(radius):\n    return 3.14159 * radius * radius\n\nprint(area(2))\n")
    await expect.poll(() => page.locator("#new-detected").textContent()).toBe("detected: py")
    await page.fill("#new-name", "circle area")
    await page.fill("#new-tags", "math, geometry")
    await page.screenshot({ path: `${SHOTS}/new-snippet-${runtime}.png` })
    await page.click("#new-save")
    await expect.poll(() => page.inputValue("#name")).toBe("circle area")
    await expect.poll(() => page.locator("#list li .name").allTextContents()).toEqual(["circle area"])
    expect(await page.isVisible("#empty")).toBe(false)
    const [hit] = (await service.http("GET", "/search/full_text?query=radius")).json.iterable
    const id = hit.identifier ?? hit.asset?.id ?? hit.id
    const saved = (await service.http("GET", `/assets/${id}`)).json
    expect(saved.formats.iterable[0].classification.specific).toBe("py")
    expect(saved.tags.iterable.map((tag: any) => tag.text).sort()).toEqual(["geometry", "math"])
    // Saved from the page, as the page.
    expect((await service.http("GET", `/asset/${id}/revisions`)).json.iterable[0].actor.kind).toBe("page")
  })

  it("says what is wrong when there is no code, and saves nothing", async () => {
    await page.click("#open-new")
    await page.click("#new-save")
    await expect.poll(() => page.locator("#new-status").textContent()).toMatch(/code first/)
    await page.click("#new-cancel")
    expect((await service.http("GET", "/assets/identifiers")).json.iterable).toHaveLength(1)
  })
})
