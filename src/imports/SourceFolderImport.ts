/**
 * A folder of source files: each file a snippet, named by its file name, its extension the language, the folders
 * on its path its tags. Version-control and dependency folders, hidden files and binary files are left out.
 */
import { languageOfFileName } from "../domain/LanguageNames.ts"
import { baseName, foldersOf, type ImportedSnippet, type ImportReading, type LeftOut, type SourceFile } from "./ImportedSnippet.ts"

/** Folders that hold no one's snippets. */
const PASSED_OVER = new Set([".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", "target", "dist", "build"])

export const readSourceFolder = (files: ReadonlyArray<SourceFile>): ImportReading => {
  const snippets: Array<ImportedSnippet> = []
  const skipped: Array<LeftOut> = []
  for (const file of files) {
    const folders = foldersOf(file.path)
    const name = baseName(file.path)
    const place = { file: file.path }
    if (folders.some((folder) => PASSED_OVER.has(folder)) || name.startsWith(".")) continue
    if (file.text.includes("\u0000")) {
      skipped.push({ place, reason: "is a binary file" })
      continue
    }
    if (file.text.trim() === "") {
      skipped.push({ place, reason: "is empty" })
      continue
    }
    const language = languageOfFileName(name)
    snippets.push({
      key: file.path,
      name,
      code: file.text,
      ...(language === undefined ? {} : { language }),
      tags: [...new Set(folders)],
      websites: [],
      place
    })
  }
  return { snippets, problems: [], skipped }
}
