/**
 * Tools registered with `McpServer`: each input checked against its tool's schema before it runs, and every outcome
 * a tool result a model can read. Registered here rather than with `McpServer.registerToolkit` (0.37.0), which
 * reports a refused input as a serialized `AiError` that names the whole input rather than the field at fault.
 * - Input refused: an error result naming each field and what was wrong with it.
 * - The tool refused (an unknown id, a blank name): an error result with its reason.
 * - Success: the answer as JSON text, and as `structuredContent`.
 * - An answer over `RESULT_LIMIT` bytes is not sent: an error result says to ask for less.
 */
import * as McpSchema from "@effect/ai/McpSchema"
import * as McpServer from "@effect/ai/McpServer"
import * as Tool from "@effect/ai/Tool"
import { Context, Effect, Either, ParseResult, Predicate, Schema } from "effect"
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
    ...(Predicate.isRecord(value) ? { structuredContent: value } : {})
  })
}

/** Each problem of a refused input on a line: the field, then what was wrong. */
const inputProblems = (error: ParseResult.ParseError) =>
  ParseResult.ArrayFormatter.formatErrorSync(error)
    .map((issue) => `${issue.path.length === 0 ? "arguments" : issue.path.join(".")}: ${issue.message}`)
    .join("\n")

/** A tool and its handler, which gets the input decoded by the tool's schema. */
export const served = <Parameters extends Schema.Schema.AnyNoContext>(
  tool: Tool.Any & { readonly parametersSchema: Parameters },
  handle: (params: Schema.Schema.Type<Parameters>) => Effect.Effect<unknown, ToolRefusal>
): ServedTool => {
  const decode = Schema.decodeUnknownEither(tool.parametersSchema, { errors: "all", onExcessProperty: "error" })
  return {
    tool,
    run: (payload) =>
      Either.match(decode(payload ?? {}), {
        onLeft: (error) => Effect.succeed(errorResult(`Invalid arguments for ${tool.name}:\n${inputProblems(error)}`)),
        onRight: (params) =>
          handle(params).pipe(
            Effect.match({ onFailure: (refusal) => errorResult(refusal.message), onSuccess: successResult }),
            Effect.catchAllCause((cause) =>
              Effect.as(
                Effect.logError(`MCP tool ${tool.name} failed`, cause),
                errorResult(`${tool.name} failed unexpectedly; the error is in the service's log`)
              )
            )
          )
      })
  }
}

/** Announces the tools with their JSON schemas and annotations, and runs their calls. */
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
          inputSchema: Tool.getJsonSchemaFromSchemaAst(tool.parametersSchema.ast),
          annotations: new McpSchema.ToolAnnotations({
            readOnlyHint: Context.get(tool.annotations, Tool.Readonly),
            destructiveHint: Context.get(tool.annotations, Tool.Destructive),
            idempotentHint: Context.get(tool.annotations, Tool.Idempotent),
            openWorldHint: Context.get(tool.annotations, Tool.OpenWorld)
          })
        }),
        handle: run
      })
    }
  })
