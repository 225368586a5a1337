/**
 * `npm start`: builds `dist/` only if a source changed since its last build (`build.mjs`), then runs the service in
 * this same process. A `prestart` step would start a shell and a second Node first, a tenth of a second of every
 * start.
 */
import { buildServiceIfChanged } from "./build.mjs"

await buildServiceIfChanged()
await import("../dist/main.js")
