import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import {
  allowedEdits,
  containsWholeToken,
  editDistance,
  nameCloseness,
  queryTerms,
  substringDistance,
  swapsOf,
  trigramKey,
  trigramsOf
} from "../../src/domain/FuzzyMatch.ts"
import { SHORT_QUERY, TrigramIndex } from "../../src/domain/TrigramIndex.ts"

describe("FuzzyMatch", () => {
  it("splits queries on whitespace", () => {
    expect(queryTerms("  parse   config\tfile ")).toEqual(["parse", "config", "file"])
    expect(queryTerms("   ")).toEqual([])
  })

  it("allows no edits under four letters, one at four, two from five", () => {
    expect([allowedEdits("abc"), allowedEdits("abcd"), allowedEdits("abcde")]).toEqual([0, 1, 2])
  })

  it("measures the edits to the closest substring, capped past the limit", () => {
    expect(substringDistance("debounce", "function debounce(fn)", 2)).toBe(0)
    expect(substringDistance("debounse", "function debounce(fn)", 2)).toBe(1)
    expect(substringDistance("dbunce", "function debounce(fn)", 2)).toBe(2)
    expect(substringDistance("throttle", "function debounce(fn)", 2)).toBe(3)
    expect(substringDistance("", "anything", 2)).toBe(0)
    // Two neighbours swapped, the commonest typo, is one edit.
    expect(substringDistance("debuonce", "function debounce(fn)", 2)).toBe(1)
    expect(substringDistance("prase_header_v3", "parse_header_v2", 2)).toBe(2)
  })

  it("cuts the computation off without changing a distance within the limit (property)", () => {
    // Every cell of every column, as the algorithm computed them before it kept to the cells within reach of `max`.
    const everyCell = (pattern: string, text: string) => {
      const m = pattern.length
      let columns = [Array.from({ length: m + 1 }, (_, i) => i)]
      let best = m
      for (let j = 0; j < text.length; j++) {
        const [previous, beforePrevious] = [columns[0], columns[1]]
        const current = [0]
        for (let i = 1; i <= m; i++) {
          current[i] = Math.min(
            previous[i - 1] + (pattern[i - 1] === text[j] ? 0 : 1),
            previous[i] + 1,
            current[i - 1] + 1
          )
          if (i > 1 && j > 0 && pattern[i - 1] === text[j - 1] && pattern[i - 2] === text[j]) {
            current[i] = Math.min(current[i], beforePrevious[i - 2] + 1)
          }
        }
        best = Math.min(best, current[m])
        columns = [current, previous]
      }
      return best
    }
    // A small alphabet, so that near matches, swaps and long runs within the limit are common.
    const pattern = fc.stringMatching(/^[ab_]{0,12}$/)
    const text = fc.stringMatching(/^[ab_ ]{0,30}$/)
    fc.assert(
      fc.property(pattern, text, fc.integer({ min: 0, max: 4 }), (pattern, text, max) => {
        expect(substringDistance(pattern, text, max)).toBe(Math.min(everyCell(pattern, text), max + 1))
      }),
      { numRuns: 2000 }
    )
  })

  it("undoes each swap of neighbouring letters within a word, one at a time", () => {
    expect(swapsOf("Porp")).toEqual(["oprp", "prop", "popr"])
    expect(swapsOf("ab c")).toEqual(["ba c"])
    expect(swapsOf("aa")).toEqual([])
  })

  const keysOf = (...grams: Array<string>) =>
    grams.map((gram) => trigramKey(gram.charCodeAt(0), gram.charCodeAt(1), gram.charCodeAt(2))).sort()

  it("takes the trigrams of each word, lower-cased", () => {
    expect([...trigramsOf("Ab fooBar")].sort()).toEqual(keysOf("bar", "oba", "oob", "foo"))
  })

  it("numbers every trigram apart, past the small codes too", () => {
    const grams = ["abc", "acb", "cba", "日本語", "本語x", "ab\u0400", "ab\u03ff", "\u0400ab", "\uffff\uffff\uffff"]
    expect(new Set(keysOf(...grams)).size).toBe(grams.length)
    expect([...trigramsOf("日本語 ab")]).toEqual(keysOf("日本語"))
  })

  it("cuts words where a split on non-word characters cuts them, characters outside the basic plane included", () => {
    const bySplit = (text: string) =>
      keysOf(...text.toLowerCase().split(/[^\p{L}\p{N}_$]+/u).flatMap((word) =>
        Array.from({ length: Math.max(0, word.length - 2) }, (_, at) => word.slice(at, at + 3))
      ))
    const texts = ["parse_header_v2\nhttp, json", "Ünïcode wörds—and $dollars", "𝑎𝑏c 😀abc ab😀c a-b_c", "x\u0301yz 123"]
    for (const text of texts) expect([...trigramsOf(text)].sort()).toEqual([...new Set(bySplit(text))].sort())
  })
})

