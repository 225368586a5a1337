/**
 * V8's allocation-site pretenuring, off. V8 watches where objects are made; when most of a site's objects survive
 * the young generation for a while, it allocates that site's objects straight in the old one from then on. A burst
 * of saves in shared transactions (`Commits`) keeps a batch's objects alive across collections, and sites the
 * listing also uses were judged long-lived: listing a library of 100,000 right after 2,000 such saves then promoted
 * 2–5 MB per young collection and ran 13 full collections (4.1–6.3 s, up to 281 MB, against 2.9–3.4 s, 235 MB,
 * when nothing was pretenured). Without it, the same listing took 2.7–3.2 s; nothing this service keeps for long is
 * made in a hot loop, so nothing measured needed it (start-up at 100,000 assets: 1.36–1.51 s against 1.43–1.71 s).
 * Set first thing, as the heap's growth is; a runtime that refuses it keeps the default.
 */
import { setFlagsFromString } from "node:v8"

try {
  setFlagsFromString("--no-allocation-site-pretenuring")
} catch {
  // Not supported on this runtime: V8's default.
}
