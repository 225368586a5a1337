/**
 * The HTTP face of the service: the HttpApi routes (each group with the services it uses), OpenAPI at
 * `/openapi.json`, docs at `/docs`, MCP, the library page, JSON error bodies everywhere, per-request logging only
 * at `LOG_LEVEL=debug`; the Node server under it, and its graceful stop.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Cause, Context, Effect, Layer } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { createServer, type IncomingMessage, type Server } from "node:http"
import { Api } from "../api/Api.ts"
import { isDebug, ServiceConfig, ShutdownConfig } from "../config.ts"
import { McpRoutes } from "../mcp/McpRoutes.ts"
import { StreamConnections } from "../services/StreamConnections.ts"
import { WritesOnTheWay } from "../services/WritesOnTheWay.ts"
import { ExitCode, messagesOf, StartupError } from "../StartupError.ts"
import { RequestsReceived } from "../storage/RequestsReceived.ts"
import { AssetHttpLive } from "./AssetHttp.ts"
import { AssetsHttpLive } from "./AssetsHttp.ts"
import { ConnectorHttpLive } from "./ConnectorHttp.ts"
import { DatabaseHttpLive } from "./DatabaseHttp.ts"
import { DocsRoute } from "./DocsViewer.ts"
import { ErrorResponsesLive } from "./ErrorResponses.ts"
import { FormatHttpLive } from "./FormatHttp.ts"
import { LibraryImportHttpLive } from "./LibraryImportHttp.ts"
import { LibraryPageRoutes } from "./LibraryPage.ts"
import { ApplicationsHttpLive, ModelsHttpLive, UserHttpLive } from "./LocalHttp.ts"
import { AnnotationsHttpLive, TagsHttpLive, WebsitesHttpLive } from "./MetadataHttp.ts"
import { ModelContextProtocolHttpLive } from "./ModelContextProtocolHttp.ts"
import { RequestActorLive } from "./RequestActor.ts"
import { RequestGuardLive } from "./RequestGuard.ts"
import { SearchHttpLive } from "./SearchHttp.ts"
import { timeAnswers } from "./ServerTiming.ts"
import { TrashHttpLive } from "./TrashHttp.ts"
import { HistoryHttpLive } from "./HistoryHttp.ts"
import { WellKnownHttpLive } from "./WellKnownHttp.ts"
import { countWriteRequests, WriteRequestsOnTheWayLive } from "./WriteRequestsOnTheWay.ts"

export const ApiRoutes = HttpApiBuilder.layer(Api, { openapiPath: "/openapi.json" }).pipe(
  Layer.provide([
    ConnectorHttpLive,
    AssetsHttpLive,
    AssetHttpLive,
    FormatHttpLive,
    SearchHttpLive,
    TagsHttpLive,
    WebsitesHttpLive,
    AnnotationsHttpLive,
    UserHttpLive,
    ModelsHttpLive,
    ApplicationsHttpLive,
    WellKnownHttpLive,
    TrashHttpLive,
    HistoryHttpLive,
    DatabaseHttpLive,
    LibraryImportHttpLive,
    ModelContextProtocolHttpLive
  ])
)

export const AllRoutes = Layer.mergeAll(
  ApiRoutes,
  McpRoutes,
  DocsRoute,
  LibraryPageRoutes,
  ErrorResponsesLive,
  RequestGuardLive,
  RequestActorLive,
  WriteRequestsOnTheWayLive
)

/**
 * Serves the routes on the `HttpServer` it is given. Request logging is for debugging (request spans too: `main.ts`
 * enables tracing only then).
 */
export const HttpAppLive = Layer.unwrap(Effect.map(ServiceConfig, (config) =>
  HttpRouter.serve(AllRoutes, { disableLogger: !isDebug(config), disableListenLog: true })))

/** The Node server under the `HttpServer`, kept so that shutdown can stop it accepting and drain it. */
export class NodeServer extends Context.Service<NodeServer, Server>()("NodeServer") {}

/** A Node `http` server on `HOST`:`PORT` (Deno runs it through its `node:http`). */
export const NodeServerLive = Layer.unwrap(Effect.gen(function*() {
  const config = yield* ServiceConfig
  const server = createServer()
  if (config.serverTiming) timeAnswers(server)
  countWriteRequests(server, yield* WritesOnTheWay)
  const requests = yield* RequestsReceived
  server.on("request", (request, response) => {
    const answered = requests.received()
    if (opensEventStream(request)) answered()
    else response.once("close", answered)
  })
  return NodeHttpServer.layer(() => server, { port: config.port, host: config.host }).pipe(
    Layer.merge(Layer.succeed(NodeServer, server)),
    Layer.catchCause((cause) => Layer.effectContext(Effect.fail(listenProblem(config, Cause.squash(cause)))))
  )
})).pipe(Layer.provide(WritesOnTheWay.layer))

/**
 * A GET for an event stream (an MCP client's, kept open as long as the client runs): counted as received, never as
 * being answered, so that background work still finds its pauses while an assistant is connected.
 */
const opensEventStream = (request: IncomingMessage) =>
  request.method === "GET" && (request.headers.accept ?? "").includes("text/event-stream")

const listenProblem = (config: ServiceConfig, error: unknown) => {
  const text = messagesOf(error)
  const reason = /EADDRINUSE/.test(text)
    ? "the port is in use (another instance of this service?); set PORT to another one"
    : /EACCES|EPERM/.test(text)
    ? "permission denied; use a port above 1024"
    : /EADDRNOTAVAIL|ENOTFOUND/.test(text)
    ? "no such address on this machine; check HOST"
    : text
  return new StartupError({ message: `Cannot listen on ${config.host}:${config.port}: ${reason}`, exitCode: ExitCode.listen })
}

/**
 * A graceful stop on SIGTERM or SIGINT, before the server layer and the database are released:
 * stop accepting connections, close the WebSocket streams (1001), let requests in flight finish (keep-alive
 * connections are closed as soon as they are idle), and after `SHUTDOWN_GRACE_MS` close whatever is left.
 * Acquired after the server, so released before it; the database closes only after this returns.
 */
export const GracefulShutdownLive = Layer.effectDiscard(Effect.gen(function*() {
  const server = yield* NodeServer
  const connections = yield* StreamConnections
  const { graceMillis } = yield* ShutdownConfig
  // Finalizers run uninterruptibly, so the waits below are polls with a deadline rather than races and timeouts.
  yield* Effect.addFinalizer(() =>
    Effect.gen(function*() {
      yield* Effect.logInfo("Shutting down: finishing requests in flight")
      let stopped = !server.listening
      if (!stopped) server.close(() => (stopped = true))
      yield* connections.closeAll(Math.min(2_000, graceMillis))
      const deadline = Date.now() + graceMillis
      while (!stopped && Date.now() < deadline) {
        server.closeIdleConnections?.()
        yield* Effect.sleep("20 millis")
      }
      if (!stopped) {
        yield* Effect.logWarning(`Requests still open after ${graceMillis} ms were cut off`)
        server.closeAllConnections?.()
      }
    })
  )
})).pipe(Layer.provide(StreamConnections.layer))
