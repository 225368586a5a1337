/**
 * The framework's own ceiling for `npm run bench`: the HttpLayerRouter + NodeHttpServer stack the service runs on,
 * configured as the service is (no request logging, no request spans), answering `GET /assets/:asset` with a
 * constant. No framework-based service can answer faster, so it shows how much of the gap to the bare baseline is
 * the stack and how much is our own work. PORT from the environment.
 */
import { HttpLayerRouter, HttpMiddleware, HttpServerResponse } from "@effect/platform"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Layer } from "effect"
import { createServer } from "node:http"

const body = JSON.stringify({ id: "00000000-0000-4000-8000-000000000000" })
const Routes = Layer.mergeAll(
  HttpLayerRouter.add("GET", "/assets/:asset", HttpServerResponse.text(body, { contentType: "application/json" })),
  HttpLayerRouter.add("GET", "/.well-known/health", HttpServerResponse.text("ok"))
)

HttpLayerRouter.serve(Routes, { disableLogger: true, disableListenLog: true }).pipe(
  HttpMiddleware.withTracerDisabledWhen(() => true),
  Layer.provide(NodeHttpServer.layer(createServer, { port: Number(process.env.PORT ?? 39398), host: "127.0.0.1" })),
  Layer.launch,
  NodeRuntime.runMain
)
