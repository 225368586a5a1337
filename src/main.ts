/**
 * The entry point on Node and Deno: configuration, database, services and the HTTP server, launched as one layer.
 */
import { HttpServer } from "@effect/platform"
import { NodeRuntime } from "@effect/platform-node"
import { Effect, Layer, Logger } from "effect"
import { isDebug, ServiceConfig } from "./config.ts"
import { HttpAppLive, NodeServerLive, ServicesLive, StreamsShutdownLive } from "./http/Server.ts"
import { SqlLive } from "./sql/SqlLive.ts"

/** One line at start-up: where the service listens and which database it opened. */
const StartupLog = Layer.effectDiscard(Effect.gen(function*() {
  const config = yield* ServiceConfig
  const server = yield* HttpServer.HttpServer
  const address = server.address._tag === "TcpAddress"
    ? `http://${server.address.hostname}:${server.address.port}`
    : server.address.path
  yield* Effect.logInfo(`Listening on ${address}, database ${config.dbPath}`)
}))

const Main = Layer.mergeAll(StreamsShutdownLive, StartupLog).pipe(
  Layer.provide(HttpAppLive),
  Layer.provide(NodeServerLive),
  Layer.provide(ServicesLive),
  Layer.provide(SqlLive)
)

const program = Effect.gen(function*() {
  const config = yield* ServiceConfig
  // Spans are only useful with an exporter; none is configured, so they are created only when debugging.
  return yield* Layer.launch(Main).pipe(
    Logger.withMinimumLogLevel(config.logLevel),
    Effect.withTracerEnabled(isDebug(config))
  )
})

NodeRuntime.runMain(program)
