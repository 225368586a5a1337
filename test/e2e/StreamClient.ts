/**
 * A WebSocket client for the stream tests (`ws`: Node 20 has no global WebSocket): collects every frame (as JSON, or
 * as text when it is not JSON),
 * waits for frames matching a condition, records how the connection closed, and can stop reading its socket to
 * act as a slow subscriber.
 */
import WebSocket from "ws"

export interface StreamClient {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frames are inspected field by field
  readonly frames: Array<any>
  /** Resolves with the frames received once `done(frames)` holds; rejects after `timeoutMs`. */
  readonly waitFor: (done: (frames: Array<any>) => boolean, timeoutMs?: number) => Promise<Array<any>>
  readonly closed: Promise<{ code: number; reason: string }>
  /** Stops reading from the socket: the service's writes pile up unread, as with a client that hangs. */
  readonly stopReading: () => void
  readonly resumeReading: () => void
  readonly close: () => Promise<void>
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The status a WebSocket upgrade was refused with (and its JSON body), or 101 when it opened. */
export const upgradeStatus = (baseUrl: string, path: string) =>
  new Promise<{ status: number; body: any }>((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}${path}`)
    ws.once("open", () => {
      ws.close()
      resolve({ status: 101, body: undefined })
    })
    ws.once("unexpected-response", (_request, response) => {
      let text = ""
      response.on("data", (chunk: Buffer) => (text += chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: parsed(text) }))
    })
    ws.once("error", reject)
  })

export const openStream = async (baseUrl: string, path: string): Promise<StreamClient> => {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}${path}`)
  const frames: Array<any> = []
  const listeners = new Set<() => void>()
  ws.on("message", (data) => {
    frames.push(parsed(String(data)))
    for (const listener of listeners) listener()
  })
  let closing = ""
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => {
      closing = `${code} ${String(reason)}`
      resolve({ code, reason: String(reason) })
      for (const listener of listeners) listener()
    })
  )
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve())
    ws.once("error", reject)
  })
  const waitFor = (done: (frames: Array<any>) => boolean, timeoutMs = 10_000) =>
    new Promise<Array<any>>((resolve, reject) => {
      const check = () => {
        if (done(frames)) {
          listeners.delete(check)
          clearTimeout(timer)
          resolve(frames)
        } else if (ws.readyState === WebSocket.CLOSED) {
          listeners.delete(check)
          clearTimeout(timer)
          reject(new Error(`stream closed (${closing}) before the expected frames; got ${frames.length}`))
        }
      }
      const timer = setTimeout(() => {
        listeners.delete(check)
        reject(new Error(`timed out waiting for frames; got ${frames.length}`))
      }, timeoutMs)
      listeners.add(check)
      check()
    })
  return {
    frames,
    waitFor,
    closed,
    stopReading: () => (ws as unknown as { _socket: { pause: () => void } })._socket.pause(),
    resumeReading: () => (ws as unknown as { _socket: { resume: () => void } })._socket.resume(),
    close: async () => {
      if (ws.readyState !== WebSocket.CLOSED) {
        ws.close()
        await closed
      }
    }
  }
}
