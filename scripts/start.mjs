/**
 * `npm start`: builds `dist/` only if a source changed since its last build (`build.mjs`), then runs the service in
 * this same process. A `prestart` step would start a shell and a second Node first, a tenth of a second of every
 * start. On Linux it first starts itself again with glibc's malloc settings (`mallocSettings.mjs`).
 */
import { buildServiceIfChanged } from "./build.mjs"
import { restartWithMallocSettings } from "./mallocSettings.mjs"

restartWithMallocSettings()
await buildServiceIfChanged()
await import("../dist/main.js")
