/**
 * The storage port of the library's locks. Every write of every instance runs in one transaction holding the
 * library's write lock, so writes take turns and the change feed numbers them in the order they committed. Jobs
 * that keep the library (retention) run on one instance at a time.
 */
import { Context, type Effect } from "effect"

export interface WriterLockShape {
  /** Runs `write` in one transaction that holds the write lock: all of it, or (it fails) nothing. */
  readonly transaction: <A, E, R>(write: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Runs `job` unless another instance runs the job of this name now; answers whether it ran. */
  readonly exclusive: <E, R>(name: string, job: Effect.Effect<void, E, R>) => Effect.Effect<boolean, E, R>
}

export class WriterLock extends Context.Tag("WriterLock")<WriterLock, WriterLockShape>() {}
