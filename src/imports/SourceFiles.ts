/**
 * The files an import reads from a path on disk: the file itself, or every file under a folder (paths relative to
 * the folder, `/`-separated, as the page sends a picked folder's). Files over `MAX_FILE_BYTES` are left out with
 * why; nothing here reads a file twice or holds more than the files' text.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { basename, join, relative, sep } from "node:path"
import type { LeftOut, SourceFile } from "./ImportedSnippet.ts"

/** A snippet file larger than this is not a snippet (a bundle, a data dump). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024

export interface FilesAtPath {
  readonly files: ReadonlyArray<SourceFile>
  readonly skipped: ReadonlyArray<LeftOut>
}

export const filesAt = (path: string): FilesAtPath => {
  const stat = statSync(path)
  if (!stat.isDirectory()) {
    if (stat.size > MAX_FILE_BYTES) {
      return { files: [], skipped: [{ place: { file: basename(path) }, reason: `is larger than ${MAX_FILE_BYTES} bytes` }] }
    }
    return { files: [{ path: basename(path), text: readFileSync(path, "utf8") }], skipped: [] }
  }
  const files: Array<SourceFile> = []
  const skipped: Array<LeftOut> = []
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(folder, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile()) {
        const name = relative(path, full).split(sep).join("/")
        if (statSync(full).size > MAX_FILE_BYTES) skipped.push({ place: { file: name }, reason: `is larger than ${MAX_FILE_BYTES} bytes` })
        else files.push({ path: name, text: readFileSync(full, "utf8") })
      }
    }
  }
  walk(path)
  return { files, skipped }
}
