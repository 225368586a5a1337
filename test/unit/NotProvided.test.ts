import { describe, expect, it } from "@effect/vitest"
import { notProvided } from "../../src/http/NotProvided.ts"

describe("notProvided", () => {
  it("names the Pieces OS feature a path belongs to", () => {
    expect(notProvided("/qgpt/stream")).toMatch(/copilot/)
    expect(notProvided("/conversations/stream/identifiers")).toMatch(/copilot/)
    expect(notProvided("/models/create")).toMatch(/copilot/)
    expect(notProvided("/model/5b2d3a8c-6f1e-4c2a-9d4b-0a1e2f3c4d51/download")).toMatch(/copilot/)
    expect(notProvided("/asset/5b2d3a8c-6f1e-4c2a-9d4b-0a1e2f3c4d51/conversations")).toMatch(/copilot/)
    expect(notProvided("/workstream_pattern_engine/processors/vision/status/stream")).toMatch(/Long-term memory/)
    expect(notProvided("/anchors/stream/identifiers")).toMatch(/Long-term memory/)
    expect(notProvided("/user/refresh")).toMatch(/Accounts/)
    expect(notProvided("/os/sign_in")).toMatch(/Accounts/)
    expect(notProvided("/linkify")).toMatch(/Sharing/)
  })

  it("says nothing of paths outside the Pieces OS API, or of look-alikes", () => {
    expect(notProvided("/nothing/here")).toBeUndefined()
    expect(notProvided("/qgptx")).toBeUndefined()
    expect(notProvided("/userx")).toBeUndefined()
    // A model is read here; a path that only fails to name one is unknown, not a missing feature.
    expect(notProvided("/model/%ZZ")).toBeUndefined()
  })
})
