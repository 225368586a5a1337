/**
 * Memory given back in a quiet moment. V8 runs a full collection only once the old generation has grown well past
 * what is live, and what it freed stays with the process for the next allocations. V8's memory reducer, made to give
 * it back in an idle browser tab, never started on the service's thread: it judged the allocation rate high for as
 * long as the service sat idle (`--trace-memory-reducer`). So when no request has come over a whole look and none is
 * being answered, and the process has grown by `GROWTH` since the last such collection (or since it started), the
 * service runs one: V8's "last resort", full collections until nothing more is freed, free pages returned and the
 * young generation shrunk. The collection holds the event loop for tens of milliseconds, and a request that comes
 * meanwhile waits for it. The end of a burst of saves asks for the same collection, though reads go on
 * (`LibraryFollowers`), and so does the end of a listing (`ListingAnswers`). `docs/tuning.md` has what it saves.
 * Where the collector cannot be reached, nothing is done.
 */
import { Context, Duration, Effect, Layer, Schedule } from "effect"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { requestActivity } from "../storage/RequestsReceived.ts"
import { settingOff } from "./RuntimeSettings.mjs"

/** How often the service looks for a quiet moment: no request received since the last look, and none being answered. */
export const LOOK = Duration.seconds(5)

/** How much the process must have grown since the last collection here for the next one to be worth its pause. */
export const GROWTH = 16 * 1024 * 1024

/** How long after a listing ends its collection waits: long enough for the answer's last bytes to go out first. */
export const AFTER_LISTING = Duration.millis(100)

/** A memory-reducing collection and the process's resident memory, as the service reads them. */
export interface Memory {
  readonly collect: () => void
  readonly resident: () => number
}

interface GcOptions {
  readonly type: "major"
  readonly execution: "sync"
  readonly flavor: "last-resort"
}

/**
 * V8's own collector, exposed for this: the flag makes every new context carry a `gc` function, which runs on this
 * isolate. Undefined where the runtime refuses either step.
 */
const exposedCollector = (): ((options?: GcOptions) => void) | undefined => {
  try {
    setFlagsFromString("--expose-gc")
    const gc: unknown = runInNewContext("gc")
    return typeof gc === "function" ? (gc as (options?: GcOptions) => void) : undefined
  } catch {
    return undefined
  }
}

/** The running process's memory, when its runtime lets the service run the collector. */
export const processMemory = (): Memory | undefined => {
  const gc = exposedCollector()
  if (gc === undefined) return undefined
  return {
    collect: () => gc({ type: "major", execution: "sync", flavor: "last-resort" }),
    resident: () => process.memoryUsage().rss
  }
}

/**
 * Memory given back: in each quiet moment, and when asked: at the end of a burst of saves, a moment after a listing,
 * and by background work before it makes something large.
 */
export class MemoryAtRest extends Context.Service<MemoryAtRest, {
  /** Collects now if the process has grown by `GROWTH` since the last collection here. */
  readonly giveBackIfGrown: Effect.Effect<void>
  /** Collects `AFTER_LISTING` from now (a listing has just ended) if the process has grown by `GROWTH` by then. */
  readonly giveBackAfterListing: Effect.Effect<void>
}>()("MemoryAtRest") {}

/** Looks for a quiet moment every `LOOK`, and collects in one once the process has grown by `GROWTH`. */
export const givingBackAtRest = (memory: Memory) =>
  Layer.effect(
    MemoryAtRest,
    Effect.gen(function*() {
      const requests = yield* requestActivity
      let seen = requests.count()
      let left = memory.resident()
      const giveBackIfGrown = Effect.suspend(() => {
        const held = memory.resident()
        if (held - left < GROWTH) return Effect.void
        return Effect.timed(Effect.sync(memory.collect)).pipe(
          Effect.flatMap(([took]) => {
            left = memory.resident()
            const mb = (bytes: number) => (bytes / 1048576).toFixed(0)
            return Effect.logDebug(
              `Gave memory back: ${mb(held)} → ${mb(left)} MB resident, in ${Duration.toMillis(took).toFixed(0)} ms`
            )
          })
        )
      })
      const look = Effect.suspend(() => {
        const count = requests.count()
        const quiet = count === seen && !requests.answering()
        seen = count
        return quiet ? giveBackIfGrown : Effect.void
      })
      yield* Effect.forkScoped(Effect.schedule(look, Schedule.spaced(LOOK)))
      const scope = yield* Effect.scope
      const giveBackAfterListing = Effect.asVoid(Effect.forkIn(Effect.delay(giveBackIfGrown, AFTER_LISTING), scope))
      return { giveBackIfGrown, giveBackAfterListing }
    })
  )

/** The service's own: on the running process, or none where its collector cannot be reached (or it is turned off). */
export const MemoryAtRestLive = Layer.unwrap(Effect.sync(() => {
  const memory = settingOff("memory-at-rest") ? undefined : processMemory()
  return memory === undefined ? Layer.empty : givingBackAtRest(memory)
}))
