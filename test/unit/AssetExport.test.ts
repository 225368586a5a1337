import { describe, expect, it } from "@effect/vitest"
import { exportAsset, markdownOf } from "../../src/domain/AssetExport.ts"
import { codeAsset } from "./TestAssets.ts"

const asset = codeAsset({ code: "const fence = '```'\nconsole.log(fence)\n", ext: "js", name: "a | b", tags: ["x", "y"] })

describe("markdownOf", () => {
  it("opens with a table of the details (what the Sublime plugin reads) and fences the code safely", () => {
    const markdown = markdownOf(asset)
    const lines = markdown.split("\n")
    expect(lines[0]).toBe("| a \\| b | |")
    expect(lines[1]).toBe("| --- | --- |")
    expect(lines).toContain("| Language | js |")
    expect(lines).toContain("| Tags | x, y |")
    // The code holds three backticks, so the fence has four.
    expect(markdown).toContain("````js\nconst fence = '```'\nconsole.log(fence)\n````")
  })
})

describe("exportAsset", () => {
  it("answers the document as a file's text, with the asset's name and creation time", () => {
    const html = exportAsset(asset, "HTML")
    expect(html.name).toBe("a | b")
    expect(html.created).toEqual(asset.created)
    expect(html.raw.string?.raw).toContain("<pre><code class=\"language-js\">const fence = '```'")
  })
})
