/**
 * Tools registered with `McpServer`: each input checked against its tool's schema before it runs, and every outcome
 * a tool result a model can read. Registered here rather than with `McpServer.registerToolkit`, so that a refused
 * input is an error result naming each field at fault (the toolkit's is one error for the whole input) and an answer
 * is measured against `RESULT_LIMIT` before it is sent.
 * - Input refused: an error result naming each field and what was wrong with it.
 * - The tool refused (an unknown id, a blank name): an error result with its reason.
 * - Success: the answer as JSON text, and as `structuredContent`.
 * - An answer over `RESULT_LIMIT` bytes is not sent: an error result says to ask for less.
 */
import { Context, Effect, Option, Predicate, Result, Schema } from "effect"
import { McpSchema, McpServer, Tool } from "effect/ai"
import { decodeIssues } from "../domain/DecodeIssues.ts"
import type { Actor } from "../domain/Revision.ts"
import { actingAs } from "../services/CurrentActor.ts"
import type { ToolRefusal } from "./SnippetTools.ts"

/** The largest tool result sent, in bytes of its text. */
export const RESULT_LIMIT = 256 * 1024

/** A tool with what runs it. */
export interface ServedTool {
  readonly tool: Tool.Any
  readonly run: (payload: unknown) => Effect.Effect<McpSchema.CallToolResult>
}

const errorResult = (message: string) =>
  new McpSchema.CallToolResult({ isError: true, content: [{ type: "text", text: message }] })

const successResult = (value: unknown) => {
  const text = JSON.stringify(value)
  if (Buffer.byteLength(text, "utf8") > RESULT_LIMIT) {
    return errorResult(`The answer is larger than a tool result may be (${RESULT_LIMIT / 1024} KiB): ask for fewer items`)
  }
  return new McpSchema.CallToolResult({
    content: [{ type: "text", text }],
    ...(Predicate.isObject(value) ? { structuredContent: value } : {})
  })
}

/** Each problem of a refused input on a line: the field, then what was wrong. */
const inputProblems = (error: Schema.SchemaError) =>
  decodeIssues(error)
    .map((issue) => `${issue.path.length === 0 ? "arguments" : issue.path.join(".")}: ${issue.message}`)
    .join("\n")

/** A tool and its handler, which gets the input decoded by the tool's schema. */
export const served = <Parameters extends Schema.Decoder<unknown, never>>(
  tool: Tool.Any & { readonly parametersSchema: Parameters },
  handle: (params: Parameters["Type"]) => Effect.Effect<unknown, ToolRefusal>
): ServedTool => {
  const decode = Schema.decodeUnknownResult(tool.parametersSchema, { errors: "all", onExcessProperty: "error" })
  return {
    tool,
    run: (payload) =>
      Result.match(decode(payload ?? {}), {
        onFailure: (error) => Effect.succeed(errorResult(`Invalid arguments for ${tool.name}:\n${inputProblems(error)}`)),
        onSuccess: (params) =>
          handle(params).pipe(
            Effect.match({ onFailure: (refusal) => errorResult(refusal.message), onSuccess: successResult }),
            Effect.catchCause((cause) =>
              Effect.as(
                Effect.logError(`MCP tool ${tool.name} failed`, cause),
                errorResult(`${tool.name} failed unexpectedly; the error is in the service's log`)
              )
            )
          )
      })
  }
}

/** The assistant a tool call comes from, as its client named itself in `initialize`. */
export const assistantOf = (client: Option.Option<McpSchema.McpServerClient["Service"]>): Actor =>
  Option.match(client, {
    onNone: () => ({ kind: "assistant" }),
    onSome: ({ clientInfo }) => ({ kind: "assistant", name: clientInfo.name, version: clientInfo.version })
  })

/** Announces the tools with their JSON schemas and annotations, and runs their calls, by the client's assistant. */
export const registerTools = (tools: ReadonlyArray<ServedTool>) =>
  Effect.gen(function*() {
    const server = yield* McpServer.McpServer
    for (const { run, tool } of tools) {
      yield* server.addTool({
        tool: new McpSchema.Tool({
          name: tool.name,
          ...Context.getOption(tool.annotations, Tool.Title).pipe(
            (title) => title._tag === "Some" ? { title: title.value } : {}
          ),
          description: tool.description,
          inputSchema: Tool.getJsonSchemaFromSchema(tool.parametersSchema),
          annotations: McpSchema.ToolAnnotations.make({
            readOnlyHint: Context.get(tool.annotations, Tool.Readonly),
            destructiveHint: Context.get(tool.annotations, Tool.Destructive),
            idempotentHint: Context.get(tool.annotations, Tool.Idempotent),
            openWorldHint: Context.get(tool.annotations, Tool.OpenWorld)
          })
        }),
        annotations: Context.empty(),
        handle: (payload) =>
          Effect.flatMap(Effect.serviceOption(McpSchema.McpServerClient), (client) =>
            run(payload).pipe(actingAs(assistantOf(client))))
      })
    }
  })
