/**
 * The production build on Node: `src/main.ts` (and `src/cli/Transfer.ts`) and everything they import, bundled by
 * esbuild into `dist/` (ES modules, split where the code imports on demand: the language grammars and the docs page
 * load when first used), so that the service starts without compiling TypeScript at run time and holds only the
 * code it runs. Run by `npm install` (prepare), `npm test`, `npm start` (`start.mjs`: only when a source changed
 * since the last build, as `dist/.inputs` records them) and `deno task start` (`--if-changed`, the same check), so
 * that Node and Deno run the same bundle.
 * The library page's highlighter (highlight.js, common languages) is bundled for the browser into `dist/web/`, with
 * its light and dark themes: the page loads nothing from elsewhere.
 *
 * A build is made in a folder of its own and its files are then renamed into `dist/` one by one (a rename is
 * atomic), so that a service starting meanwhile reads whole files. Files of earlier builds stay a day: a running
 * service loads some chunks only when first used, and chunk names are content hashes, so a new build never
 * changes a file an older one wrote under the same name.
 */
import { createHash } from "node:crypto"
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const dist = join(root, "dist")
const STAMP = join(dist, ".inputs")
/** Files of earlier builds no longer written are removed once this old. */
const KEPT_MS = 24 * 60 * 60 * 1000

const filesUnder = (folder) =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : []
  })

/** What the build reads, as each file's path, size and time of change: a different value means a source changed. */
const inputs = () => {
  const files = [
    ...filesUnder(join(root, "src")),
    ...filesUnder(join(root, "web")),
    join(root, "scripts/build.mjs"),
    join(root, "package-lock.json")
  ].filter(existsSync).sort()
  const hash = createHash("sha256")
  for (const file of files) {
    const stat = statSync(file)
    hash.update(`${relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`)
  }
  return hash.digest("hex")
}

/**
 * The language model (4 MB of JSON) stays a JSON module beside the bundle (in `dist/`, where the chunk importing it
 * is), named by its content, rather than becoming a 4 MB object literal in the bundle: V8 parses a literal that size
 * at the cost of a hundred MB or more for a moment, which the service's memory then keeps, and holds its source for
 * good; JSON it parses at a fraction of that.
 */
const languageModelOutside = (outdir) => ({
  name: "language-model-outside",
  setup(build) {
    build.onResolve({ filter: /LanguageModel\.json$/ }, (args) => {
      const model = readFileSync(join(args.resolveDir, args.path))
      const name = `LanguageModel-${createHash("sha256").update(model).digest("hex").slice(0, 12)}.json`
      mkdirSync(outdir, { recursive: true })
      writeFileSync(join(outdir, name), model)
      return { path: `./${name}`, external: true }
    })
  }
})

/** The SQLite client's `node:sqlite`, with extensions refused (`src/storage/sqlite/SqliteWithoutExtensions.ts`). */
const sqliteWithoutExtensions = () => ({
  name: "sqlite-without-extensions",
  setup(build) {
    build.onResolve({ filter: /^node:sqlite$/ }, (args) =>
      args.importer.includes(join("node_modules", "@effect", "sql-sqlite-node"))
        ? { path: join(root, "src/storage/sqlite/SqliteWithoutExtensions.ts") }
        : undefined)
  }
})

const bundle = async (outdir) => {
  // Imported here: a start on an unchanged checkout (`start.mjs`) loads neither esbuild nor TypeScript.
  const { build } = await import("esbuild")
  await build({
    absWorkingDir: root,
    // The service, the command's subcommands (`bin/snippet-library.mjs`), and the command line's imports from and
    // exports to other tools (`scripts/backup.mjs`).
    entryPoints: ["src/main.ts", "src/cli/Command.ts", "src/cli/Transfer.ts"],
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22.19",
    // jsonc-parser's `main` is a UMD build whose inner requires esbuild cannot follow; its ES modules bundle.
    alias: { "jsonc-parser": "./node_modules/jsonc-parser/lib/esm/main.js" },
    plugins: [languageModelOutside(outdir), sqliteWithoutExtensions()],
    sourcemap: "linked",
    logLevel: "warning",
    // Bundled CommonJS packages still call `require` for Node's built-ins.
    banner: { js: "import { createRequire as __createRequire } from \"node:module\"; const require = __createRequire(import.meta.url);" }
  })
  await build({
    absWorkingDir: root,
    entryPoints: ["web/highlighter.js"],
    outfile: join(outdir, "web/highlighter.js"),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    minify: true,
    logLevel: "warning"
  })
  mkdirSync(join(outdir, "web"), { recursive: true })
  copyFileSync(join(root, "node_modules/highlight.js/styles/github.css"), join(outdir, "web/highlight-light.css"))
  copyFileSync(join(root, "node_modules/highlight.js/styles/github-dark.css"), join(outdir, "web/highlight-dark.css"))
}

export const buildService = async () => {
  const stamp = inputs()
  const building = join(root, `dist.building-${process.pid}`)
  rmSync(building, { recursive: true, force: true })
  try {
    await bundle(building)
    const written = new Set()
    for (const file of filesUnder(building)) {
      const target = join(dist, relative(building, file))
      mkdirSync(dirname(target), { recursive: true })
      renameSync(file, target)
      written.add(target)
    }
    const now = Date.now()
    for (const file of filesUnder(dist)) {
      if (!written.has(file) && file !== STAMP && now - statSync(file).mtimeMs > KEPT_MS) rmSync(file, { force: true })
    }
    writeFileSync(STAMP, stamp)
  } finally {
    rmSync(building, { recursive: true, force: true })
  }
}

/** Builds unless `dist/` was built from the sources as they are. */
export const buildServiceIfChanged = async () => {
  const built = existsSync(join(dist, "main.js")) && existsSync(STAMP) && readFileSync(STAMP, "utf8") === inputs()
  if (!built) await buildService()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `--clean`: a package holds this build's files alone (`npm pack`).
  if (process.argv.includes("--clean")) rmSync(dist, { recursive: true, force: true })
  await (process.argv.includes("--if-changed") ? buildServiceIfChanged() : buildService())
}
