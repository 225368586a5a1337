import { defineConfig } from "vitest/config"
import { postgresBinaries } from "./test/ThrowawayPostgres.ts"

/**
 * `E2E_ENGINE=pg` runs the end-to-end suites on PostgreSQL, in a throwaway cluster (`test/globalSetup.ts`), where the
 * PostgreSQL engine's own tests always run. Where PostgreSQL is not installed they are skipped with a warning, except
 * under `CI=true`, where that fails.
 */
const noPostgres = postgresBinaries() === undefined
if (noPostgres) {
  const message = "PostgreSQL 15 or later is not installed: the tests on PostgreSQL cannot run (install Debian's " +
    "postgresql-15, or set PG_BIN to its bin folder)"
  if (process.env.CI === "true") throw new Error(message)
  console.warn(`${message}; skipped`)
}
const postgresMissing = noPostgres && process.env.E2E_ENGINE === "pg"

export default defineConfig({
  test: {
    include: postgresMissing ? [] : ["test/**/*.test.ts"],
    passWithNoTests: postgresMissing,
    globalSetup: ["test/globalSetup.ts"],
    // End-to-end suites start real server processes; give them time to boot and restart.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // `expect.poll` waits 1 s by default: the page suites poll what Chromium shows of a server on PostgreSQL (or Deno)
    // on the same 2 cores, where an import preview once took longer (CI, Deno on PostgreSQL). A poll that holds ends
    // as soon as it holds; this only lets a slow answer arrive.
    expect: { poll: { timeout: 10_000 } }
  }
})
