/**
 * What a start creates (the library's folder, its database, log, lock and snapshot files), so that a start that
 * fails (the port in use, the database locked) leaves none of it behind: only what did not exist before it is
 * removed, never a file an earlier run wrote.
 */
import { existsSync, mkdirSync, rmdirSync, rmSync, statSync } from "node:fs"
import { dirname, resolve } from "node:path"

const created: Array<{ readonly path: string; readonly folder: boolean }> = []

/** Notes files this start may create, those that do not exist yet. */
export const mayCreate = (...paths: ReadonlyArray<string>) => {
  for (const path of paths) if (!existsSync(path)) created.push({ path, folder: false })
}

/**
 * Creates a folder and those above it that are missing, one level at a time (Node's recursive `mkdir` never returns
 * for a path under `/proc`); notes each it created. Throws the error of the level that could not be made.
 */
export const makeFolder = (folder: string) => {
  const missing: Array<string> = []
  let at = resolve(folder)
  for (; !existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.unshift(at)
  if (!statSync(at).isDirectory()) {
    throw Object.assign(new Error(`${at} is a file, not a folder`), { code: "ENOTDIR", path: at })
  }
  for (const path of missing) {
    mkdirSync(path)
    created.push({ path, folder: true })
  }
}

/** Removes what this start created, newest first (a folder only when nothing else is in it). */
export const removeCreated = () => {
  for (const { path, folder } of created.splice(0).reverse()) {
    try {
      if (folder) rmdirSync(path)
      else rmSync(path, { force: true })
    } catch {
      // Something else is in it, or it is gone already.
    }
  }
}

/** The start succeeded: what it created is kept, whatever fails later. */
export const keepCreated = () => {
  created.length = 0
}
