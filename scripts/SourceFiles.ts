/**
 * The source files under a folder that the corpus builders read (`bench/heldout/build.ts`,
 * `scripts/trainLanguageModel.ts`): sorted, so that what they build is deterministic.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

export interface FileChoice {
  /** Which file names count. */
  readonly name: RegExp
  /** Sizes outside (minBytes, maxBytes) are left out: stubs, and generated or minified bundles. */
  readonly minBytes: number
  readonly maxBytes: number
  /** Only the folder's own files, not its subfolders'. */
  readonly shallow?: boolean
  /** Subfolders (full paths) not read: what is held out, or another language's. */
  readonly except?: ReadonlyArray<string>
}

/** A shell script: its first line runs sh or bash. */
export const isShellScript = (text: string): boolean => /^#!\s*\/(usr\/)?bin\/(env\s+)?(ba)?sh\b/.test(text)

/** Every file under `dir` the choice takes; a folder that cannot be read has none. */
export const filesUnder = (dir: string, choice: FileChoice, found: Array<string> = []): Array<string> => {
  let entries: Array<string>
  try {
    entries = readdirSync(dir).sort()
  } catch {
    return found
  }
  for (const entry of entries) {
    const path = join(dir, entry)
    // Symbolic links are not followed (`/usr/bin/X11` links to itself).
    const stat = lstatSync(path, { throwIfNoEntry: false })
    if (stat?.isDirectory() === true) {
      if (choice.shallow !== true && choice.except?.includes(path) !== true) filesUnder(path, choice, found)
    } else if (
      stat?.isFile() === true && choice.name.test(entry) && stat.size > choice.minBytes && stat.size < choice.maxBytes
    ) found.push(path)
  }
  return found
}

/**
 * The `length` lines of a file at a place `random` picks, as a snippet a user might paste; none when the file is
 * shorter, or when the window is mostly blank (real pastes hold code).
 */
export const windowAt = (lines: ReadonlyArray<string>, length: number, random: () => number): string | undefined => {
  if (lines.length < length) return undefined
  const start = Math.floor(random() * (lines.length - length + 1))
  const window = lines.slice(start, start + length)
  return window.filter((line) => line.trim().length > 0).length < 0.6 * length ? undefined : window.join("\n")
}

/**
 * `count` windows of 10–40 lines, each at a place `random` picks in a file it picks among `files`: what the tuning
 * scripts judge a choice on.
 */
export const windowsAmong = (files: ReadonlyArray<string>, count: number, random: () => number): Array<string> => {
  const windows: Array<string> = []
  while (windows.length < count) {
    const lines = readFileSync(files[Math.floor(random() * files.length)], "utf8").split("\n")
    const window = windowAt(lines, 10 + Math.floor(random() * 31), random)
    if (window !== undefined) windows.push(window)
  }
  return windows
}

/** Packages `bench/heldout` draws code from: their READMEs are held out too. */
const HELD_OUT_PACKAGES = ["postcss", "undici", "zod", "pg-protocol", "multipasta", "eventsource-parser", "find-my-way-ts"]

/**
 * The READMEs of the packages under `dir` (a `node_modules`; scopes included, but `@effect`, a training source, and
 * the held-out packages), of 500 characters or more: the tuning side's Markdown.
 */
export const readmesUnder = (dir: string, found: Array<string> = []): Array<string> => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (name === "@effect" || name.startsWith(".") || HELD_OUT_PACKAGES.includes(name)) continue
    if (name.startsWith("@")) readmesUnder(path, found)
    else {
      const readme = ["README.md", "readme.md", "Readme.md"].map((file) => join(path, file)).find(existsSync)
      if (readme !== undefined && readFileSync(readme, "utf8").length >= 500) found.push(readme)
    }
  }
  return found
}
