import { describe, expect, it } from "@effect/vitest"
import { hostnameOf, isLoopbackHostname, makeOriginPolicy } from "../../src/http/OriginPolicy.ts"

describe("OriginPolicy", () => {
  const policy = makeOriginPolicy({
    listenHost: "127.0.0.1",
    allowedHosts: ["devbox.lan"],
    allowedOrigins: ["https://tool.example/", "custom-app://*"]
  })

  it("knows loopback names and addresses", () => {
    for (const name of ["localhost", "LOCALHOST", "app.localhost", "127.0.0.1", "127.10.0.3", "[::1]", "::1", "localhost."]) {
      expect(isLoopbackHostname(name), name).toBe(true)
    }
    for (const name of ["localhost.attacker.example", "128.0.0.1", "127.0.0.1.nip.io", "0.0.0.0", "[::2]", ""]) {
      expect(isLoopbackHostname(name), name).toBe(false)
    }
  })

  it("reads the host name of a Host header", () => {
    expect(hostnameOf("localhost:39300")).toBe("localhost")
    expect(hostnameOf("[::1]:39300")).toBe("[::1]")
    expect(hostnameOf("Example.COM")).toBe("example.com")
  })

  it("allows loopback hosts and the configured ones", () => {
    expect(policy.isAllowedHost("localhost:39300")).toBe(true)
    expect(policy.isAllowedHost("devbox.lan:39300")).toBe(true)
    expect(policy.isAllowedHost("attacker.example:39300")).toBe(false)
  })

  it("allows extensions, webviews, loopback pages and configured origins; refuses web pages and null", () => {
    for (const origin of [
      "chrome-extension://abcdef",
      "moz-extension://0f1e",
      "vscode-webview://1abc",
      "http://localhost:5173",
      "https://127.0.0.1",
      "http://[::1]:8080",
      "https://tool.example",
      "custom-app://anything"
    ]) expect(policy.isAllowedOrigin(origin), origin).toBe(true)
    for (const origin of [
      "https://attacker.example",
      "http://localhost.attacker.example",
      "https://tool.example.attacker.example",
      "null",
      "file://",
      "not a url"
    ]) expect(policy.isAllowedOrigin(origin), origin).toBe(false)
  })
})
