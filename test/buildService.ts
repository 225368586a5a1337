/**
 * Vitest's global set-up: the end-to-end suites start the service as users do on Node, from its build (`dist/`),
 * so the build is made fresh before any suite runs (about a tenth of a second).
 */
import { buildService } from "../scripts/build.mjs"

export default buildService
