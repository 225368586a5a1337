import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import {
  CORE_KEYWORDS,
  fingerprint,
  isSubstantial,
  isTrivial,
  jaccardBetween,
  minHash,
  prepare,
  renameIdentifiers,
  shapeOf,
  shingles,
  similarity,
  stripComments,
  tokenize
} from "../../src/domain/CodeFingerprint.ts"
import { durationSeconds } from "../../src/domain/IsoDuration.ts"
import { scoreOfEvent } from "../../src/services/ConnectorActivity.ts"

const CODE = `function total(items) {
  // add them up
  let sum = 0
  for (const item of items) sum += item.price * item.quantity
  return sum
}`

describe("CodeFingerprint", () => {
  it("drops comments but keeps strings that look like them", () => {
    expect(stripComments("a = 1 // note\nb = '// kept' /* gone */ # gone too\n#include <x>")).toBe(
      "a = 1  \nb = '// kept'    \n#include <x>"
    )
  })

  it("tokenises code into identifiers, numbers, strings and symbols", () => {
    expect(tokenize("x += foo(\"a b\", 42)")).toEqual(["x", "+", "=", "foo", "(", "\"a b\"", ",", "42", ")"])
  })

  it("renames identifiers by first appearance, keeping keywords", () => {
    expect(renameIdentifiers(tokenize("return alpha + beta * alpha"))).toEqual(["return", "$0", "+", "$1", "*", "$0"])
  })

  it("counts a member name as an identifier, whatever it spells, and words only some languages reserve too", () => {
    expect(renameIdentifiers(tokenize("node.class = from(def)"))).toEqual(["$0", ".", "$1", "=", "$2", "(", "$3", ")"])
    expect(renameIdentifiers(tokenize("if (x) return y"))).toEqual(["if", "(", "$0", ")", "return", "$1"])
  })

  it("abstracts identifiers, strings and numbers to their kind in the Type-2 shape", () => {
    expect(shapeOf(tokenize("if (count > 10) log(\"big\", count)"))).toEqual(
      ["if", "(", "$", ">", "0", ")", "$", "(", "\"\"", ",", "$", ")"]
    )
  })

  it("keeps the renamed hash and the shape of any consistent renaming (property)", () => {
    // The JavaScript keywords of CODE stay; every other word gets a fresh name that is no word of CODE already (a
    // renaming that merges two names is not consistent).
    const words = new Set(CODE.match(/[A-Za-z_]\w*/g))
    const names = [...words].filter((word) => !CORE_KEYWORDS.has(word) && !["function", "let", "const", "of"].includes(word))
    const fresh = fc.uniqueArray(fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,8}$/), { minLength: names.length, maxLength: names.length })
      .filter((picked) => picked.every((name) => !CORE_KEYWORDS.has(name) && !words.has(name)))
    fc.assert(fc.property(fresh, (picked) => {
      const renaming = new Map(names.map((name, i) => [name, picked[i]]))
      const copy = CODE.replace(/\/\/[^\n]*|[A-Za-z_]\w*/g, (word) => renaming.get(word) ?? word)
      expect(fingerprint(copy).renamed).toBe(fingerprint(CODE).renamed)
      expect(fingerprint(copy).shape).toBe(fingerprint(CODE).shape)
    }))
  })

  it("gives layout-, comment- and rename-insensitive hashes", () => {
    const relaid = CODE.replaceAll("  ", "\t").replace("// add them up", "/* total */")
    const renamed = CODE.replaceAll("sum", "acc").replaceAll("item", "entry")
    expect(fingerprint(relaid).exact).toBe(fingerprint(CODE).exact)
    expect(fingerprint(renamed).exact).not.toBe(fingerprint(CODE).exact)
    expect(fingerprint(renamed).renamed).toBe(fingerprint(CODE).renamed)
  })

  it("hashes shingles as saved databases hold them: FNV-1a of the tokens joined by U+0001", () => {
    // Values the first release wrote: a database's similarity keys are made of them, so they never change.
    const sorted = (values: Array<number>) => values.sort((a, b) => a - b)
    expect([...shingles(tokenize("const naïve = (x) => x + 1 // done"))]).toEqual(sorted([
      1091162908, 2167791684, 487762527, 2749259502, 3653239710, 2180976846, 2934697316, 910858952, 1719416186, 1765320134
    ]))
    expect([...shingles(["a", "b", "c"])]).toEqual([3842422123])
    // Distinct: a run repeated is one shingle.
    expect([...shingles(tokenize("a b c d a b c d a b c d"))]).toHaveLength(4)
    const fnv1a = (text: string) => {
      let hash = 0x811c9dc5
      for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
      return hash >>> 0
    }
    const tokens = tokenize(CODE)
    for (const size of [4, 8]) {
      const joined = tokens.slice(0, tokens.length - size + 1).map((_, at) => fnv1a(tokens.slice(at, at + size).join("\u0001")))
      expect([...shingles(tokens, size)]).toEqual(sorted([...new Set(joined)]))
    }
  })

  it("MinHash signatures agree in proportion to shared shingles", () => {
    const a = minHash(shingles(tokenize(CODE)))
    const b = minHash(shingles(tokenize(CODE.replace("return sum", "return sum + 1"))))
    const c = minHash(shingles(tokenize("SELECT name, email FROM users WHERE active = 1 ORDER BY name")))
    const agreement = (x: Uint32Array, y: Uint32Array) => x.filter((v, i) => v === y[i]).length / x.length
    expect(agreement(a, b)).toBeGreaterThan(0.6)
    expect(agreement(a, c)).toBeLessThan(0.1)
  })

  it("scores copies 1, renamed copies just under, edits and fragments high, unrelated code low", () => {
    expect(similarity(CODE, CODE.replaceAll("  ", "\t"))).toBe(1)
    expect(similarity(CODE, CODE.replaceAll("sum", "acc"))).toBeGreaterThanOrEqual(0.98)
    expect(similarity(CODE, CODE.replaceAll("sum", "acc"))).toBeLessThan(1)
    expect(similarity(CODE.split("\n").slice(2, 5).join("\n"), CODE)).toBeGreaterThan(0.6)
    expect(similarity(CODE.replace("item.price", "item.cost"), CODE)).toBeGreaterThan(0.5)
    expect(similarity("def square(x):\n    return x * x\n", CODE)).toBeLessThan(0.2)
  })

  it("orders snippets holding a fragment whole by how much of each the fragment is", () => {
    const fragment = CODE.split("\n").slice(2, 5).join("\n")
    const longer = `${CODE}\nfunction average(items) {\n  return total(items) / items.length\n}`
    expect(similarity(fragment, CODE)).toBe(1)
    expect(similarity(fragment, longer)).toBe(1)
    const query = prepare(fragment)
    expect(jaccardBetween(query, prepare(CODE))).toBeGreaterThan(jaccardBetween(query, prepare(longer)))
    expect(jaccardBetween(prepare(CODE), prepare(CODE))).toBe(1)
    expect(jaccardBetween(prepare(""), prepare(CODE))).toBe(0)
  })

  it("calls blank, tiny and single-word input trivial", () => {
    for (const trivial of ["", "  \n ", "counter", "x = 1", "a.b.c.d.e"]) expect(isTrivial(trivial)).toBe(true)
    expect(isTrivial(CODE)).toBe(false)
    expect(isTrivial("total = sum(order.amount)")).toBe(false)
    expect(isSubstantial("total = sum(order.amount)")).toBe(false)
    expect(isSubstantial(CODE)).toBe(true)
  })
})

describe("IsoDuration", () => {
  it("reads ISO-8601 durations as seconds and refuses anything else", () => {
    expect(durationSeconds("PT1M30S")).toBe(90)
    expect(durationSeconds("P1DT1H")).toBe(90_000)
    expect(durationSeconds("PT0.5S")).toBe(0.5)
    expect(durationSeconds("P1W")).toBe(604_800)
    for (const bad of ["", "P", "PT", "90s", "two minutes"]) expect(durationSeconds(bad)).toBeUndefined()
  })
})

describe("scoreOfEvent", () => {
  it("maps tracked event names to the score they raise", () => {
    expect(scoreOfEvent("format_copied")).toBe("reuse")
    expect(scoreOfEvent("asset_viewed")).toBe("reference")
    expect(scoreOfEvent("asset_updated")).toBe("update")
    expect(scoreOfEvent("session_initialized")).toBeUndefined()
  })
})
