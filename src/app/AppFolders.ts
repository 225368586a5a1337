/**
 * Where the service keeps what it writes, as an installed application does on each platform: its library (the
 * database, the search index's snapshot, the record of the running instance) in the user's data folder, its
 * configuration file in the user's configuration folder. A copy run from a git checkout keeps its library in the
 * checkout's `data/`, as it always has.
 */
import { existsSync } from "node:fs"
import { homedir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

/** The application's name: its command, and its folders' names. */
export const APP_NAME = "snippet-library"

/**
 * The folder this copy of the service was installed or checked out into: the nearest above this module (in `src/`, or
 * bundled somewhere in `dist/`) that holds a `package.json`.
 */
export const installedAt = (() => {
  let folder = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(folder, "package.json")) && dirname(folder) !== folder) folder = dirname(folder)
  return folder
})()

/** Whether this copy runs from a git checkout. */
export const isCheckout = (root: string = installedAt) => existsSync(join(root, ".git"))

export interface AppFolders {
  readonly data: string
  readonly config: string
}

/** The user's folders for the application, by platform (`$XDG_DATA_HOME`, `$XDG_CONFIG_HOME` where set on Linux). */
export const appFolders = (
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = env.HOME ?? homedir()
): AppFolders => {
  if (platform === "darwin") {
    const support = join(home, "Library", "Application Support", APP_NAME)
    return { data: support, config: support }
  }
  if (platform === "win32") {
    const roaming = join(env.APPDATA ?? join(home, "AppData", "Roaming"), APP_NAME)
    return { data: roaming, config: roaming }
  }
  return {
    data: join(env.XDG_DATA_HOME || join(home, ".local", "share"), APP_NAME),
    config: join(env.XDG_CONFIG_HOME || join(home, ".config"), APP_NAME)
  }
}

/** Where the library is unless configured: the checkout's `data/`, else the user's data folder. */
export const defaultDatabasePath = () => isCheckout() ? join("data", "assets.db") : join(appFolders().data, "assets.db")

/** The configuration file: `CONFIG_FILE` when set, else `config.json` in the user's configuration folder. */
export const configFilePath = (env: NodeJS.ProcessEnv = process.env) =>
  env.CONFIG_FILE || join(appFolders(process.platform, env).config, "config.json")
