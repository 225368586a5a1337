/**
 * The library page at `/`: the service's own files (`web/`, and the highlighter the build bundles into `dist/web/`),
 * read once and kept, sent with a content security policy that lets the page load and connect to this service only.
 */
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect, Layer } from "effect"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { installedAt } from "../app/AppFolders.ts"
import { jsonError } from "./JsonResponses.ts"

/** Every file the page is made of, by URL path: where it is and its type. Nothing else is served. */
const FILES: Record<string, readonly [string, string]> = {
  "/": ["web/index.html", "text/html; charset=utf-8"],
  "/web/app.js": ["web/app.js", "text/javascript; charset=utf-8"],
  "/web/import.js": ["web/import.js", "text/javascript; charset=utf-8"],
  "/web/history.js": ["web/history.js", "text/javascript; charset=utf-8"],
  "/web/new.js": ["web/new.js", "text/javascript; charset=utf-8"],
  "/web/style.css": ["web/style.css", "text/css; charset=utf-8"],
  "/web/highlighter.js": ["dist/web/highlighter.js", "text/javascript; charset=utf-8"],
  "/web/highlight-light.css": ["dist/web/highlight-light.css", "text/css; charset=utf-8"],
  "/web/highlight-dark.css": ["dist/web/highlight-dark.css", "text/css; charset=utf-8"]
}

const HEADERS = {
  "content-security-policy":
    "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; " +
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-cache"
}

const root = installedAt
const loaded = new Map<string, Uint8Array>()

const serve = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const path = request.url.split("?")[0]
  const file = FILES[path]
  if (file === undefined) return jsonError(404, "RouteNotFound", `No such file: ${path}`)
  const [relative, contentType] = file
  let body = loaded.get(path)
  if (body === undefined) {
    const location = join(root, relative)
    if (!existsSync(location)) {
      return jsonError(503, "PageNotBuilt", `${relative} is missing: run npm install (or npm run build) first`)
    }
    body = new Uint8Array(readFileSync(location))
    loaded.set(path, body)
  }
  return HttpServerResponse.uint8Array(body, { contentType, headers: HEADERS })
})

export const LibraryPageRoutes = Layer.mergeAll(
  HttpRouter.add("GET", "/", serve),
  HttpRouter.add("GET", "/web/*", serve)
)
