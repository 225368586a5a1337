import { describe, expect, it } from "@effect/vitest"
import { notProvided } from "../../src/http/NotProvided.ts"
import { PIECES_OPERATIONS_NOT_SERVED } from "../../src/http/PiecesOperationsNotServed.ts"
import { operationsNotServed, piecesOperations, servedOperations } from "../corpus/PiecesOperations.ts"

describe("the Pieces OS operations not served", () => {
  it("are every operation of the official SDK this service does not declare (regenerate when this fails)", () => {
    expect(piecesOperations().length).toBeGreaterThan(500)
    expect(PIECES_OPERATIONS_NOT_SERVED).toEqual(operationsNotServed())
  })

  it("leave out what this service serves", () => {
    const served = servedOperations()
    for (const operation of ["GET /asset/{asset}", "POST /tags/create", "GET /search/neural_code", "GET /user"]) {
      expect(served.has(operation), operation).toBe(true)
      expect(PIECES_OPERATIONS_NOT_SERVED).not.toContain(operation)
    }
  })
})

describe("notProvided", () => {
  it("names the feature an operation not served belongs to", () => {
    expect(notProvided("/qgpt/stream")).toMatch(/copilot/)
    expect(notProvided("/conversations/stream/identifiers")).toMatch(/copilot/)
    expect(notProvided("/models/create")).toMatch(/copilot/)
    expect(notProvided("/model/5b2d3a8c-6f1e-4c2a-9d4b-0a1e2f3c4d51/download")).toMatch(/copilot/)
    expect(notProvided("/asset/5b2d3a8c-6f1e-4c2a-9d4b-0a1e2f3c4d51/conversations")).toMatch(/copilot/)
    expect(notProvided("/workstream_pattern_engine/processors/vision/status/stream")).toMatch(/Long-term memory/)
    expect(notProvided("/anchors/stream/identifiers")).toMatch(/Long-term memory/)
    expect(notProvided("/user/refresh")).toMatch(/Accounts/)
    expect(notProvided("/linkify")).toMatch(/Sharing/)
    expect(notProvided("/tags/search")).toMatch(/^\/tags\/search is an operation of Pieces OS that this service does not provide/)
  })

  it("says nothing of paths outside the Pieces OS API", () => {
    expect(notProvided("/nothing/here")).toBeUndefined()
    expect(notProvided("/qgptx")).toBeUndefined()
    expect(notProvided("/tags/search/more")).toBeUndefined()
    // A model is read here; a path that only fails to name one is unknown, not a missing feature.
    expect(notProvided("/model/%ZZ")).toBeUndefined()
  })
})
