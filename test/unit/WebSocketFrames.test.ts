import { describe, expect, it } from "@effect/vitest"
import { textFrame } from "../../src/http/WebSocketFrames.ts"
import { readFrame } from "./FrameText.ts"

describe("textFrame", () => {
  it("is one final, unmasked text frame whose length field gives the text's UTF-8 bytes, at every length width", () => {
    for (const length of [0, 1, 125, 126, 65_535, 65_536, 300_000]) {
      const text = "x".repeat(length)
      const frame = textFrame(text)
      const read = readFrame(frame)
      expect(read).toEqual({ first: 0x81, masked: false, length, text })
      // 2 bytes of header up to 125, 4 up to 65,535, 10 beyond.
      expect(frame.length - length).toBe(length <= 125 ? 2 : length <= 65_535 ? 4 : 10)
    }
  })

  it("counts bytes, not characters", () => {
    const text = "é€😀".repeat(30)
    const read = readFrame(textFrame(text))
    expect(read.length).toBe(Buffer.byteLength(text))
    expect(read.length).toBeGreaterThan(125)
    expect(read.text).toBe(text)
  })
})
