/**
 * glibc's malloc gives a block of 128 KB or more pages of its own, returned to the system when the block is freed,
 * but raises that threshold to the size of each such block freed (up to 32 MB): after a few large answers, large
 * blocks are made inside the heap, whose freed pages it keeps. A fixed threshold of 64 KB keeps them out of it.
 * `BENCH_CASE=versions BENCH_SIZES=100000 npm run bench:scale`, alternated runs, RSS filled and peak RSS without it
 * and with it: Node 24.22.3 254, 256, 257 and 259 MB filled, then 244, 240, 246 and 244, peaks 262, 269, 265 and 270,
 * then 253, 251, 272 and 268 (the last two with `StoredAsset`'s smaller deflate state, their highest in the searches:
 * `bench/README.md`); Deno 2.9.6 filled 260 and 256, then 243 and 242, peaks 302 and 306, then 284 and 290.
 * Large blocks then cost the page faults of fresh pages: the benchmark's fuzzy searches on a library of 100,000 (Node
 * 24, three alternated starts each) took 2.9–3.4 ms inside the service at the median with it, 2.9–4.0 without; at the
 * 95th percentile 22–26 and 22–42.
 * glibc reads the threshold only as a process starts, so on Linux `npm start` starts itself again with it in
 * `GLIBC_TUNABLES` (`process.execve`, Node 22.15 and later: the same process, its command line unchanged; on Node 24,
 * `npm start` on an empty library until a search answers, ten starts each: 447–514 ms, 433–479 without the restart),
 * and `deno task start` sets it for Deno (in place of any `GLIBC_TUNABLES` of the user's). Node 20 has no
 * `process.execve`: it runs as before.
 */
import { readFileSync } from "node:fs"

const TUNABLE = "glibc.malloc.mmap_threshold"
export const MMAP_THRESHOLD = 65536

/** `GLIBC_TUNABLES` with the fixed threshold added; undefined when it holds one already (the user's, or ours). */
export const tunablesWithThreshold = (tunables) =>
  (tunables ?? "").split(":").some((setting) => setting.startsWith(`${TUNABLE}=`))
    ? undefined
    : [tunables, `${TUNABLE}=${MMAP_THRESHOLD}`].filter(Boolean).join(":")

/** On Linux, with `process.execve`, starts this process again with the fixed threshold unless it is set already. */
export const restartWithMallocSettings = () => {
  if (process.platform !== "linux" || typeof process.execve !== "function") return
  const tunables = tunablesWithThreshold(process.env.GLIBC_TUNABLES)
  if (tunables === undefined) return
  try {
    // The command line as typed: `process.argv` holds the script's absolute path.
    const commandLine = readFileSync("/proc/self/cmdline", "utf8").split("\0").slice(0, -1)
    process.execve(process.execPath, commandLine, { ...process.env, GLIBC_TUNABLES: tunables })
  } catch {
    // No restart (no /proc, say): the service runs with glibc's own threshold.
  }
}
