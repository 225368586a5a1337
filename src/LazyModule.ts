/**
 * Something loaded on first use and then kept (a module, say): one load, a promise every caller awaits. A caller
 * that is interrupted (a request whose client left) stops waiting without cutting the load short for the others;
 * `Effect.cached` would keep that interruption as the outcome and hand it to every later caller.
 */
import { Effect } from "effect"

export const loadedOnFirstUse = <A>(load: () => Promise<A>): Effect.Effect<A> => {
  let loading: Promise<A> | undefined
  return Effect.promise(() => (loading ??= load()))
}
