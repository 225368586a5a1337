/**
 * The storage port of the library's locks. Every write of every instance runs in one transaction; what a write
 * changes is locked until it commits, and the change feed numbers commits in the order they committed
 * (`ChangeFeed.append`). Jobs that keep the library (retention) run on one instance at a time.
 */
import { Context, type Effect } from "effect"

export interface WriterLockShape {
  /**
   * Runs `write` in one transaction: all of it, or (it fails) nothing. What it reads to change (an asset it edits,
   * say) stays as it read it until it commits: another write of the same thing waits for it.
   */
  readonly transaction: <A, E, R>(write: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** How many write transactions of this instance may run at once. */
  readonly concurrentWriters: number
  /** Runs `job` unless another instance runs the job of this name now; answers whether it ran. */
  readonly exclusive: <E, R>(name: string, job: Effect.Effect<void, E, R>) => Effect.Effect<boolean, E, R>
}

export class WriterLock extends Context.Service<WriterLock, WriterLockShape>()("WriterLock") {}
