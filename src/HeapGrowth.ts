/**
 * How far V8 lets the heap grow past what is live before its next full collection. By default it adapts to the
 * collector's speed and lets the heap reach up to four times what is live (a browser tab's trade of memory for
 * speed); a local service that keeps a library's indexes for hours should use nearer what it holds. Twice what is
 * live: at 100,000 assets the heap holds about 63 MB live, yet filling peaked at 345 MB of RSS by default and at
 * 241 MB with this (`BENCH_CASE=versions npm run bench:scale`: the whole run's peak 366–426 MB before, 272 MB after,
 * filling as fast within the runs' spread). Tighter costs every query: full collections come more often, and at 1.5
 * times a filter search's p95 on a kept 100,000-asset library went from 6–7 ms to 11–12 ms (at twice: 7–8 ms), for a
 * peak of 229–250 MB. Set first thing on Node. Deno accepts `setFlagsFromString` but applies nothing (a `--trace-gc`
 * set so prints nothing there), so `deno task start` passes the same flag in its `--v8-flags` (deno.json).
 *
 * The young generation's size is the other half, but V8 reads it only at launch, so it is a flag of `npm start`
 * (package.json) and of `deno task start` (deno.json): `--max-semi-space-size=8` (MB; V8's default lets it grow to
 * 16). At 100,000 assets it took 16–19 MB off every phase (empty library 129 → 113 MB, filled 220 → 201 MB) for the
 * same filling pace (843 vs 830 assets/s); bursts on 32 keep-alive connections lost about a tenth (creates 0.37 →
 * 0.33 of the bare server). 4 MB took 10 MB more but filled 12% slower.
 */
import { setFlagsFromString } from "node:v8"

export const HEAP_GROWING_PERCENT = 100

try {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
} catch {
  // Not supported on this runtime: V8's default growth.
}
