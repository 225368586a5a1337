/**
 * The configuration file (`config.json` in the user's configuration folder, or `CONFIG_FILE`): the same settings as
 * the environment, by the same names (`{"PORT": 39400, "ASSISTANT_EDITS": "propose"}`); a variable set in the
 * environment wins over the file. A relative `DB_PATH` in the file is relative to the file's folder. A file that is
 * not a JSON object of known settings is refused, naming the file and the setting.
 */
import { ConfigProvider } from "effect"
import { existsSync, readFileSync } from "node:fs"
import { dirname, isAbsolute, join } from "node:path"
import { configFilePath } from "./AppFolders.ts"

/** Every setting the file may hold: the service's environment variables (README, "Configuration"). */
export const SETTINGS = [
  "PORT",
  "HOST",
  "DB_PATH",
  "DATABASE_URL",
  "LOG_LEVEL",
  "SERVER_TIMING",
  "STREAM_MAX_BUFFERED_BYTES",
  "STREAM_MAX_BACKLOG",
  "MAX_BODY_BYTES",
  "ALLOWED_ORIGINS",
  "ALLOWED_HOSTS",
  "SHUTDOWN_GRACE_MS",
  "TRASH_DAYS",
  "ASSISTANT_EDITS",
  "MEMBER"
] as const

export interface ConfigFile {
  readonly path: string
  /** The file's settings, as environment values. */
  readonly values: Readonly<Record<string, string>>
}

/** The configuration file, if there is one; a string saying what is wrong with it if it cannot be used. */
export const readConfigFile = (path: string = configFilePath()): ConfigFile | undefined | string => {
  if (!existsSync(path)) return undefined
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path, "utf8"))
  } catch (error) {
    return `${path} is not JSON (${error instanceof Error ? error.message : String(error)})`
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return `${path} must be a JSON object of settings, such as {"PORT": 39400}`
  }
  const values: Record<string, string> = {}
  for (const [key, value] of Object.entries(json)) {
    if (!(SETTINGS as ReadonlyArray<string>).includes(key)) {
      return `${path}: ${key} is no setting; the settings are ${SETTINGS.join(", ")}`
    }
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      return `${path}: ${key} must be a string, a number or true or false`
    }
    values[key] = key === "DB_PATH" && typeof value === "string" && value !== ":memory:" && !isAbsolute(value)
      ? join(dirname(path), value)
      : String(value)
  }
  return { path, values }
}

/** Settings from the environment, then the file. */
export const configProviderWith = (file: ConfigFile | undefined, env: NodeJS.ProcessEnv = process.env) =>
  ConfigProvider.fromEnv({
    env: {
      ...file?.values,
      ...Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined))
    }
  })

/** Whether a setting's value comes from the file (the environment does not set it). */
export const fromFile = (file: ConfigFile | undefined, key: string, env: NodeJS.ProcessEnv = process.env) =>
  file !== undefined && key in file.values && env[key] === undefined
