import { describe, expect, it } from "@effect/vitest"
import { commentedPaste, holdsPaste, linesHeld, trimmedLines } from "../../src/domain/CommentedPaste.ts"

const SAVED = `export const dispatch = (target, event) => {
  // 4. Initialize any other IDL attributes of event as described in the
  //    invocation of this algorithm.

  // 5. Return the result of dispatching event at target, with legacy target
  //    override flag set if set.
  return target.dispatchEvent(event)
}`

/** The comments and the call of SAVED, as a user selects them: from inside the first line to inside the last. */
const PASTE = `IDL attributes of event as described in the
    //    invocation of this algorithm.
  // 5. Return the result of dispatching event at target, with legacy target
  //    override flag set if set.
  return target.dispatchEv`

describe("CommentedPaste", () => {
  it("is a paste of three lines or more, at least half of them comments, with words to look up", () => {
    const paste = commentedPaste(SAVED.split("\n").slice(1, 7).join("\n"))
    expect(paste?.lines).toHaveLength(5)
    expect(paste?.words).toEqual(["dispatchEvent", "dispatching", "Initialize"])
    // Mostly code; two comment lines; too few characters.
    expect(commentedPaste(`${SAVED}\nconst later = dispatch(target, event)\nexport default later`)).toBeUndefined()
    expect(commentedPaste("// 4. Initialize any other IDL attributes of event as described in the\n// invocation")).toBeUndefined()
    expect(commentedPaste("// one\n// two\n# three")).toBeUndefined()
  })

  it("reads the comment lines of the languages we see", () => {
    const block = (marker: string) =>
      Array.from({ length: 4 }, (_, i) => `${marker} line ${i} of a comment that explains the algorithm`).join("\n")
    for (const marker of ["//", "#", "*", "--", "/*", "<!--"]) expect(commentedPaste(block(marker))).toBeDefined()
    expect(commentedPaste(block("print"))).toBeUndefined()
  })

  it("is held by a snippet with its lines one after another, whatever their indentation", () => {
    const paste = commentedPaste(PASTE)!
    expect(paste).toBeDefined()
    expect(holdsPaste(SAVED, paste)).toBe(true)
    expect(holdsPaste(SAVED.replaceAll("  //", "\t//"), paste)).toBe(true)
  })

  it("is not held by a snippet that has its lines apart, in another order, or changed", () => {
    const paste = commentedPaste(PASTE)!
    expect(holdsPaste(SAVED.replace("\n\n  // 5.", "\n  let done = true\n  // 5."), paste)).toBe(false)
    expect(holdsPaste(SAVED.replace("invocation of this algorithm.", "invocation of this algorithm.\n  init()"), paste))
      .toBe(false)
    expect(holdsPaste(SAVED.replace("legacy target", "legacy"), paste)).toBe(false)
    expect(holdsPaste(SAVED.replace("return target", "target"), paste)).toBe(false)
    expect(holdsPaste(PASTE.split("\n").slice(0, 3).join("\n"), paste)).toBe(false)
  })

  it("counts the share of a query's lines a snippet holds as they are, indentation and blank lines aside", () => {
    const query = trimmedLines(SAVED.split("\n").slice(0, 4).join("\n"))
    expect(query).toHaveLength(3)
    expect(linesHeld(query, SAVED)).toBe(1)
    expect(linesHeld(query, SAVED.replaceAll("  //", "\t//"))).toBe(1)
    expect(linesHeld(query, SAVED.replace("invocation of this algorithm.", "invocation."))).toBeCloseTo(2 / 3)
    expect(linesHeld(query, "")).toBe(0)
    expect(linesHeld([], SAVED)).toBe(0)
  })
})
