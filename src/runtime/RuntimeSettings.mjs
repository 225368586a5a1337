/**
 * The runtime settings the service starts with, each named: `docs/tuning.md` says what each is for and what it was
 * measured to save. `RUNTIME_SETTINGS_OFF` (names, comma-separated) starts the service without those named, to
 * measure one against the build without it. Plain JavaScript: `npm start` reads it before anything is built.
 */
import { existsSync, readFileSync } from "node:fs"

/** The young generation's largest semi-space, in MB: V8 reads it only as the process starts. */
export const SEMI_SPACE_MB = 8

export const SEMI_SPACE_FLAG = `--max-semi-space-size=${SEMI_SPACE_MB}`

/** Whether the setting named `name` is turned off for this process (`RUNTIME_SETTINGS_OFF`). */
export const settingOff = (name) =>
  (process.env.RUNTIME_SETTINGS_OFF ?? "").split(",").map((part) => part.trim()).includes(name)

/**
 * Starts this process again, once, with the young generation's size, a V8 flag only a process's start reads.
 * `process.execve` keeps the process (its pid, its parent's signals) and the command line as typed, with the flag
 * added. Where it is missing (Windows) or fails, the service runs with V8's own size.
 */
export const restartWithLaunchSettings = () => {
  if (typeof process.execve !== "function" || settingOff("semi-space")) return
  if (process.execArgv.some((arg) => arg.startsWith("--max-semi-space-size"))) return
  try {
    // The command line as typed where the system keeps it: `process.argv` holds the script's absolute path.
    const typed = existsSync("/proc/self/cmdline")
      ? readFileSync("/proc/self/cmdline", "utf8").split("\0").slice(0, -1)
      : [process.argv0, ...process.execArgv, ...process.argv.slice(1)]
    process.execve(process.execPath, [typed[0], SEMI_SPACE_FLAG, ...typed.slice(1)], process.env)
  } catch {
    // No restart (no /proc, say): the service runs with V8's own size.
  }
}
