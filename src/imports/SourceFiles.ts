/**
 * The files an import reads from a path on disk: the file itself, or every file under a folder (paths relative to
 * the folder, `/`-separated, as the page sends a picked folder's), read one at a time as they are walked, so that
 * an importer that reads each file on its own holds one file at a time. Files over `MAX_FILE_BYTES` are left out
 * with why.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { basename, join, relative, sep } from "node:path"
import type { LeftOut, SourceFile } from "./ImportedSnippet.ts"

/** A snippet file larger than this is not a snippet (a bundle, a data dump). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024

const tooLarge = (file: string): LeftOut => ({ place: { file }, reason: `is larger than ${MAX_FILE_BYTES} bytes` })

/** The files at `path`, read as they are reached, in name order; a file left out is yielded as why. */
export function* walkFiles(path: string): Generator<SourceFile | LeftOut> {
  const stat = statSync(path)
  if (!stat.isDirectory()) {
    yield stat.size > MAX_FILE_BYTES ? tooLarge(basename(path)) : { path: basename(path), text: readFileSync(path, "utf8") }
    return
  }
  const walk = function*(folder: string): Generator<SourceFile | LeftOut> {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(folder, entry.name)
      if (entry.isDirectory()) yield* walk(full)
      else if (entry.isFile()) {
        const name = relative(path, full).split(sep).join("/")
        yield statSync(full).size > MAX_FILE_BYTES ? tooLarge(name) : { path: name, text: readFileSync(full, "utf8") }
      }
    }
  }
  yield* walk(path)
}

export interface FilesAtPath {
  readonly files: ReadonlyArray<SourceFile>
  readonly skipped: ReadonlyArray<LeftOut>
}

/** Every file at `path`, held together (for importers that read files together). */
export const filesAt = (path: string): FilesAtPath => {
  const files: Array<SourceFile> = []
  const skipped: Array<LeftOut> = []
  for (const found of walkFiles(path)) {
    if ("reason" in found) skipped.push(found)
    else files.push(found)
  }
  return { files, skipped }
}
