import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { identifierWords, queryWords, splitIdentifier } from "../../src/domain/IdentifierWords.ts"

describe("splitIdentifier", () => {
  it("splits at camelCase, snake_case, SCREAMING_CASE, acronyms and digits", () => {
    for (const identifier of ["parseHttpHeader", "parse_http_header", "PARSE_HTTP_HEADER", "ParseHTTPHeader"]) {
      expect(splitIdentifier(identifier), identifier).toEqual(["parse", "http", "header"])
    }
    expect(splitIdentifier("XMLHttpRequest")).toEqual(["xml", "http", "request"])
    expect(splitIdentifier("utf8Decode")).toEqual(["utf", "8", "decode"])
    expect(splitIdentifier("$scope")).toEqual(["scope"])
    expect(splitIdentifier("ÄpfelBirne")).toEqual(["äpfel", "birne"])
  })

  it("words of two letters or more joined in camelCase or snake_case split back into the same words", () =>
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-z]{2,8}$/), { minLength: 1, maxLength: 5 }), (words) => {
      const camel = words.map((word, i) => i === 0 ? word : word[0].toUpperCase() + word.slice(1)).join("")
      expect(splitIdentifier(camel)).toEqual(words)
      expect(splitIdentifier(words.join("_"))).toEqual(words)
    })))
})

describe("identifierWords", () => {
  it("keeps each identifier whole and adds its words", () => {
    expect(identifierWords("function parseHttpHeader(req) { return req.headers }").split(" ")).toEqual([
      "function", "parsehttpheader", "parse", "http", "header", "req", "return", "req", "headers"
    ])
  })
})

describe("queryWords", () => {
  it("splits a question like identifiers and drops the words that say nothing about code", () => {
    expect(queryWords("how to parse an HTTP header")).toEqual(["parse", "http", "header"])
    expect(queryWords("parseHttpHeader")).toEqual(["parse", "http", "header"])
    expect(queryWords("the")).toEqual(["the"])
  })
})
