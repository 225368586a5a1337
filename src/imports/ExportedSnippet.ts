/**
 * A saved asset as the exports to other tools see it: its name, code, language, tags, websites, description and
 * times, read from its wire JSON (the backup's records carry it whole).
 */
import type { Asset } from "../domain/Asset.ts"
import { PREFIX_NOTE } from "./VsCodeImport.ts"

export interface ExportedSnippet {
  readonly id: string
  readonly name: string
  readonly code: string
  readonly language: string
  readonly tags: ReadonlyArray<string>
  readonly websites: ReadonlyArray<{ readonly url: string; readonly name: string }>
  readonly description: string | undefined
  /** VS Code prefixes kept from an import. */
  readonly prefixes: ReadonlyArray<string>
  readonly created: string
  readonly updated: string
}

/** A text snippet of `asset`, or nothing for one without text (an image). */
export const exportedSnippet = (asset: Asset): ExportedSnippet | undefined => {
  const original = asset.formats.iterable.find((format) => format.id === asset.original.id) ?? asset.formats.iterable[0]
  const code = original?.fragment?.string?.raw ?? original?.file?.string?.raw
  if (code === undefined) return undefined
  const annotations = asset.annotations?.iterable ?? []
  const note = annotations.find((annotation) => annotation.type === "COMMENT" && annotation.text.startsWith(PREFIX_NOTE))
  return {
    id: asset.id,
    name: asset.name ?? "Untitled",
    code,
    language: original?.classification.specific ?? "txt",
    tags: (asset.tags?.iterable ?? []).map((tag) => tag.text),
    websites: (asset.websites?.iterable ?? []).map((website) => ({ url: website.url, name: website.name })),
    description: annotations.find((annotation) => annotation.type === "DESCRIPTION")?.text,
    prefixes: note === undefined ? [] : note.text.slice(PREFIX_NOTE.length).split(",").map((prefix) => prefix.trim()),
    created: asset.created.value,
    updated: asset.updated.value
  }
}
