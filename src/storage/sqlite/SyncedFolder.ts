/**
 * A library in a folder that a sync client rewrites (OneDrive, iCloud Drive, Dropbox, Google Drive) can be lost:
 * the client copies the database file while SQLite writes it and its journal, and may replace it with an older copy
 * or a "conflicted copy". Start-up warns, naming the folder and `DB_PATH`.
 */
import { resolve } from "node:path"

/** The sync clients by a folder of their path, as each names it on Windows, macOS and Linux. */
const SYNCED_FOLDERS: ReadonlyArray<{ readonly client: string; readonly folder: RegExp }> = [
  { client: "OneDrive", folder: /^OneDrive( - .+)?$/i },
  { client: "iCloud Drive", folder: /^(iCloud ?Drive|Mobile Documents|com~apple~CloudDocs)$/i },
  { client: "Dropbox", folder: /^Dropbox( \(.+\))?$/i },
  { client: "Google Drive", folder: /^(Google ?Drive|My Drive|GoogleDrive-.+)$/i },
  // macOS keeps every file provider's folders (OneDrive, Dropbox, Google Drive, Box) under ~/Library/CloudStorage.
  { client: "a cloud drive", folder: /^CloudStorage$/ }
]

/** The sync client whose folder holds `path`, if any. */
export const syncClientOf = (path: string): string | undefined => {
  const folders = resolve(path).split(/[\\/]/).slice(0, -1)
  for (const folder of folders) {
    const found = SYNCED_FOLDERS.find((entry) => entry.folder.test(folder))
    if (found !== undefined) return found.client
  }
  return undefined
}

/** What start-up logs for a library in a synced folder. */
export const syncedFolderWarning = (path: string): string | undefined => {
  const client = syncClientOf(path)
  return client === undefined
    ? undefined
    : `The database ${path} is in a folder ${client} syncs: a sync client that copies or replaces the file while ` +
      `the service writes it can lose snippets. Set DB_PATH to a folder outside it (and keep backups there with ` +
      `npm run export).`
}
