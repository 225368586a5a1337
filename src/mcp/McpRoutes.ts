/**
 * MCP on the service's port: Streamable HTTP at `/mcp` (and at Pieces' `/model_context_protocol/2025-03-26/mcp`),
 * the legacy SSE transport at Pieces' `/model_context_protocol/2024-11-05/sse`, both served by one `McpServer`
 * (`@effect/ai`) with the snippet tools, and the snippet resources beside it. Every route passes the same request
 * guard as the rest of the service (loopback `Host`, allowed `Origin`, bounded JSON bodies).
 */
import * as McpServer from "@effect/ai/McpServer"
import * as HttpLayerRouter from "@effect/platform/HttpLayerRouter"
import * as RpcServer from "@effect/rpc/RpcServer"
import { Effect, Layer, Predicate } from "effect"
import { SERVICE_VERSION } from "../config.ts"
import { registerTools } from "./McpTools.ts"
import { LEGACY_MESSAGES_PATH, makeMcpTransport } from "./McpTransport.ts"
import { SnippetResources } from "./SnippetResources.ts"
import { makeSnippetTools } from "./SnippetToolHandlers.ts"

export const STREAMABLE_PATHS = ["/mcp", "/model_context_protocol/2025-03-26/mcp"] as const
export const LEGACY_STREAM_PATH = "/model_context_protocol/2024-11-05/sse"

/** What `initialize` tells a client's model about this server. */
const INSTRUCTIONS = "This server is the user's local library of saved code snippets. Search it (search_snippets) " +
  "before writing code the user may have written before, read a result whole with get_snippet, and save code worth " +
  "keeping with save_snippet, which says when a near copy is saved already. Snippets are also resources " +
  "(snippet://{id})."

/** `initialize` announces the resources with subscriptions, which `McpServer` does not serve, and the instructions. */
const amendResult = (method: string, result: unknown) =>
  method === "initialize" && Predicate.isRecord(result)
    ? {
      ...result,
      capabilities: {
        ...(Predicate.isRecord(result.capabilities) ? result.capabilities : {}),
        resources: { subscribe: true, listChanged: true }
      },
      instructions: INSTRUCTIONS
    }
    : result

const McpRoutesWithSessions = Layer.unwrapScoped(Effect.gen(function*() {
  const resources = yield* SnippetResources
  const transport = yield* makeMcpTransport({ answerLocally: resources.answer, amendResult })
  const tools = yield* makeSnippetTools
  const server = McpServer.layer({ name: "asset-connector-service", version: SERVICE_VERSION }).pipe(
    Layer.provide(Layer.succeed(RpcServer.Protocol, transport.protocol))
  )
  return Layer.mergeAll(
    Layer.effectDiscard(registerTools(tools)).pipe(Layer.provide(server)),
    ...STREAMABLE_PATHS.flatMap((path) => [
      HttpLayerRouter.add("POST", path, transport.streamablePost),
      HttpLayerRouter.add("GET", path, transport.streamableGet),
      HttpLayerRouter.add("DELETE", path, transport.streamableDelete)
    ]),
    HttpLayerRouter.add("GET", LEGACY_STREAM_PATH, transport.legacyStream),
    HttpLayerRouter.add("POST", LEGACY_MESSAGES_PATH, transport.legacyPost)
  )
}))

/** Needs `McpSessions`, which the service's stats read too. */
export const McpRoutes = McpRoutesWithSessions.pipe(Layer.provide(SnippetResources.Default))