describe("whole tokens and whole names", () => {
  it("finds a token only where it stands on its own", () => {
    expect(containsWholeToken("args = _parse_args(argv)", "_parse_args")).toBe(true)
    expect(containsWholeToken("_parse_args_helper(argv)", "_parse_args")).toBe(false)
    expect(containsWholeToken("do_parse_args(argv)", "parse_args")).toBe(false)
    expect(containsWholeToken("x.then(done)", ".then(")).toBe(true)
    expect(containsWholeToken("$el = 1", "$el")).toBe(true)
    expect(containsWholeToken("anything", "")).toBe(false)
  })

  it("a token is whole in any text that puts symbols around it (property)", () => {
    const token = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}$/)
    const around = fc.stringMatching(/^[ ().,;=+\n-]{0,3}$/)
    fc.assert(fc.property(around, token, around, (before, name, after) => {
      expect(containsWholeToken(`${before}${name}${after}`, name)).toBe(true)
      expect(containsWholeToken(`${before}${name}x${after}`, name)).toBe(false)
    }))
  })

  it("measures edit distance between whole names, and closeness from it", () => {
    expect(editDistance("kitten", "sitting")).toBe(3)
    expect(editDistance("", "abc")).toBe(3)
    expect(editDistance("parse_haeder", "parse_header")).toBe(1)
    expect(editDistance("ca", "abc")).toBe(3)
    expect(nameCloseness("parseStrings7", "parseStrings7")).toBe(1)
    expect(nameCloseness("parseStrigns7", "parseStrings7")).toBeGreaterThan(nameCloseness("parseStrigns7", "parseStrings17"))
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => {
      expect(editDistance(a, b)).toBe(editDistance(b, a))
      expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length))
    }))
  })
})

describe("TrigramIndex", () => {
  it("ranks entries by shared trigrams, so a typo still finds its entry first", () => {
    const index = new TrigramIndex()
    index.add(1, "debounce helper")
    index.add(2, "throttle helper")
    index.add(3, "deep clone")
    expect(index.candidates("debounse", 10)[0].row).toBe(1)
    expect(index.candidates("helper", 10).map((c) => c.row).sort()).toEqual([1, 2])
    expect(index.candidates("zzzz", 10)).toEqual([])
  })

  it("finds a short word typed with a swap, which breaks all its trigrams, before longer texts holding its parts", () => {
    const index = new TrigramIndex()
    index.add(1, "prop")
    for (let row = 2; row < 300; row++) index.add(row, `exportProp${row} popr`)
    index.add(300, "port")
    expect(index.candidates("porp", 3)[0].row).toBe(1)
  })

  it("among rows with as many shared trigrams, prefers those with fewer of their own: a family's unsuffixed name", () => {
    const index = new TrigramIndex()
    index.add(1, "parse_header")
    for (let version = 2; version <= 10; version++) index.add(version, `parse_header_v${version}`)
    expect(index.candidates("parse_headre", 1)[0].row).toBe(1)
  })

  it("leaves out of a vote the trigrams nearly every row holds (a language tag), while three or more others are left", () => {
    const library = (size: number) => {
      const index = new TrigramIndex()
      for (let row = 0; row < size; row++) index.add(row, `handler${row}\ntypescript`)
      index.add(size, "parseTypeHeader\ntypescript")
      return index
    }
    // parsetypeheadre: par ars rse set ety peh ehe hea ead vote; typ and ype (every row's tag) do not; adr, dre none.
    expect(library(12_000).candidates("parseTypeHeadre", 1)).toEqual([{ row: 12_000, votes: 9 }])
    // Left with fewer than three, the common ones vote.
    expect(library(12_000).candidates("typescript", 1)[0].votes).toBe(8)
    // In a small library no trigram is common enough to leave out.
    expect(library(500).candidates("parseTypeHeadre", 1)).toEqual([{ row: 500, votes: 11 }])
  })

  it("forgets removed rows exactly, re-indexes a row's new text, and finds short fragments by scan", () => {
    const index = new TrigramIndex()
    for (let i = 0; i < 3000; i++) index.add(i, `entry number${i}`)
    for (let i = 0; i < 2000; i++) index.remove(i)
    expect(index.size).toBe(1000)
    expect(index.candidates("number1500", 5).map((c) => c.row)).not.toContain(1500)
    expect(index.candidates("number2500", 1)[0].row).toBe(2500)
    index.add(2500, "renamed entry")
    expect(index.size).toBe(1000)
    expect(index.candidates("number2500", 1)[0]?.row).not.toBe(2500)
    index.add(5000, "io utils")
    expect(index.containing("IO", 5)).toEqual([5000])
  })

  it("answers what ranking every row would, lookup after lookup: most votes, fewer trigrams, newest (property)", () => {
    // Families of look-alike names, too few rows for any trigram to be left out of a vote (`telling`).
    const index = new TrigramIndex()
    const texts = new Map<number, string>()
    const bases = ["parse_header", "read_config", "parseHeaders", "header", "load_file_sync", "prop"]
    let row = 0
    for (const base of bases) {
      for (let version = 1; version <= 60; version++) {
        const text = version === 1 ? base : `${base}_v${version}`
        index.add(row, text)
        texts.set(row++, text)
      }
    }
    /** Every row, each with its best count over the readings `candidates` votes with. */
    const everyRowRanked = (query: string, limit: number) => {
      const grams = trigramsOf(query)
      const readings = grams.size > SHORT_QUERY ? [grams] : [grams, ...swapsOf(query).map(trigramsOf)]
      return [...texts].map(([row, text]) => {
        const own = trigramsOf(text)
        const votes = Math.max(...readings.map((reading) => [...reading].filter((gram) => own.has(gram)).length))
        return { row, votes, own: own.size }
      })
        .filter(({ votes }) => votes > 0)
        .sort((a, b) => b.votes - a.votes || a.own - b.own || b.row - a.row)
        .slice(0, limit)
        .map(({ row, votes }) => ({ row, votes }))
    }
    fc.assert(
      fc.property(
        fc.constantFrom(...bases),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 400 }),
        (base, cut, limit) => {
          // A name of a family with one letter left out, or the name itself.
          const query = cut < base.length ? base.slice(0, cut) + base.slice(cut + 1) : base
          expect(index.candidates(query, limit)).toEqual(everyRowRanked(query, limit))
        }
      ),
      { numRuns: 200 }
    )
  })
})
