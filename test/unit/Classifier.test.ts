import { describe, expect, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { detectLanguage, detectWithConfidence, MIN_CONFIDENCE } from "../../src/domain/LanguageDetection.ts"
import { languageFeatures } from "../../src/domain/LanguageFeatures.ts"
import { genericOf } from "../../src/services/Classifier.ts"

interface LanguageCase {
  readonly ext: string
  readonly origin: string
  readonly code: string
}
const { cases }: { cases: ReadonlyArray<LanguageCase> } = JSON.parse(
  readFileSync(new URL("../fixtures/languages.json", import.meta.url), "utf8")
)

describe("detectLanguage", () => {
  it("recognises shebangs, PHP tags and JSON without guessing", () => {
    expect(detectLanguage("#!/usr/bin/env bash\necho hi")).toBe("sh")
    expect(detectLanguage("#!/usr/bin/python3\nprint(1)")).toBe("py")
    expect(detectLanguage("<?php\necho 1;")).toBe("php")
    expect(detectLanguage('{"a": [1, 2, {"b": null}]}')).toBe("json")
  })

  it("reads a README's HTML among Markdown's own blocks as Markdown, an HTML page's <pre> as HTML", () => {
    const badges = [
      '<p align="center">',
      '  <a href="https://www.npmjs.com/package/tool"><img src="https://img.shields.io/npm/v/tool.svg" alt="npm"></a>',
      '  <a href="https://acme.dev/ci"><img src="https://acme.dev/ci/badge.svg" alt="CI"></a>',
      "</p>",
      "",
      '<div align="center"><img width="160" alt="logo" src="logo.svg"></div>',
      ""
    ].join("\n")
    expect(detectLanguage(badges)).toBe("html")
    expect(detectLanguage(`${badges}## Install\n\nRead the [guide](https://acme.dev/guide) first.\n`)).toBe("md")
    const page = [
      '<div class="section"><h2 class="title">Globs</h2>',
      '<p>The file is a list of lines: weight, type and pattern. For example:</p>',
      '<pre class="programlisting">',
      "# This file was generated. DO NOT EDIT!",
      "50:text/x-diff:*.diff",
      "</pre>",
      '<p>See <a class="link" href="#globs">the globs file</a>.</p></div>'
    ].join("\n")
    expect(detectLanguage(page)).toBe("html")
  })

  it("reads the markup of a header's doc comments as the header's, not as a page", () => {
    const header = [
      "/// \\details If <tt>CRYPTOPP_XTS_WIDE_BLOCK_CIPHERS</tt> is 0, then CIPHER must",
      "///  be a 16-byte block cipher. To enable wide block cipher support define",
      "///  <tt>CRYPTOPP_XTS_WIDE_BLOCK_CIPHERS</tt> to non-zero.",
      '/// \\sa <A HREF="http://www.cryptopp.com/wiki/Modes_of_Operation">Modes of',
      "///  Operation</A> on the Crypto++ wiki, <A",
      '///  HREF="https://csrc.nist.gov/publications/detail/sp/800-38e/final">Recommendation',
      "///  for Block Cipher Modes of Operation</A>.",
      "class CRYPTOPP_NO_VTABLE XTS_Final : public XTS_ModeBase",
      "{"
    ].join("\n")
    expect(detectLanguage(header)).not.toBe("html")
  })

  it("reads a licence header over Go's package clause or build constraint as Go, and Java's package as Java", () => {
    const licence = [
      "// Copyright 2019 The Authors",
      '// Licensed under the Apache License, Version 2.0 (the "License");',
      "// you may not use this file except in compliance with the License.",
      "// You may obtain a copy of the License at",
      "//",
      "// http://www.apache.org/licenses/LICENSE-2.0",
      "//",
      "// Unless required by applicable law or agreed to in writing, software",
      '// distributed under the License is distributed on an "AS IS" BASIS,',
      "// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.",
      ""
    ].join("\n")
    expect(detectLanguage(`${licence}package prometheus\n`)).toBe("go")
    expect(detectLanguage(`${licence}//go:build !js || wasm\n`)).toBe("go")
    const java = [
      "package org.example;",
      "",
      "import java.util.List;",
      "",
      "public final class Metrics {",
      "  private final List<String> names;",
      "",
      "  public Metrics(List<String> names) {",
      "    this.names = names;",
      "  }",
      "}"
    ].join("\n")
    expect(detectLanguage(java)).toBe("java")
    const readme = ["## Usage", "", "```go", "package main", "", "func main() { run() }", "```", "", "[docs](./docs)"]
      .join("\n")
    expect(detectLanguage(readme)).not.toBe("go")
  })

  it("reads a package's list of imports as Python, though it holds none of code's characters", () => {
    expect(detectLanguage(
      "from .assertions import assert_warns\nfrom .assertions import eq_\nfrom .assertions import expect_raises\n" +
        "from .config import requirements\nfrom .exclusions import skip_if\n"
    )).toBe("py")
  })

  it("calls prose text", () => {
    expect(detectLanguage("Remember to buy milk and call the plumber tomorrow morning.")).toBe("txt")
  })

  it("finds the language of at least 85% of the fixture snippets (15+ languages, 5+ lines each)", () => {
    const languages = new Set(cases.map((c) => c.ext))
    expect(languages.size).toBeGreaterThanOrEqual(15)
    const misses = cases.filter((c) => detectLanguage(c.code) !== c.ext)
    const accuracy = 1 - misses.length / cases.length
    console.log(`language detection: ${cases.length - misses.length}/${cases.length} = ${(accuracy * 100).toFixed(1)}%`)
    expect(accuracy).toBeGreaterThanOrEqual(0.85)
  })
})

describe("languageFeatures", () => {
  it("counts words, symbol runs, neighbouring pairs, line starts and ends, and indentation", () => {
    const features = languageFeatures("fn main() {\n    let x := 1;\n}")
    expect(features).toEqual(expect.arrayContaining(["fn", "main", "()", "{", "fn main", "^fn", "{$", "indent:4", ":=", ";$"]))
    expect(languageFeatures("a ---------- b")).toContain("---")
    expect(languageFeatures("\n\n")).toEqual([])
  })

  it("names three neighbours by their shapes, keywords kept, so an annotation is a feature whatever its names", () => {
    expect(languageFeatures("const error: KeywordError = {")).toEqual(
      expect.arrayContaining(["~const a :", "~a : Aa", "~: Aa ="])
    )
    expect(languageFeatures("  code(cxt: KeywordCxt) {")).toContain("~( a :")
    expect(languageFeatures("MAX_SIZE = LIMIT").filter((feature) => feature.startsWith("~"))).toEqual(["~AA = AA"])
  })

  it("holds each feature once, however often the snippet repeats it", () => {
    const features = languageFeatures("x = 1\nx = 1\nx = 1")
    expect(features.length).toBe(new Set(features).size)
  })
})

describe("detectWithConfidence", () => {
  it("answers txt for a snippet too short or too plain to tell, with the model's doubt", () => {
    // A lone brace: every language with braces writes it. (A name and parentheses, `foo()`, the model guesses at.)
    expect(detectWithConfidence("}").confidence).toBeLessThan(MIN_CONFIDENCE)
    expect(detectLanguage("}")).toBe("txt")
  })

  it("is sure of what the rules decide and of plain code of one language", () => {
    expect(detectWithConfidence("#!/bin/sh\necho hi")).toEqual({ ext: "sh", confidence: 1 })
    const python = detectWithConfidence("def area(radius):\n    return 3.14159 * radius ** 2\n")
    expect(python.ext).toBe("py")
    expect(python.confidence).toBeGreaterThan(MIN_CONFIDENCE)
  })
})

describe("genericOf", () => {
  it("tells images, text and code apart by extension", () => {
    expect(genericOf("png", true)).toBe("IMAGE")
    expect(genericOf("md", false)).toBe("TEXT")
    expect(genericOf("py", false)).toBe("CODE")
    expect(genericOf("zip", true)).toBe("FILE")
  })
})
