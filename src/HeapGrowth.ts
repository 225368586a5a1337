/**
 * How far V8 lets the heap grow past what is live before its next full collection. By default it adapts to the
 * collector's speed and lets the heap reach up to four times what is live (a browser tab's trade of memory for
 * speed); a local service that keeps a library's indexes for hours should use nearer what it holds. Twice what is
 * live: at 100,000 assets the heap holds about 63 MB live, yet filling peaked at 345 MB of RSS by default and at
 * 241 MB with this (`BENCH_CASE=versions npm run bench:scale`: the whole run's peak 366–426 MB before, 272 MB after,
 * filling as fast within the runs' spread). Tighter costs every query: full collections come more often, and at 1.5
 * times a filter search's p95 on a kept 100,000-asset library went from 6–7 ms to 11–12 ms (at twice: 7–8 ms), for a
 * peak of 229–250 MB. Set first thing; a runtime that refuses it keeps the default.
 */
import { setFlagsFromString } from "node:v8"

export const HEAP_GROWING_PERCENT = 100

try {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
} catch {
  // Not supported on this runtime: V8's default growth.
}
