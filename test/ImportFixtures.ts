/**
 * The importers' fixtures (`test/fixtures/imports/`) as a user's disk has them. Git keeps no folder named `.git`
 * inside a repository, so the fixtures name theirs `dot-git`; the fixtures are copied once per test process to a
 * temporary folder with those renamed (removed when the process exits), and read from there.
 */
import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const source = new URL("./fixtures/imports/", import.meta.url).pathname
let copied: string | undefined

const renameDotGit = (folder: string) => {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const path = join(folder, entry.name)
    if (entry.name === "dot-git") renameSync(path, join(folder, ".git"))
    else renameDotGit(path)
  }
}

/** The path of fixture `name` (a file or folder under `test/fixtures/imports/`), as a user's disk would hold it. */
export const importFixture = (name: string) => {
  if (copied === undefined) {
    const folder = mkdtempSync(join(tmpdir(), "import-fixtures-"))
    copied = folder
    process.once("exit", () => rmSync(folder, { recursive: true, force: true }))
    cpSync(source, copied, { recursive: true })
    renameDotGit(copied)
  }
  return join(copied, name)
}
