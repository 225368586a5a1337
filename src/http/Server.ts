/**
 * The HTTP server: the HttpApi routes with their services, OpenAPI at `/openapi.json`, docs at `/docs`, JSON
 * error bodies everywhere, per-request logging only at `LOG_LEVEL=debug`.
 */
import * as HttpLayerRouter from "@effect/platform/HttpLayerRouter"
import * as HttpMiddleware from "@effect/platform/HttpMiddleware"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Context, Effect, Layer } from "effect"
import { createServer, type IncomingMessage, type Server } from "node:http"
import { Api } from "../api/Api.ts"
import { McpRoutes } from "../mcp/McpRoutes.ts"
import { McpSessions } from "../mcp/McpSessions.ts"
import { isDebug, ServiceConfig, ShutdownConfig } from "../config.ts"
import { AssetCreator } from "../services/AssetCreator.ts"
import { AssetEditor } from "../services/AssetEditor.ts"
import { AssetRepository } from "../services/AssetRepository.ts"
import { AssetSearch } from "../services/AssetSearch.ts"
import { AssetWrites } from "../services/AssetWrites.ts"
import { AssistantLibrary } from "../services/AssistantLibrary.ts"
import { LibraryImport } from "../services/LibraryImport.ts"
import { NearCopies } from "../services/NearCopies.ts"
import { Backup } from "../services/Backup.ts"
import { ChangeHub } from "../services/ChangeHub.ts"
import { Commits } from "../services/Commits.ts"
import { WritesOnTheWay } from "../services/WritesOnTheWay.ts"
import { RequestsReceived } from "../storage/RequestsReceived.ts"
import { ConnectorActivity } from "../services/ConnectorActivity.ts"
import { ConnectorSessions } from "../services/ConnectorSessions.ts"
import { Installation } from "../services/Installation.ts"
import { IntentionIndex } from "../services/IntentionIndex.ts"
import { Intentions } from "../services/Intentions.ts"
import { KnownApplications } from "../services/KnownApplications.ts"
import { LibraryFollowers } from "../services/LibraryFollowers.ts"
import { LocalUser } from "../services/LocalUser.ts"
import { MetadataEntities } from "../services/MetadataEntities.ts"
import { Recommendations } from "../services/Recommendations.ts"
import { Retention, RetentionSchedule } from "../services/Retention.ts"
import { SearchIndex } from "../services/SearchIndex.ts"
import { SeedPreprocessor } from "../services/SeedPreprocessor.ts"
import { SimilarityIndex } from "../services/SimilarityIndex.ts"
import { StreamConnections } from "../services/StreamConnections.ts"
import { ExitCode, messagesOf, StartupError } from "../StartupError.ts"
import { AssetHttpLive } from "./AssetHttp.ts"
import { AssetsHttpLive } from "./AssetsHttp.ts"
import { FormatHttpLive } from "./FormatHttp.ts"
import { ApplicationsHttpLive, ModelsHttpLive, UserHttpLive } from "./LocalHttp.ts"
import { AnnotationsHttpLive, TagsHttpLive, WebsitesHttpLive } from "./MetadataHttp.ts"
import { SearchHttpLive } from "./SearchHttp.ts"
import { ConnectorHttpLive } from "./ConnectorHttp.ts"
import { DocsRoute } from "./DocsViewer.ts"
import { ErrorResponsesLive } from "./ErrorResponses.ts"
import { RequestGuardLive } from "./RequestGuard.ts"
import { timeAnswers } from "./ServerTiming.ts"
import { DatabaseHttpLive } from "./DatabaseHttp.ts"
import { LibraryImportHttpLive } from "./LibraryImportHttp.ts"
import { LibraryPageRoutes } from "./LibraryPage.ts"
import { ModelContextProtocolHttpLive } from "./ModelContextProtocolHttp.ts"
import { TrashHttpLive } from "./TrashHttp.ts"
import { WellKnownHttpLive } from "./WellKnownHttp.ts"
import { countWriteRequests, WriteRequestsOnTheWayLive } from "./WriteRequestsOnTheWay.ts"

/** What follows the change feed (`LibraryFollowers`), and the commit path, which waits for them. */
const CommitPathLive = Layer.mergeAll(Commits.Default).pipe(
  Layer.provideMerge(Layer.mergeAll(LibraryFollowers.Default, AssetWrites.Default, AssetRepository.Default)),
  Layer.provideMerge(
    Layer.mergeAll(
      SearchIndex.Default,
      KnownApplications.Default,
      IntentionIndex.Default,
      ChangeHub.Default,
      WritesOnTheWay.Default
    )
  )
)

/** The services over the storage ports: searches, sessions, the installation. */
const CoreLive = Layer.mergeAll(
  AssetSearch.Default,
  McpSessions.Default,
  SimilarityIndex.Default,
  SeedPreprocessor.Default,
  ConnectorSessions.Default,
  Intentions.Default,
  Installation.Default,
  Retention.Default,
  StreamConnections.Default
).pipe(Layer.provideMerge(CommitPathLive))

/** Every service the handlers use; needs only the storage ports (`StoragePorts`) of an engine. */
export const ServicesLive = Layer.mergeAll(
  ConnectorActivity.Default,
  Backup.Default,
  RetentionSchedule,
  AssistantLibrary.Default,
  LibraryImport.Default
).pipe(
  Layer.provideMerge(Layer.mergeAll(AssetCreator.Default, AssetEditor.Default)),
  Layer.provideMerge(
    Layer.mergeAll(MetadataEntities.Default, Recommendations.Default, LocalUser.Default, NearCopies.Default)
  ),
  Layer.provideMerge(CoreLive)
)

const ApiRoutes = HttpLayerRouter.addHttpApi(Api, { openapiPath: "/openapi.json" }).pipe(
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
  WriteRequestsOnTheWayLive
)

/**
 * Serves the routes on the `HttpServer` it is given. Request logging and request spans are for debugging: the span
 * middleware alone (a URL parse and a dozen attributes a request) costs more throughput than all of our handlers.
 */
export const HttpAppLive = Layer.unwrapEffect(Effect.gen(function*() {
  const config = yield* ServiceConfig
  const debug = isDebug(config)
  return HttpLayerRouter.serve(AllRoutes, { disableLogger: !debug, disableListenLog: true }).pipe(
    HttpMiddleware.withTracerDisabledWhen(() => !debug)
  )
}))

/** The Node server under the `HttpServer`, kept so that shutdown can stop it accepting and drain it. */
export class NodeServer extends Context.Tag("NodeServer")<NodeServer, Server>() {}

/** A Node `http` server on `HOST`:`PORT` (Deno runs it through its `node:http`). */
export const NodeServerLive = Layer.unwrapEffect(Effect.gen(function*() {
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
    Layer.mapError((error) => listenProblem(config, error))
  )
}))

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
export const GracefulShutdownLive = Layer.scopedDiscard(Effect.gen(function*() {
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
}))
