/**
 * The runtime settings the service starts with, each named: `docs/tuning.md` says what each is for and what it was
 * measured to save. `RUNTIME_SETTINGS_OFF` (names, comma-separated) starts the service without those named, to
 * measure one against the build without it. Plain JavaScript: `npm start` reads it before anything is built.
 */
import { existsSync, readFileSync } from "node:fs"

/** The young generation's largest semi-space, in MB. */
const SEMI_SPACE_MB = 8
/** How far the heap may grow past what is live before a full collection, in percent. */
const HEAP_GROWING_PERCENT = 100

/** The V8 flags the service starts with, by setting name; V8 reads some of them only as the process starts. */
export const LAUNCH_FLAGS = {
  "semi-space": `--max-semi-space-size=${SEMI_SPACE_MB}`,
  "heap-growth": `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
  "no-maglev": "--no-maglev"
}

/** Whether the setting named `name` is turned off for this process (`RUNTIME_SETTINGS_OFF`). */
export const settingOff = (name) =>
  (process.env.RUNTIME_SETTINGS_OFF ?? "").split(",").map((part) => part.trim()).includes(name)

/** The launch flags this process lacks: those not turned off, and not given on its command line already. */
export const missingLaunchFlags = (execArgv = process.execArgv) =>
  Object.entries(LAUNCH_FLAGS)
    .filter(([name, flag]) => !settingOff(name) && !execArgv.some((arg) => arg.startsWith(flag.split("=")[0])))
    .map(([, flag]) => flag)

/**
 * Starts this process again, once, with the launch flags it lacks. `process.execve` keeps the process (its pid, its
 * parent's signals) and the command line as typed, with the flags added. Where it is missing (Windows) or fails, the
 * service runs with V8's own settings.
 */
export const restartWithLaunchSettings = () => {
  const flags = missingLaunchFlags()
  if (typeof process.execve !== "function" || flags.length === 0) return
  try {
    // The command line as typed where the system keeps it: `process.argv` holds the script's absolute path.
    const typed = existsSync("/proc/self/cmdline")
      ? readFileSync("/proc/self/cmdline", "utf8").split("\0").slice(0, -1)
      : [process.argv0, ...process.execArgv, ...process.argv.slice(1)]
    process.execve(process.execPath, [typed[0], ...flags, ...typed.slice(1)], process.env)
  } catch {
    // No restart (no /proc, say): the service runs with V8's own settings.
  }
}
