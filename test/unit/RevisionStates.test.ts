/**
 * How revisions are stored: whole every `KEYFRAME_EVERY`th, otherwise as what changed; read back, each is the
 * snippet it was, whatever the edits (lines added, removed, changed at either end, the code emptied).
 */
import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { changedFields, type SnippetState } from "../../src/domain/Revision.ts"
import { unifiedDiff } from "../../src/domain/RevisionDiff.ts"
import { KEYFRAME_EVERY, nextState, packInOrder, stateFromChain } from "../../src/domain/RevisionStates.ts"

const state = (code: string, name = "a snippet"): SnippetState => ({
  name,
  code,
  language: "ts",
  tags: ["one"],
  websites: [],
  annotations: []
})

const line = fc.string({ maxLength: 12 }).filter((text) => !text.includes("\n"))
const snippet = fc.record({
  name: fc.string({ maxLength: 10 }),
  code: fc.array(line, { maxLength: 8 }).map((lines) => lines.join("\n")),
  language: fc.constantFrom("ts", "py", ""),
  tags: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  websites: fc.array(fc.record({ url: fc.webUrl(), name: fc.string({ maxLength: 5 }) }), { maxLength: 2 }),
  annotations: fc.array(fc.record({ type: fc.constantFrom("DESCRIPTION", "COMMENT"), text: fc.string() }), { maxLength: 2 })
})

describe("revision states", () => {
  it("reads back every revision of any sequence of snippets, from its keyframe", () =>
    fc.assert(fc.property(fc.array(snippet, { minLength: 1, maxLength: 80 }), (states) => {
      const pack = packInOrder()
      const stored = states.map((snippet, i) => ({ number: i + 1, ...pack(i + 1, snippet) }))
      expect(stored.every((row) => row.number - row.keyframe < KEYFRAME_EVERY)).toBe(true)
      stored.forEach((row, i) => {
        const chain = stored.slice(row.keyframe - 1, i + 1)
        expect(stateFromChain(chain)).toEqual(states[i])
      })
      // Read in order, each from the one before it, as a backup is written.
      let previous: SnippetState | undefined
      stored.forEach((row, i) => {
        previous = nextState(previous, row)
        expect(previous).toEqual(states[i])
      })
    })))

  it("keeps a one-line edit of long code in a few bytes", () => {
    const code = Array.from({ length: 200 }, (_, i) => `  const value${i} = compute(${i}) // line ${i}`).join("\n")
    const pack = packInOrder()
    const first = pack(1, state(code))
    const second = pack(2, state(code.replace("compute(100)", "compute(101)")))
    expect(second.keyframe).toBe(1)
    expect(second.state.byteLength).toBeLessThan(100)
    expect(first.state.byteLength).toBeGreaterThan(10 * second.state.byteLength)
  })

  it("says which fields changed, every field for a new snippet", () => {
    expect(changedFields(undefined, state("x"))).toEqual(["name", "code", "language", "tags", "websites", "annotations"])
    expect(changedFields(state("x"), state("y", "other"))).toEqual(["name", "code"])
    expect(changedFields(state("x"), state("x"))).toEqual([])
  })

  it("diffs code as a unified diff of the lines that changed", () => {
    const diff = unifiedDiff("a\nb\nc\n", "a\nB\nc\n", "revision 1", "revision 2")
    expect(diff.split("\n").slice(0, 2)).toEqual(["--- revision 1", "+++ revision 2"])
    expect(diff.split("\n").filter((text) => /^[-+][^-+]/.test(text))).toEqual(["-b", "+B"])
    expect(unifiedDiff("same", "same", "a", "b")).toBe("")
  })
})
