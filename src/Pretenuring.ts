/**
 * V8's allocation-site pretenuring, off. V8 watches where objects are made; when nearly all of a site's objects
 * survive a young collection, it makes that site's objects straight in the old generation from then on. After a
 * burst of saves in shared transactions of about six (`Commits`), V8 had so judged some sites
 * (`--trace-pretenuring-statistics`: sites tenured with 100% of their objects found alive), and listing a library of
 * 100,000 right after 2,000 such saves promoted 2–5 MB per young collection and ran 13 full collections: 16 of 21
 * runs took 4.1–5.8 s, up to 282 MB, where with the shorter wait of before it took 2.7–3.4 s, 231–243 MB.
 * Without pretenuring, 2.7–3.8 s. Nothing measured lost by it: start-up at 100,000 assets 1.36–1.51 s against
 * 1.43–1.71 s, fuzzy searches and suggestions at 10,000 within their run-to-run spread.
 * Set first thing, as the heap's growth is (`HeapGrowth.ts`); on Deno, by `deno task start`'s `--v8-flags`.
 */
import { setFlagsFromString } from "node:v8"

export const NO_PRETENURING = "--no-allocation-site-pretenuring"

try {
  setFlagsFromString(NO_PRETENURING)
} catch {
  // Not supported on this runtime: V8's default.
}
