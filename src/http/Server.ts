/**
 * The HTTP server: the HttpApi routes with their services, OpenAPI at `/openapi.json`, docs at `/docs`, JSON
 * error bodies everywhere, per-request logging only at `LOG_LEVEL=debug`.
 */
import { HttpApiScalar, HttpLayerRouter, HttpMiddleware } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { createServer } from "node:http"
import { Api } from "../api/Api.ts"
import { isDebug, ServiceConfig } from "../config.ts"
import { AssetCreator } from "../services/AssetCreator.ts"
import { ConnectorActivity } from "../services/ConnectorActivity.ts"
import { Intentions } from "../services/Intentions.ts"
import { Recommendations } from "../services/Recommendations.ts"
import { AssetRepository } from "../services/AssetRepository.ts"
import { AssetSearch } from "../services/AssetSearch.ts"
import { ChangeHub } from "../services/ChangeHub.ts"
import { ConnectorSessions } from "../services/ConnectorSessions.ts"
import { Installation } from "../services/Installation.ts"
import { SearchIndex } from "../services/SearchIndex.ts"
import { SimilarityIndex } from "../services/SimilarityIndex.ts"
import { SeedPreprocessor } from "../services/SeedPreprocessor.ts"
import { StreamConnections } from "../services/StreamConnections.ts"
import { AssetsHttpLive } from "./AssetsHttp.ts"
import { ConnectorHttpLive } from "./ConnectorHttp.ts"
import { ErrorResponsesLive } from "./ErrorResponses.ts"
import { WellKnownHttpLive } from "./WellKnownHttp.ts"

/** The stores, indexes and sessions. */
const StorageLive = Layer.mergeAll(
  AssetSearch.Default.pipe(
    Layer.provideMerge(AssetRepository.Default),
    Layer.provideMerge(Layer.merge(SearchIndex.Default, SimilarityIndex.Default))
  ),
  SeedPreprocessor.Default,
  ConnectorSessions.Default,
  Installation.Default,
  StreamConnections.Default
).pipe(Layer.provideMerge(ChangeHub.Default))

/** Every service the handlers use; needs only `SqlClient`. */
export const ServicesLive = ConnectorActivity.Default.pipe(
  Layer.provideMerge(Layer.mergeAll(AssetCreator.Default, Intentions.Default, Recommendations.Default)),
  Layer.provideMerge(StorageLive)
)

const ApiRoutes = HttpLayerRouter.addHttpApi(Api, { openapiPath: "/openapi.json" }).pipe(
  Layer.provide([ConnectorHttpLive, AssetsHttpLive, WellKnownHttpLive])
)

const DocsRoute = HttpApiScalar.layerHttpLayerRouter({ api: Api, path: "/docs" })

export const AllRoutes = Layer.mergeAll(ApiRoutes, DocsRoute, ErrorResponsesLive)

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

/** A Node `http` server on `HOST`:`PORT` (Deno runs it through its `node:http`). */
export const NodeServerLive = Layer.unwrapEffect(Effect.map(
  ServiceConfig,
  (config) => NodeHttpServer.layer(createServer, { port: config.port, host: config.host })
))

/**
 * Closes the WebSocket streams (1001) before the server stops: acquired after the server, so released before it.
 */
export const StreamsShutdownLive = Layer.scopedDiscard(Effect.gen(function*() {
  const connections = yield* StreamConnections
  yield* Effect.addFinalizer(() => connections.closeAll(2_000))
}))
