/**
 * The production build on Node: `src/main.ts` (and `src/cli/Transfer.ts`) and everything they import, bundled by esbuild into `dist/` (ES
 * modules, split where the code imports on demand: the language grammars and the docs page load when first used),
 * so that the service starts without compiling TypeScript at run time and holds only the code it runs. Run by
 * `npm install` (prepare), `npm start` and `npm test`; Deno runs the TypeScript sources itself.
 * The library page's highlighter (highlight.js, common languages) is bundled for the browser into `dist/web/`, with
 * its light and dark themes: the page loads nothing from elsewhere.
 */
import { build } from "esbuild"
import { copyFileSync, mkdirSync, rmSync } from "node:fs"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))

export const buildService = async () => {
  rmSync(`${root}/dist`, { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    // The service, and the command line's imports from and exports to other tools (`scripts/backup.mjs`).
    entryPoints: ["src/main.ts", "src/cli/Transfer.ts"],
    outdir: "dist",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // A native module: loaded from node_modules as installed.
    external: ["better-sqlite3"],
    // jsonc-parser's `main` is a UMD build whose inner requires esbuild cannot follow; its ES modules bundle.
    alias: { "jsonc-parser": "./node_modules/jsonc-parser/lib/esm/main.js" },
    sourcemap: "linked",
    logLevel: "warning",
    // Bundled CommonJS packages still call `require` for Node's built-ins.
    banner: { js: "import { createRequire as __createRequire } from \"node:module\"; const require = __createRequire(import.meta.url);" }
  })
  await build({
    absWorkingDir: root,
    entryPoints: ["web/highlighter.js"],
    outfile: "dist/web/highlighter.js",
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    minify: true,
    logLevel: "warning"
  })
  mkdirSync(`${root}/dist/web`, { recursive: true })
  copyFileSync(`${root}/node_modules/highlight.js/styles/github.css`, `${root}/dist/web/highlight-light.css`)
  copyFileSync(`${root}/node_modules/highlight.js/styles/github-dark.css`, `${root}/dist/web/highlight-dark.css`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildService()
