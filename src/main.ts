/**
 * The entry point on Node and Deno: configuration, database, services and the HTTP server, launched as one layer.
 * SIGTERM and SIGINT stop it gracefully (exit code 0); a start-up that cannot succeed says why in one line and
 * exits with the code `StartupError` documents.
 */
import { NodeRuntime } from "@effect/platform-node"
import { Cause, Config, Effect, Exit, Layer, References, Schema } from "effect"
import { HttpServer } from "effect/http"
import { isDebug, ServiceConfig } from "./config.ts"
import { decodeIssues, decodeIssuesText } from "./domain/DecodeIssues.ts"
import { GracefulShutdownLive, HttpAppLive, NodeServerLive } from "./http/Server.ts"
import { MemoryAtRestLive } from "./runtime/MemoryAtRest.ts"
import { LibraryServices } from "./services/LibraryServices.ts"
import { RetentionSchedule } from "./services/Retention.ts"
import { describeLibrary, EngineLive } from "./storage/Engine.ts"
import { RequestsReceived } from "./storage/RequestsReceived.ts"
import { ExitCode, StartupError } from "./StartupError.ts"
import { stopWithLauncher } from "./StopWithLauncher.ts"

/** One line at start-up: where the service listens and which database it opened. */
const StartupLog = Layer.effectDiscard(Effect.gen(function*() {
  const server = yield* HttpServer.HttpServer
  yield* Effect.logInfo(`Listening on ${HttpServer.formatAddress(server.address)}, ${yield* describeLibrary}`)
}))

/**
 * The faces of the service (HTTP with MCP and the streams, and its background work) over the library's services,
 * built once for all of them, over the storage engine.
 */
const Main = Layer.mergeAll(GracefulShutdownLive, StartupLog, RetentionSchedule).pipe(
  Layer.provide(HttpAppLive),
  Layer.provide(NodeServerLive),
  Layer.provide(LibraryServices),
  Layer.provide(EngineLive),
  Layer.provide(MemoryAtRestLive),
  // One count for the server, which counts the requests, and the engine and the memory's upkeep, which wait for a
  // pause in them.
  Layer.provide(RequestsReceived.layer)
)

/** What is wrong with the configuration, in one line: each variable refused and why. */
const configProblem = (error: Config.ConfigError): string =>
  Schema.isSchemaError(error.cause) ? decodeIssuesText(decodeIssues(error.cause)) : error.message

/** Runs until interrupted; answers the exit code of a failed start-up. */
const program = Effect.gen(function*() {
  const config = yield* ServiceConfig
  // Spans are only useful with an exporter; none is configured, so they are created only when debugging.
  return yield* Layer.launch(Main).pipe(
    Effect.provideService(References.MinimumLogLevel, config.logLevel),
    Effect.withTracerEnabled(isDebug(config))
  )
}).pipe(
  Effect.catchIf((error) => error instanceof Config.ConfigError, (error) =>
    Effect.fail(
      new StartupError({ message: `Invalid configuration: ${configProblem(error)}`, exitCode: ExitCode.configuration })
    )),
  Effect.catchTag("StartupError", (error) => Effect.as(Effect.logError(error.message), error.exitCode)),
  Effect.catchDefect((defect) =>
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
        : Cause.hasInterruptsOnly(exit.cause)
        ? 0
        : ExitCode.unexpected
    )
})
