/** The importer for each kind of source. */
import { readGists } from "./GistImport.ts"
import type { ImportKind, ImportReading, SourceFile } from "./ImportedSnippet.ts"
import { readMassCode } from "./MassCodeImport.ts"
import { readPieces } from "./PiecesImport.ts"
import { readSourceFolder } from "./SourceFolderImport.ts"
import { readVsCodeSnippets } from "./VsCodeImport.ts"

export const IMPORTERS: Record<ImportKind, (files: ReadonlyArray<SourceFile>) => ImportReading> = {
  gist: readGists,
  vscode: readVsCodeSnippets,
  masscode: readMassCode,
  pieces: readPieces,
  files: readSourceFolder
}

/** Reads `files` as `kind`; an importer that throws (it should not) is reported, never a crash. */
export const readImport = (kind: ImportKind, files: ReadonlyArray<SourceFile>): ImportReading => {
  try {
    return IMPORTERS[kind](files)
  } catch (error) {
    return {
      snippets: [],
      problems: [{ place: { file: files[0]?.path ?? "." }, reason: `could not be read: ${(error as Error).message}` }],
      skipped: []
    }
  }
}
