/**
 * JSON-RPC 2.0 as MCP clients send it, read and written here rather than by `@effect/rpc`'s JSON-RPC serialization,
 * which reads an id of 0 (the first id of the official clients) as no id and takes every id for a number. A client's
 * ids stay its own: the transport gives each request an id of its own for the RPC server and answers with the
 * client's.
 */
import type * as RpcMessage from "effect/rpc/RpcMessage"
import { Predicate } from "effect"

export type JsonRpcId = string | number

export interface JsonRpcError {
  readonly code: number
  readonly message: string
  readonly data?: unknown
}

/** The codes of JSON-RPC, and MCP's for an unknown resource. */
export const ErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  resourceNotFound: -32002
} as const

/** One message of a request body. */
export type Incoming =
  | { readonly _tag: "Request"; readonly id: JsonRpcId; readonly method: string; readonly params: unknown }
  | { readonly _tag: "Notification"; readonly method: string; readonly params: unknown }
  /** An answer to a request of the server's; this server sends none, so they are dropped. */
  | { readonly _tag: "Response" }
  | { readonly _tag: "Invalid"; readonly id: JsonRpcId | null; readonly error: JsonRpcError }

const isId = (u: unknown): u is JsonRpcId => typeof u === "string" || (typeof u === "number" && Number.isFinite(u))

const invalid = (id: JsonRpcId | null, message: string): Incoming => ({
  _tag: "Invalid",
  id,
  error: { code: ErrorCode.invalidRequest, message }
})

const readOne = (message: unknown): Incoming => {
  if (!Predicate.isObject(message)) return invalid(null, "A JSON-RPC message is an object")
  const id = isId(message.id) ? message.id : null
  if (message.jsonrpc !== "2.0") return invalid(id, `"jsonrpc" must be "2.0"`)
  if (!("method" in message)) {
    return "result" in message || "error" in message ? { _tag: "Response" } : invalid(id, "No method")
  }
  if (typeof message.method !== "string" || message.method === "") return invalid(id, `"method" must be a string`)
  if (message.params !== undefined && !Predicate.isObject(message.params) && !Array.isArray(message.params)) {
    return invalid(id, `"params" must be an object`)
  }
  if (!("id" in message) || message.id === undefined) {
    return { _tag: "Notification", method: message.method, params: message.params }
  }
  if (!isId(message.id)) return invalid(null, `"id" must be a string or a number`)
  return { _tag: "Request", id: message.id, method: message.method, params: message.params }
}

/** The messages of a body: one message, or a batch (an array, as protocol 2025-03-26 allows). */
export const readBody = (
  body: unknown
): { readonly batch: boolean; readonly messages: ReadonlyArray<Incoming> } | JsonRpcError => {
  if (Array.isArray(body)) {
    return body.length === 0
      ? { code: ErrorCode.invalidRequest, message: "An empty batch" }
      : { batch: true, messages: body.map(readOne) }
  }
  return { batch: false, messages: [readOne(body)] }
}

export const resultJson = (id: JsonRpcId, result: unknown): string => JSON.stringify({ jsonrpc: "2.0", id, result })

export const errorJson = (id: JsonRpcId | null, error: JsonRpcError): string =>
  JSON.stringify({ jsonrpc: "2.0", id, error })

export const notificationJson = (method: string, params: unknown): string =>
  JSON.stringify({ jsonrpc: "2.0", method, params })

const hasCode = (u: unknown): u is { readonly code: number; readonly message: string; readonly data?: unknown } =>
  Predicate.isObject(u) && typeof u.code === "number" && typeof u.message === "string"

/**
 * The error an RPC server's failed exit stands for: an MCP error as it is (it has a code); a defect that is text, the
 * RPC server's report of params its schema refused, as invalid params; anything else as an internal error.
 */
export const errorOfExit = (exit: RpcMessage.ResponseExitEncoded["exit"]): JsonRpcError | undefined => {
  if (exit._tag === "Success") return undefined
  const failure = exit.cause.find((reason) => reason._tag === "Fail")
  if (failure !== undefined && hasCode(failure.error)) {
    const { code, data, message } = failure.error
    return { code, message, ...(data === undefined ? {} : { data }) }
  }
  const defect = exit.cause.find((reason) => reason._tag === "Die")
  if (defect !== undefined && typeof defect.defect === "string") {
    return { code: ErrorCode.invalidParams, message: `Invalid params: ${defect.defect}` }
  }
  return { code: ErrorCode.internalError, message: "The request failed unexpectedly; the error is in the service's log" }
}
