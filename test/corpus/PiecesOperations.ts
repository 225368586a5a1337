/**
 * Every operation of the Pieces OS local API, as "METHOD /path/{param}", read from the official TypeScript SDK's
 * generated clients (`@pieces.app/pieces-os-client`, a devDependency, MIT): each `async <name>Raw(...)` method
 * states its path and method. And the operations this service declares, from its own HttpApi.
 */
import { OpenApi } from "effect/http-api"
import { readdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { Api } from "../../src/api/Api.ts"

const sdkApis = () => {
  const require = createRequire(import.meta.url)
  return join(dirname(require.resolve("@pieces.app/pieces-os-client")), "apis")
}

/** "METHOD /path" of every operation the SDK knows, sorted, without repeats. */
export const piecesOperations = (): Array<string> => {
  const dir = sdkApis()
  const operations = new Set<string>()
  for (const file of readdirSync(dir).filter((name) => name.endsWith("Api.js"))) {
    const source = readFileSync(join(dir, file), "utf8")
    for (const [, body] of source.matchAll(/async \w+Raw\([^)]*\) \{([\s\S]*?)\n {4}\}\n/g)) {
      const path = /path: `([^`]*)`/.exec(body)?.[1]
      const method = /method: '(\w+)'/.exec(body)?.[1]
      if (path !== undefined && method !== undefined) operations.add(`${method} ${path}`)
    }
  }
  return [...operations].sort()
}

/**
 * Routes served outside the HTTP API declaration: the library page (`src/http/LibraryPage.ts`) and the MCP
 * transports (`src/mcp/McpRoutes.ts`; served for the schema versions `/model_context_protocol/schema_versions` lists).
 */
const SERVED_OUTSIDE_API = [
  "GET /",
  "GET /model_context_protocol/{schema_version}/sse",
  "POST /model_context_protocol/{schema_version}/messages"
]

/** "METHOD /path" of every operation this service declares, its path parameters written `{name}`. */
export const servedOperations = (): Set<string> => {
  const spec = OpenApi.fromApi(Api)
  const served = new Set<string>(SERVED_OUTSIDE_API)
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of Object.keys(item)) served.add(`${method.toUpperCase()} ${path}`)
  }
  return served
}

/** A path template with its parameter names dropped, so two spellings of one path compare equal. */
const shape = (operation: string) => operation.replace(/\{[^}]+\}/g, "{}")

/** The SDK's operations this service does not serve. */
export const operationsNotServed = (): Array<string> => {
  const served = new Set([...servedOperations()].map(shape))
  return piecesOperations().filter((operation) => !served.has(shape(operation)))
}
