/**
 * `npm start`: builds `dist/` only if a source changed since its last build (`build.mjs`), then runs the service in
 * this same process. A `prestart` step would start a shell and a second Node first, a tenth of a second of every
 * start. It first starts itself again with the settings only a process's start reads (`restartWithLaunchSettings`).
 */
import { restartWithLaunchSettings } from "../src/runtime/RuntimeSettings.mjs"
import { buildServiceIfChanged } from "./build.mjs"

restartWithLaunchSettings()
await buildServiceIfChanged()
await import("../dist/main.js")
