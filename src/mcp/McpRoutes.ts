/**
 * MCP on the service's port: Streamable HTTP at `/mcp` (and at Pieces' `/model_context_protocol/2025-03-26/mcp`),
 * the legacy SSE transport at Pieces' `/model_context_protocol/2024-11-05/sse`, both served by one `McpServer`
 * (Effect's) with the snippet tools, and the snippet resources beside it. Every route passes the same request
 * guard as the rest of the service (loopback `Host`, allowed `Origin`, bounded JSON bodies).
 */
import { Effect, Layer, Predicate } from "effect"
import { McpProtocol, McpServer } from "effect/ai"
import { HttpRouter } from "effect/http"
import { RpcServer } from "effect/rpc"
import { SERVICE_VERSION } from "../config.ts"
import { registerTools } from "./McpTools.ts"
import { LEGACY_MESSAGES_PATH, makeMcpTransport } from "./McpTransport.ts"
import { AssistantLibrary } from "../services/AssistantLibrary.ts"
import { StreamConnections } from "../services/StreamConnections.ts"
import { McpSessions } from "./McpSessions.ts"
import { SnippetResources } from "./SnippetResources.ts"
import { makeSnippetTools } from "./SnippetToolHandlers.ts"

export const STREAMABLE_PATHS = ["/mcp", "/model_context_protocol/2025-03-26/mcp"] as const
export const LEGACY_STREAM_PATH = "/model_context_protocol/2024-11-05/sse"

/** What `initialize` tells a client's model about this server. */
const INSTRUCTIONS = "This server is the user's local library of saved code snippets. Search it (search_snippets) " +
  "before writing code the user may have written before, read a result whole with get_snippet, and save code worth " +
  "keeping with save_snippet, which says when a near copy is saved already. Snippets are also resources " +
  "(snippet://{id})."

/** `initialize` announces the resources with subscriptions, which are served beside `McpServer` (`SnippetResources`). */
const amendResult = (method: string, result: unknown) =>
  method === "initialize" && Predicate.isObject(result)
    ? {
      ...result,
      capabilities: {
        ...(Predicate.isObject(result.capabilities) ? result.capabilities : {}),
        resources: { subscribe: true, listChanged: true }
      }
    }
    : result

/** The revisions of MCP served: every one with sessions, newest first (what `initialize` falls back to). */
const PROTOCOLS = [McpProtocol.v2025_11_25, McpProtocol.v2025_06_18, McpProtocol.v2025_03_26, McpProtocol.v2024_11_05] as const

const McpRoutesWithSessions = Layer.unwrap(Effect.gen(function*() {
  const resources = yield* SnippetResources
  const transport = yield* makeMcpTransport({ answerLocally: resources.answer, amendResult })
  const tools = yield* makeSnippetTools
  const server = McpServer.layer({
    name: "asset-connector-service",
    version: SERVICE_VERSION,
    instructions: INSTRUCTIONS,
    protocols: PROTOCOLS
  }).pipe(
    Layer.provide(Layer.succeed(RpcServer.Protocol, transport.protocol))
  )
  return Layer.mergeAll(
    Layer.effectDiscard(registerTools(tools)).pipe(Layer.provide(server)),
    ...STREAMABLE_PATHS.flatMap((path) => [
      HttpRouter.add("POST", path, transport.streamablePost),
      HttpRouter.add("GET", path, transport.streamableGet),
      HttpRouter.add("DELETE", path, transport.streamableDelete)
    ]),
    HttpRouter.add("GET", LEGACY_STREAM_PATH, transport.legacyStream),
    HttpRouter.add("POST", LEGACY_MESSAGES_PATH, transport.legacyPost)
  )
}))

export const McpRoutes = McpRoutesWithSessions.pipe(
  Layer.provide([SnippetResources.layer, McpSessions.layer, StreamConnections.layer, AssistantLibrary.layer])
)
