/**
 * An asset exported as one document (`GET /asset/{asset}/export`): Markdown (a table of its details, then its code
 * in a fenced block: what the Sublime plugin shows when it opens a snippet) or a standalone HTML page.
 */
import { Schema } from "effect"
import type { Asset } from "./Asset.ts"
import { FileFormat } from "./Asset.ts"
import { GroupedTimestamp } from "./Common.ts"
import { searchableText } from "./SearchableText.ts"

export const ExportType = Schema.Literals(["MD", "HTML"])
export type ExportType = typeof ExportType.Type

export const ExportedAsset = Schema.Struct({
  name: Schema.String,
  description: Schema.String,
  created: GroupedTimestamp,
  raw: FileFormat
}).annotate({ identifier: "ExportedAsset" })
export type ExportedAsset = typeof ExportedAsset.Type

const descriptionOf = (asset: Asset) =>
  asset.annotations?.iterable.find((annotation) => annotation.type === "DESCRIPTION")?.text ?? ""

/** The details shown above the code, as label and text. */
const detailsOf = (asset: Asset): Array<readonly [string, string]> => {
  const language = asset.original.reference?.classification.specific
  const rows: Array<readonly [string, string | undefined]> = [
    ["Language", language],
    ["Created", asset.created.readable ?? asset.created.value],
    ["Updated", asset.updated.readable ?? asset.updated.value],
    ["Tags", (asset.tags?.iterable ?? []).map((tag) => tag.text).join(", ")],
    ["Websites", (asset.websites?.iterable ?? []).map((website) => website.url).join(", ")],
    ["Description", descriptionOf(asset)]
  ]
  return rows.flatMap(([label, text]) => text === undefined || text === "" ? [] : [[label, text] as const])
}

/** A Markdown table cell: pipes escaped, one line. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ")

/** A code fence longer than any run of backticks in the code. */
const fenceFor = (code: string) => "`".repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((m) => m[0].length + 1)))

export const markdownOf = (asset: Asset): string => {
  const { content, classification } = searchableText(asset)
  const fence = fenceFor(content)
  return [
    `| ${cell(asset.name ?? "Untitled")} | |`,
    "| --- | --- |",
    ...detailsOf(asset).map(([label, text]) => `| ${label} | ${cell(text)} |`),
    "",
    `${fence}${classification ?? ""}`,
    content.replace(/\n$/, ""),
    fence,
    ""
  ].join("\n")
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

export const htmlOf = (asset: Asset): string => {
  const { content, classification } = searchableText(asset)
  const name = escapeHtml(asset.name ?? "Untitled")
  return [
    "<!DOCTYPE html>",
    `<html><head><meta charset="utf-8"><title>${name}</title></head><body>`,
    `<h1>${name}</h1>`,
    "<table>",
    ...detailsOf(asset).map(([label, text]) => `<tr><th>${label}</th><td>${escapeHtml(text)}</td></tr>`),
    "</table>",
    `<pre><code class="language-${escapeHtml(classification ?? "plaintext")}">${escapeHtml(content)}</code></pre>`,
    "</body></html>",
    ""
  ].join("\n")
}

export const exportAsset = (asset: Asset, type: ExportType): ExportedAsset => ({
  name: asset.name ?? "Untitled",
  description: descriptionOf(asset),
  created: asset.created,
  raw: { string: { raw: type === "MD" ? markdownOf(asset) : htmlOf(asset) } }
})
