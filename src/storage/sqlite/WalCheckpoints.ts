/**
 * Checkpoints of the write-ahead log on a thread of their own. SQLite copies the log's pages back into the database
 * file (a checkpoint, with two fsyncs) inside the commit that crosses `wal_autocheckpoint` pages; the driver is
 * synchronous, so that commit held the event loop, and every request with it: in a fill, such commits were half the
 * time spent committing. Here a worker thread with a connection of its own runs a passive checkpoint every
 * `EVERY_MS`: it copies what the log holds without waiting for (or blocking) the service's reads and writes, and a
 * fill spends a third less of its time committing.
 *
 * A passive checkpoint never finishes the log while writes keep coming, and SQLite starts the log anew only when a
 * write finds every page of it copied; so the service's own checkpoint stays, at `LOG_PAGES`: it has the few pages
 * the worker has not copied yet, and the write after it starts the log anew, so that the log does not grow without
 * end in a long burst. If the worker cannot run, that checkpoint does all the work, as before, in larger steps.
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { Worker } from "node:worker_threads"

/** How often the worker checkpoints what the log holds. */
const EVERY_MS = 200
/** The log's pages (4 KB each) past which the service checkpoints itself: SQLite's default is 1,000. */
const LOG_PAGES = 4096
/** How long a stop waits for the worker to close its connection. */
const STOP_MS = 2000

/**
 * The worker, evaluated as a script (a module file would need a path that holds for the sources and for `dist/`'s
 * bundle alike). It opens the database with the runtime's driver, checkpoints every `every` ms, says once why it
 * cannot (then stops trying), and closes its connection when told to stop.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads")
const { filename, every } = workerData
let db
let timer
const fail = (error) => {
  clearInterval(timer)
  parentPort.postMessage({ failed: String(error && error.message || error) })
}
try {
  db = new (require("node:sqlite").DatabaseSync)(filename)
  const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)")
  timer = setInterval(() => {
    try {
      checkpoint.get()
    } catch (error) {
      // Another checkpoint (the service's own) is running: this one waits for the next turn.
      if (!/locked|busy/i.test(String(error && error.message))) fail(error)
    }
  }, every)
} catch (error) {
  fail(error)
}
const stop = () => {
  clearInterval(timer)
  if (db !== undefined) db.close()
  // With nothing left to wait for, the thread ends (Deno's port has no close).
  parentPort.off("message", stop)
  if (typeof parentPort.close === "function") parentPort.close()
}
parentPort.on("message", stop)
`

/** For as long as the layer lives, on the database file `filename` the `SqlClient` has open. */
export const WalCheckpoints = (filename: string) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const sql = yield* SqlClient
    yield* sql.unsafe(`PRAGMA wal_autocheckpoint = ${LOG_PAGES}`)
    let ended = false
    const worker = yield* Effect.acquireRelease(
      Effect.sync(() => {
        const started = new Worker(WORKER_SOURCE, {
          eval: true,
          workerData: { filename, every: EVERY_MS }
        })
        started.once("exit", () => (ended = true))
        return started
      }),
      // Told to stop, the worker closes its connection, so that the service's, closed last, removes the log (on
      // Deno an open connection keeps it). Ended instead if it does not within `STOP_MS`: a thread ends between two of
      // its calls into SQLite, never inside a checkpoint.
      (worker) =>
        Effect.callback<void>((resume) => {
          if (ended) return resume(Effect.void)
          worker.once("exit", () => resume(Effect.void))
          worker.postMessage("stop")
        }).pipe(
          // A finaliser runs uninterruptibly: the wait is made interruptible for its timeout to end it.
          Effect.interruptible,
          Effect.timeout(STOP_MS),
          Effect.catch(() => Effect.promise(() => worker.terminate())),
          Effect.asVoid
        )
    )
    // The process may end without waiting for the worker (a stop ends it above).
    worker.unref()
    const runFork = Effect.runForkWith(yield* Effect.context<never>())
    const stopped = (reason: string) =>
      runFork(Effect.logWarning(
        `Checkpoints of the write-ahead log on a thread of their own stopped (${reason}); ` +
          "the service checkpoints as it commits"
      ))
    worker.on("message", (message: { readonly failed?: string }) => {
      if (message.failed !== undefined) stopped(message.failed)
    })
    worker.on("error", (error) => stopped(error.message))
  }))
