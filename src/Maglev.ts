/**
 * V8's Maglev compiler, off. Maglev is the optimizing tier between the baseline compiler and TurboFan; V8 runs it
 * from Node 22 on and in Deno, while Node 20 runs without it (there this flag changes nothing). What it keeps costs a
 * local service more than its speed earns one (`BENCH_CASE=versions npm run bench:scale`, Node 24.22.3, alternated
 * runs): peak RSS at 10,000 assets 216–222 MB without it against 242–247 with it (three pairs), at 100,000 269
 * against 293; on Deno at 10,000 210–228 against 237–284 (two pairs). Fills kept their ratio to the bare server,
 * which fills in the same run (0.30–0.35 against 0.31–0.33; both ran slower in the runs without it); searches' p95
 * inside the service were 0–4 ms slower at 10,000 (fuzzy 19–21 against 16–19). Functions that run hot still reach
 * TurboFan. Set first thing, as the heap's growth is (`HeapGrowth.ts`); on Deno, by `deno task start`'s
 * `--v8-flags`.
 */
import { setFlagsFromString } from "node:v8"

export const NO_MAGLEV = "--no-maglev"

try {
  setFlagsFromString(NO_MAGLEV)
} catch {
  // Not supported on this runtime: V8's default.
}
