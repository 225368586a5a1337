import { request } from "node:http"

/**
 * A small HTTP client for the end-to-end suites: every answer with its status, content type, text and JSON.
 */
export interface Answer {
  readonly status: number
  readonly contentType: string
  readonly text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are inspected field by field
  readonly json: any
}

export const call = async (
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<Answer> => {
  const init: RequestInit = { method, headers: { ...headers } }
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body)
    init.headers = { "content-type": "application/json", ...headers }
  }
  const response = await fetch(`${baseUrl}${path}`, init)
  const text = await response.text()
  const contentType = response.headers.get("content-type") ?? ""
  let json: unknown = undefined
  if (contentType.includes("json")) json = JSON.parse(text)
  return { status: response.status, contentType, text, json }
}

export const application = { name: "VS_CODE", version: "1.95.0", platform: "LINUX" } as const

export const codeSeed = (raw: string, extra: Record<string, unknown> = {}) => ({
  type: "SEEDED_ASSET",
  asset: { application, format: { fragment: { string: { raw } } }, ...extra }
})

/** A `SeededConnectorCreation` of code, as integrations send it to `suggestion` and `reaction`. */
export const creation = (raw: string) => ({ asset: { format: { fragment: { string: { raw } } } } })

/**
 * A request with headers `fetch` will not send (`Host`, a browser's `Origin`), optionally with a chunked body.
 * Resolves with the status and text, or with status 0 and the error when the service closed the connection.
 */
export const rawRequest = (
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean } = {}
) =>
  new Promise<{ status: number; headers: Record<string, unknown>; text: string; json: any; error?: string }>(
    (resolve) => {
      const body = options.body
      const headers: Record<string, string> = { ...options.headers }
      if (body !== undefined && options.chunked !== true) headers["content-length"] = String(Buffer.byteLength(body))
      // Said explicitly: for a GET, Node would otherwise send the bytes with neither a length nor chunking.
      if (body !== undefined && options.chunked === true) headers["transfer-encoding"] = "chunked"
      if (body !== undefined) headers["content-type"] ??= "application/json"
      const req = request(`${baseUrl}${path}`, { method, headers }, (res) => {
        let text = ""
        res.on("data", (chunk) => (text += chunk))
        res.on("end", () => {
          let json: unknown = undefined
          try {
            json = JSON.parse(text)
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json })
        })
        res.on("error", (error) => resolve({ status: 0, headers: {}, text: "", json: undefined, error: String(error) }))
      })
      req.on("error", (error) => resolve({ status: 0, headers: {}, text: "", json: undefined, error: String(error) }))
      if (body === undefined) req.end()
      else if (options.chunked === true) {
        // Several writes, one chunk each.
        const size = 64 * 1024
        for (let offset = 0; offset < body.length; offset += size) req.write(body.slice(offset, offset + size))
        req.end()
      } else req.end(body)
    }
  )

/** A GET with a JSON body, as the spec has search, related and recommended (fetch cannot send one). */
export const getWithBody = (baseUrl: string, path: string, body: unknown) =>
  rawRequest(baseUrl, "GET", path, { body: JSON.stringify(body) })
