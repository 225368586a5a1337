/**
 * The entry point on Node and Deno: configuration, database, services and the HTTP server, launched as one layer.
 * SIGTERM and SIGINT stop it gracefully (exit code 0); a start-up that cannot succeed says why in one line and
 * exits with the code `StartupError` documents.
 */
import { NodeRuntime } from "@effect/platform-node"
import { Cause, Config, ConfigProvider, Effect, Exit, Layer, References, Schema } from "effect"
import { HttpServer } from "effect/http"
import { APP_NAME } from "./app/AppFolders.ts"
import { type ConfigFile, configProviderWith, fromFile, readConfigFile } from "./app/ConfigFile.ts"
import { RunningRecordLive } from "./app/RunningRecord.ts"
import { keepCreated, removeCreated } from "./app/StartupFiles.ts"
import {
  AssistantConfig,
  GuardConfig,
  isDebug,
  ServiceConfig,
  ShutdownConfig,
  StreamConfig,
  TeamConfig,
  TrashConfig
} from "./config.ts"
import { decodeIssues, decodeIssuesText } from "./domain/DecodeIssues.ts"
import { GracefulShutdownLive, HttpAppLive, NodeServerLive } from "./http/Server.ts"
import { MemoryAtRestLive } from "./runtime/MemoryAtRest.ts"
import { LibraryServices } from "./services/LibraryServices.ts"
import { RetentionSchedule } from "./services/Retention.ts"
import { describeLibrary, EngineLive } from "./storage/Engine.ts"
import { RequestsReceived } from "./storage/RequestsReceived.ts"
import { ExitCode, StartupError } from "./StartupError.ts"
import { stopWithLauncher } from "./StopWithLauncher.ts"

/** The first lines a user sees: where the service listens, its page and MCP address, its database, how to stop it. */
const StartupLog = Layer.effectDiscard(Effect.gen(function*() {
  const server = yield* HttpServer.HttpServer
  const address = HttpServer.formatAddress(server.address)
  yield* Effect.logInfo(`Listening on ${address}, ${yield* describeLibrary}`)
  yield* Effect.logInfo(`Library page: ${address}/`)
  yield* Effect.logInfo(`MCP for AI assistants: ${address}/mcp`)
  yield* Effect.logInfo(`Stop with Ctrl-C, or: ${APP_NAME} stop`)
  // Started: what this start created is the library's now, kept whatever happens later.
  keepCreated()
}))

/**
 * The faces of the service (HTTP with MCP and the streams, and its background work) over the library's services,
 * built once for all of them, over the storage engine.
 */
// The record is written before the first lines say the service runs, so that the command finds it from then on.
const Main = Layer.mergeAll(GracefulShutdownLive, Layer.provide(StartupLog, RunningRecordLive), RetentionSchedule).pipe(
  Layer.provide(HttpAppLive),
  Layer.provide(NodeServerLive),
  Layer.provide(LibraryServices),
  Layer.provide(EngineLive),
  Layer.provide(MemoryAtRestLive),
  // One count for the server, which counts the requests, and the engine and the memory's upkeep, which wait for a
  // pause in them.
  Layer.provide(RequestsReceived.layer)
)

/**
 * What is wrong with the configuration, in one line: each variable refused and why, and the configuration file when
 * the value refused comes from it.
 */
const configProblem = (error: Config.ConfigError, file: ConfigFile | undefined): string => {
  if (!Schema.isSchemaError(error.cause)) return error.message
  const issues = decodeIssues(error.cause)
  const key = issues.map((issue) => String(issue.path[0] ?? "")).find((name) => fromFile(file, name))
  return `${key === undefined ? "" : `in ${file!.path}: `}${decodeIssuesText(issues)}`
}

const configFileRead = readConfigFile()
/** The configuration file, when there is one it can use; what is wrong with it otherwise. */
const configFile = typeof configFileRead === "object" ? configFileRead : undefined
const configFileProblem = typeof configFileRead === "string" ? configFileRead : undefined

/** Runs until interrupted; answers the exit code of a failed start-up. */
const program = Effect.gen(function*() {
  if (configFileProblem !== undefined) {
    return yield* new StartupError({ message: `Invalid configuration: ${configFileProblem}`, exitCode: ExitCode.configuration })
  }
  const config = yield* ServiceConfig
  // Every setting is checked now, so that a bad value is refused at start rather than when it is first read.
  yield* Config.all([StreamConfig, GuardConfig, TrashConfig, ShutdownConfig, TeamConfig, AssistantConfig])
  // Spans are only useful with an exporter; none is configured, so they are created only when debugging.
  return yield* Layer.launch(Main).pipe(
    Effect.provideService(References.MinimumLogLevel, config.logLevel),
    Effect.withTracerEnabled(isDebug(config))
  )
}).pipe(
  Effect.catchIf((error) => error instanceof Config.ConfigError, (error) =>
    Effect.fail(
      new StartupError({
        message: `Invalid configuration: ${configProblem(error, configFile)}`,
        exitCode: ExitCode.configuration
      })
    )),
  // A start that failed leaves nothing it created behind.
  Effect.catchTag("StartupError", (error) =>
    Effect.as(Effect.andThen(Effect.sync(removeCreated), Effect.logError(error.message)), error.exitCode)),
  Effect.catchDefect((defect) =>
    Effect.as(Effect.logError("Start-up failed unexpectedly", Cause.die(defect)), ExitCode.unexpected)
  ),
  // Settings from the environment, then the configuration file.
  Effect.provideService(ConfigProvider.ConfigProvider, configProviderWith(configFile))
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
