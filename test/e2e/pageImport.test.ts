/**
 * The page's Import… in a real headless Chromium (as `page.test.ts`): a folder of VS Code snippets picked, its
 * preview (nothing written), the import, the snippets appearing in the list; a gists file dropped on the page; a
 * file over the body limit answered with what to do instead. Without a Chromium the suite is skipped with a warning,
 * except in CI, where it fails.
 */
import { existsSync, readFileSync } from "node:fs"
import { type Browser, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { importFixture } from "../ImportFixtures.ts"
import { engine, runtime } from "./ServiceProcess.ts"
import { suiteService } from "./SuiteService.ts"

const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"]
  .find((path) => path !== undefined && existsSync(path))
if (chromiumPath === undefined && process.env.CI === "true") {
  throw new Error("No Chromium for the page tests: .ci/run installs Debian's chromium")
}
const LIMIT = 256 * 1024

describe.skipIf(chromiumPath === undefined)(`the page's import in Chromium (${runtime}, ${engine})`, () => {
  const service = suiteService("page-import", { MAX_BODY_BYTES: String(LIMIT) })
  let browser: Browser
  let page: Page
  const names = () => page.locator("#list li .name").allTextContents()
  const preview = () => page.locator("#import-preview").textContent()
  /** The gists file dropped on the page, as a user drags it there. */
  const dropGists = async () => {
    const text = readFileSync(importFixture("gist-api/gists.json"), "utf8")
    const dataTransfer = await page.evaluateHandle((json) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([json], "gists.json", { type: "application/json" }))
      return transfer
    }, text)
    await page.dispatchEvent("#import-drop", "drop", { dataTransfer })
  }

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath!, args: ["--no-sandbox"] })
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
  })

  it("previews a picked folder, writing nothing, then imports it and the snippets appear", async () => {
    await page.goto(service.baseUrl())
    await expect.poll(() => page.locator("#live").getAttribute("class")).toContain("connected")
    await page.click("#open-import")
    await page.selectOption("#import-kind", "vscode")
    await page.setInputFiles("#import-folder", importFixture("vscode"))
    await expect.poll(preview).toContain("5 of 5 snippets are new")
    expect(await preview()).toContain("project.code-snippets:18 (Broken entry) has no body")
    expect(await names()).toEqual([])
    await page.click("#import-confirm")
    await expect.poll(preview).toContain("Imported 5 snippets")
    await page.click("#import-close")
    await expect.poll(async () => (await names()).sort()).toEqual(
      ["Async arrow", "Console log", "Dockerfile node", "Go error check", "React component"]
    )
  })

  it("reads a file dropped on it; a second import of the same finds it all in the library", async () => {
    await page.click("#open-import")
    await page.selectOption("#import-kind", "gist")
    await dropGists()
    await expect.poll(preview).toContain("3 of 3 snippets are new")
    await page.click("#import-confirm")
    await expect.poll(preview).toContain("Imported 3 snippets")
    await dropGists()
    await expect.poll(preview).toContain("0 of 3 snippets are new")
    expect(await page.locator("#import-confirm").isHidden()).toBe(true)
    await page.click("#import-close")
  })

  it("says to use npm run import for a source larger than a request may be", async () => {
    await page.click("#open-import")
    await page.selectOption("#import-kind", "files")
    await page.setInputFiles("#import-files", { name: "big.py", mimeType: "text/x-python", buffer: Buffer.alloc(LIMIT * 2, "x = 1\n") })
    await expect.poll(() => page.locator("#import-status").textContent()).toContain("npm run import -- --from KIND PATH")
    await page.click("#import-close")
  })

  it("shows the preview of what was chosen last, even when an earlier one answers after it", async () => {
    // The first preview (the folder as VS Code snippets, already imported above) is held back until the last one
    // (the gists file, imported above too) has been shown.
    let releaseFirst = () => {}
    const firstReleased = new Promise<void>((resolve) => (releaseFirst = resolve))
    let held = false
    await page.route("**/library/import", async (route) => {
      const { kind, files } = route.request().postDataJSON() as { kind: string; files: Array<unknown> }
      if (held || kind !== "vscode" || files.length < 2) return route.continue()
      held = true
      await firstReleased
      await route.continue()
    })
    await page.click("#open-import")
    await page.selectOption("#import-kind", "vscode")
    await page.setInputFiles("#import-folder", importFixture("vscode"))
    await page.selectOption("#import-kind", "gist")
    await dropGists()
    await expect.poll(preview).toContain("0 of 3 snippets are new")
    expect(held).toBe(true)
    const firstAnswered = page.waitForResponse("**/library/import")
    releaseFirst()
    await firstAnswered
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)))
    expect(await preview()).toContain("0 of 3 snippets are new")
    await page.unroute("**/library/import")
    await page.click("#import-close")
  })
})
