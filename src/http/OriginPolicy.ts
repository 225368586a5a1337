/**
 * Who may talk to the service. It has no authentication by design (every local tool may), so what it must keep
 * out are web pages in the user's browser: a page can send requests to 127.0.0.1, and with DNS rebinding it can
 * even make its own host name resolve there. Two checks stop both:
 * - the `Host` header must name a loopback host (a rebound page's requests carry the attacker's host name);
 * - an `Origin` header, which browsers attach to pages' requests and WebSocket upgrades, must be allowed:
 *   browser extensions, editor webviews and pages served from loopback by default, plus `ALLOWED_ORIGINS`.
 * Requests without an `Origin` come from local programs, not pages, and are allowed.
 */

/** Browser extensions and editor webviews (VS Code and its forks, Obsidian) send these origins. */
export const DEFAULT_ALLOWED_ORIGINS: ReadonlyArray<string> = [
  "chrome-extension://*",
  "moz-extension://*",
  "safari-web-extension://*",
  "vscode-webview://*",
  "vscode-file://*",
  "app://obsidian.md"
]

const IPV4_LOOPBACK = /^127(\.\d{1,3}){3}$/

/** `localhost`, `*.localhost` (resolved to loopback by browsers themselves), 127.0.0.0/8 and ::1. */
export const isLoopbackHostname = (hostname: string): boolean => {
  const name = hostname.toLowerCase().replace(/\.$/, "")
  if (name === "localhost" || name.endsWith(".localhost")) return true
  if (IPV4_LOOPBACK.test(name)) return true
  const bare = name.startsWith("[") && name.endsWith("]") ? name.slice(1, -1) : name
  return bare === "::1" || bare === "0:0:0:0:0:0:0:1" || /^::ffff:127(\.\d{1,3}){3}$/.test(bare)
}

/** The host name of a `Host` header value: `[::1]:39300` → `[::1]`, `localhost:39300` → `localhost`. */
export const hostnameOf = (hostHeader: string): string => {
  const value = hostHeader.trim().toLowerCase()
  if (value.startsWith("[")) {
    const end = value.indexOf("]")
    return end === -1 ? value : value.slice(0, end + 1)
  }
  const colon = value.indexOf(":")
  return colon === -1 ? value : value.slice(0, colon)
}

/** The host name of an origin (`http://localhost:5173` → `localhost`), or undefined when it is not a URL. */
const originHostname = (origin: string): string | undefined => {
  try {
    return new URL(origin).hostname
  } catch {
    return undefined
  }
}

const normalizeOrigin = (origin: string) => origin.trim().toLowerCase().replace(/\/+$/, "")

export interface OriginPolicy {
  readonly isAllowedHost: (hostHeader: string) => boolean
  readonly isAllowedOrigin: (origin: string) => boolean
}

/**
 * The policy for a service listening on `listenHost`, with extra host names and origins from the configuration.
 * An origin entry is exact (`https://tool.example`) or a whole scheme (`chrome-extension://*`); `null` (the origin
 * of sandboxed frames and `file:` pages, which any web site can produce) is allowed only when listed.
 */
export const makeOriginPolicy = (options: {
  readonly listenHost: string
  readonly allowedHosts: ReadonlyArray<string>
  readonly allowedOrigins: ReadonlyArray<string>
}): OriginPolicy => {
  const hosts = new Set(
    [options.listenHost, ...options.allowedHosts]
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== "" && host !== "0.0.0.0" && host !== "::")
      .map((host) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host))
  )
  const entries = [...DEFAULT_ALLOWED_ORIGINS, ...options.allowedOrigins].map(normalizeOrigin).filter((e) => e !== "")
  const schemes = new Set(entries.filter((e) => e.endsWith("://*")).map((e) => e.slice(0, -"*".length)))
  const exact = new Set(entries.filter((e) => !e.endsWith("://*")))
  return {
    isAllowedHost: (hostHeader) => {
      const hostname = hostnameOf(hostHeader)
      return isLoopbackHostname(hostname) || hosts.has(hostname)
    },
    isAllowedOrigin: (origin) => {
      const normalized = normalizeOrigin(origin)
      if (exact.has(normalized)) return true
      const scheme = normalized.indexOf("://")
      if (scheme !== -1 && schemes.has(normalized.slice(0, scheme + 3))) return true
      // A page served from loopback was served by a local program, which could call us directly anyway.
      if (!normalized.startsWith("http://") && !normalized.startsWith("https://")) return false
      const hostname = originHostname(normalized)
      return hostname !== undefined && isLoopbackHostname(hostname)
    }
  }
}

/** A comma-separated configuration list. */
export const splitList = (value: string): ReadonlyArray<string> =>
  value.split(",").map((item) => item.trim()).filter((item) => item !== "")
