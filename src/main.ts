/**
 * The entry point on Node and Deno: configuration, database, services and the HTTP server, launched as one layer.
 * SIGTERM and SIGINT stop it gracefully (exit code 0); a start-up that cannot succeed says why in one line and
 * exits with the code `StartupError` documents.
 */
import "./HeapGrowth.ts"
import "./Pretenuring.ts"
import "./Maglev.ts"
import * as HttpServer from "@effect/platform/HttpServer"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Cause, ConfigError, Effect, Exit, Layer, Logger } from "effect"
import { isDebug, ServiceConfig } from "./config.ts"
import { GracefulShutdownLive, HttpAppLive, NodeServerLive, ServicesLive } from "./http/Server.ts"
import { MemoryAtRestLive } from "./MemoryAtRest.ts"
import { describeLibrary, EngineLive } from "./storage/Engine.ts"
import { RequestsReceived } from "./storage/RequestsReceived.ts"
import { ExitCode, StartupError } from "./StartupError.ts"
import { stopWithLauncher } from "./StopWithLauncher.ts"

/** One line at start-up: where the service listens and which database it opened. */
const StartupLog = Layer.effectDiscard(Effect.gen(function*() {
  const server = yield* HttpServer.HttpServer
  const address = server.address._tag === "TcpAddress"
    ? `http://${server.address.hostname}:${server.address.port}`
    : server.address.path
  yield* Effect.logInfo(`Listening on ${address}, ${yield* describeLibrary}`)
}))

const Main = Layer.mergeAll(GracefulShutdownLive, StartupLog).pipe(
  Layer.provide(HttpAppLive),
  Layer.provide(NodeServerLive),
  Layer.provide(ServicesLive),
  Layer.provide(EngineLive),
  Layer.provide(MemoryAtRestLive),
  // One count for the server, which counts the requests, and the engine and the memory's upkeep, which wait for a
  // pause in them.
  Layer.provide(RequestsReceived.Default)
)

/** Runs until interrupted; answers the exit code of a failed start-up. */
const program = Effect.gen(function*() {
  const config = yield* ServiceConfig
  // Spans are only useful with an exporter; none is configured, so they are created only when debugging.
  return yield* Layer.launch(Main).pipe(
    Logger.withMinimumLogLevel(config.logLevel),
    Effect.withTracerEnabled(isDebug(config))
  )
}).pipe(
  Effect.catchIf(ConfigError.isConfigError, (error) =>
    Effect.fail(
      new StartupError({ message: `Invalid configuration: ${String(error)}`, exitCode: ExitCode.configuration })
    )),
  Effect.catchTag("StartupError", (error) => Effect.as(Effect.logError(error.message), error.exitCode)),
  Effect.catchAllDefect((defect) =>
    Effect.as(Effect.logError("Start-up failed unexpectedly", Cause.die(defect)), ExitCode.unexpected)
  )
)

// `npm start` and `deno task start` pass a terminal's Ctrl-C on to the service, which the terminal signalled already.
// The runtime stops listening after the first signal, so the second would end the process in the middle of its
// graceful stop; these listeners keep it from doing so (SHUTDOWN_GRACE_MS bounds the stop).
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => undefined)
stopWithLauncher()

NodeRuntime.runMain(program, {
  teardown: (exit, onExit) =>
    onExit(
      Exit.isSuccess(exit)
        ? (typeof exit.value === "number" ? exit.value : 0)
        : Cause.isInterruptedOnly(exit.cause)
        ? 0
        : ExitCode.unexpected
    )
})
