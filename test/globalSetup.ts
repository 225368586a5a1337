/**
 * Vitest's global set-up: the end-to-end suites start the service as users do on Node, from its build (`dist/`),
 * so the build is made fresh before any suite runs (about a tenth of a second). A throwaway PostgreSQL cluster is
 * started here too (`ThrowawayPostgres`), its address handed to the tests as `E2E_POSTGRES_URL`, and stopped when
 * they end: the PostgreSQL engine's own tests use it, and with `E2E_ENGINE=pg` every end-to-end suite runs on it.
 * Without PostgreSQL installed, those are skipped (`vitest.config.ts` says so, and fails under CI).
 */
import { buildService } from "../scripts/build.mjs"
import { postgresBinaries, startPostgres } from "./ThrowawayPostgres.ts"

export default async () => {
  await buildService()
  if (postgresBinaries() === undefined) return
  const cluster = await startPostgres()
  process.env.E2E_POSTGRES_URL = cluster.url()
  return () => cluster.stop()
}
