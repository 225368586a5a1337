/**
 * With `SERVER_TIMING=true`, every answer says how long the service took to make it: `Server-Timing: app;dur=<ms>`
 * (the W3C header a browser's developer tools show), from the moment the Node server has read the request's head
 * until the answer's head is written (a streamed answer, a listing say: until its first part). What it leaves out is
 * the client's share: sending the request's body and reading the answer's, and waiting for cores busy with other
 * work, the client's own included. `npm run bench:scale` reports both. Off by default: it costs the cheapest answers a
 * few percent of their rate.
 */
import type { Server } from "node:http"

/** The header's value for an answer made in `millis`. */
const serverTiming = (millis: number) => `app;dur=${millis.toFixed(2)}`

/**
 * Times each request the server receives; listens before the runtime's own handler. The header joins the answer's
 * head as it is written (as `on-headers` does for Express): the platform writes it in one `writeHead` call with its
 * headers as an object, copied here with this one added (`setHeader` would send every header of the answer through
 * Node's slower path).
 */
export const timeAnswers = (server: Server) => {
  server.on("request", (_request, response) => {
    const arrived = performance.now()
    const writeHead = response.writeHead as (...args: Array<unknown>) => typeof response
    response.writeHead = ((...args: Array<unknown>) => {
      const timing = serverTiming(performance.now() - arrived)
      const last = args.length - 1
      const headers = args[last]
      if (last >= 1 && typeof headers === "object" && headers !== null && !Array.isArray(headers)) {
        args[last] = { ...headers, "server-timing": timing }
      } else if (!response.headersSent) {
        response.setHeader("server-timing", timing)
      }
      return writeHead.apply(response, args)
    }) as typeof response.writeHead
  })
}
