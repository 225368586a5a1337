/**
 * How far V8 lets the heap grow past what is live before its next full collection. By default it adapts to the
 * collector's speed and lets the heap reach up to four times what is live (a browser tab's trade of memory for
 * speed); a local service that keeps a library's indexes for hours should use about what it holds. 1.5 times what
 * is live: at 100,000 assets the heap holds about 63 MB live, yet filling peaked at 345 MB of RSS by default, 241 MB
 * at twice and 201 MB at 1.5 times (`BENCH_CASE=versions npm run bench:scale`: the whole run's peak 366–426 MB before,
 * 229–250 MB after, filling as fast within the runs' spread). Set first thing; Deno's `node:v8` takes it too, and a
 * runtime that refuses it keeps the default.
 */
import { setFlagsFromString } from "node:v8"

export const HEAP_GROWING_PERCENT = 50

try {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
} catch {
  // Not supported on this runtime: V8's default growth.
}
