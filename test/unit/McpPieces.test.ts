/**
 * The pure parts of the MCP face: JSON-RPC read and written with the client's own ids, language names, excerpts
 * around a match, cursors, and tools' inputs refused field by field with results kept under the limit.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import * as Tool from "effect/ai/Tool"
import { languageNamed, languageOfFileName } from "../../src/domain/LanguageNames.ts"
import { excerptAround } from "../../src/domain/MatchExcerpt.ts"
import { ErrorCode, errorOfExit, readBody } from "../../src/mcp/JsonRpc.ts"
import { RESULT_LIMIT, served } from "../../src/mcp/McpTools.ts"
import { Cursor, cursorOf } from "../../src/mcp/SnippetTools.ts"

describe("JsonRpc", () => {
  it("keeps a client's ids as they are, 0 and strings included", () => {
    expect(readBody({ jsonrpc: "2.0", id: 0, method: "ping" })).toEqual({
      batch: false,
      messages: [{ _tag: "Request", id: 0, method: "ping", params: undefined }]
    })
    expect(readBody([{ jsonrpc: "2.0", id: "a", method: "tools/list", params: {} }])).toEqual({
      batch: true,
      messages: [{ _tag: "Request", id: "a", method: "tools/list", params: {} }]
    })
  })

  it("tells notifications, answers to the server and malformed messages apart", () => {
    const read = (body: unknown) => {
      const result = readBody(body)
      if (!("messages" in result)) throw new Error(result.message)
      return result.messages[0]
    }
    expect(read({ jsonrpc: "2.0", method: "notifications/initialized" })._tag).toBe("Notification")
    expect(read({ jsonrpc: "2.0", id: 3, result: {} })._tag).toBe("Response")
    expect(read({ jsonrpc: "1.0", id: 3, method: "ping" })).toMatchObject({ _tag: "Invalid", id: 3 })
    expect(read({ jsonrpc: "2.0", id: { no: 1 }, method: "ping" })).toMatchObject({ _tag: "Invalid", id: null })
    expect(read({ jsonrpc: "2.0", id: 1, method: "ping", params: "text" })).toMatchObject({ _tag: "Invalid" })
    expect(read("not an object")).toMatchObject({ _tag: "Invalid" })
    expect(readBody([])).toEqual({ code: ErrorCode.invalidRequest, message: "An empty batch" })
  })

  it("answers an MCP error with its code, refused params as invalid params, anything else as internal", () => {
    expect(errorOfExit({ _tag: "Success", value: {} })).toBeUndefined()
    expect(errorOfExit({ _tag: "Failure", cause: [{ _tag: "Fail", error: { code: -32602, message: "Tool 'x' not found" } }] }))
      .toEqual({ code: -32602, message: "Tool 'x' not found" })
    expect(errorOfExit({ _tag: "Failure", cause: [{ _tag: "Die", defect: "Expected string, actual 1" }] })?.code)
      .toBe(ErrorCode.invalidParams)
    expect(errorOfExit({ _tag: "Failure", cause: [{ _tag: "Die", defect: { name: "Error", message: "boom" } }] })?.code)
      .toBe(ErrorCode.internalError)
  })
})

describe("LanguageNames", () => {
  it("reads names, spellings and extensions as the stored classification", () => {
    expect(["TypeScript", "ts", ".ts", "python", "PY", "c++", "C#", "golang", "shell", "Rust"].map(languageNamed))
      .toEqual(["ts", "ts", "ts", "py", "py", "cpp", "cs", "go", "sh", "rs"])
    expect(languageNamed("klingon")).toBeUndefined()
    // Names an object holds of its own are no languages (a gist file named `__proto__` once crashed an import).
    expect(["__proto__", "constructor", "toString", "hasOwnProperty"].map(languageNamed)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined
    ])
    expect(languageOfFileName("__proto__")).toBeUndefined()
  })
})

describe("MatchExcerpt", () => {
  const code = Array.from({ length: 12 }, (_, i) => `line ${i + 1}${i === 6 ? " parseHeader()" : ""}`).join("\n")

  it("shows two lines each side of the first matching line, case-insensitively, marking what is left out", () => {
    expect(excerptAround(code, ["PARSEHEADER"])).toBe("…\nline 5\nline 6\nline 7 parseHeader()\nline 8\nline 9\n…")
  })

  it("shows the first lines when nothing matches, and cuts very long lines", () => {
    expect(excerptAround(code, ["absent"])).toBe("line 1\nline 2\nline 3\nline 4\nline 5\n…")
    expect(excerptAround("x".repeat(500), [])).toBe(`${"x".repeat(160)}…`)
  })
})

describe("Cursor", () => {
  it("is opaque and round-trips; a cursor this server did not give is refused", () => {
    expect(Schema.decodeSync(Cursor)(cursorOf(50)!)).toBe(50)
    expect(cursorOf(50)).not.toContain("50")
    expect(() => Schema.decodeSync(Cursor)("50")).toThrow(/Not a cursor/)
  })
})

describe("McpTools", () => {
  const Echo = Tool.make("echo", {
    description: "Echoes",
    parameters: Schema.Struct({
      text: Schema.String,
      times: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 3 })))
    }),
    success: Schema.Unknown
  })
  const echo = served(Echo, ({ text, times }) =>
    text === "refuse" ? Effect.fail({ message: "Refused: said so" }) : Effect.succeed({ echoed: text.repeat(times ?? 1) }))
  const text = (result: { readonly content: ReadonlyArray<unknown> }) =>
    result.content.map((block) => (block as { text: string }).text).join("")

  it.effect("answers JSON text and structured content", () =>
    Effect.gen(function*() {
      const result = yield* echo.run({ text: "ab", times: 2 })
      expect(result.isError).toBeUndefined()
      expect(JSON.parse(text(result))).toEqual({ echoed: "abab" })
      expect(result.structuredContent).toEqual({ echoed: "abab" })
    }))

  it.effect("refuses an input naming every field at fault, unknown arguments included", () =>
    Effect.gen(function*() {
      const result = yield* echo.run({ times: 9, colour: "red" })
      expect(result.isError).toBe(true)
      const lines = text(result).split("\n")
      expect(lines[0]).toBe("Invalid arguments for echo:")
      expect(lines.some((line) => line.startsWith("text: "))).toBe(true)
      expect(lines.some((line) => line.startsWith("times: "))).toBe(true)
      expect(lines.some((line) => line.startsWith("colour: "))).toBe(true)
    }))

  it.effect("says why the tool refused, and refuses an answer over the limit", () =>
    Effect.gen(function*() {
      expect(text(yield* echo.run({ text: "refuse" }))).toBe("Refused: said so")
      const large = yield* echo.run({ text: "x".repeat(RESULT_LIMIT / 2), times: 3 })
      expect(large.isError).toBe(true)
      expect(text(large)).toMatch(/larger than a tool result may be/)
    }))
})
