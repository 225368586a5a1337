/**
 * `npm run bench:soak`: minutes of mixed load on the real service from this second process, over loopback.
 * Workers send creates, deletes, reads, listings, fuzzy, tag and filter searches, suggestions and related-asset
 * queries; WebSocket clients follow the identifiers stream (some reconnecting as they go) and must see every
 * create and delete. The service's heap is read after a full GC every 10 s; after warm-up it must stay within
 * `SOAK_HEAP_BOUND_MIB` of where warm-up left it. Reports throughput and latency per operation, and fails (exit
 * code 1) on any error, lost frame or heap growth past the bound.
 *
 * SOAK_SECONDS (180), SOAK_WORKERS (8), SOAK_STREAMS (20), SOAK_PRELOAD (1000), SOAK_HEAP_BOUND_MIB (16).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import WebSocket from "ws"
import { realCodeFunctions } from "../test/corpus/RealCode.ts"
import { call } from "../test/e2e/Http.ts"
import { startService } from "../test/e2e/ServiceProcess.ts"

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180)
const WORKERS = Number(process.env.SOAK_WORKERS ?? 8)
const STREAMS = Number(process.env.SOAK_STREAMS ?? 20)
const PRELOAD = Number(process.env.SOAK_PRELOAD ?? 1000)
const HEAP_BOUND_MIB = Number(process.env.SOAK_HEAP_BOUND_MIB ?? 16)
const WARM_UP_SECONDS = Math.min(60, Math.round(SECONDS / 4))

const application = { name: "VS_CODE", version: "1.95.0", platform: "LINUX" }
const corpus = realCodeFunctions().filter((f) => f.code.length < 4_000)
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(Math.random() * items.length)]!

const seed = (code: string, ext: string, tags: ReadonlyArray<string>) => ({
  type: "SEEDED_ASSET",
  asset: {
    application,
    format: { fragment: { string: { raw: code }, metadata: { ext } } },
    metadata: { tags: tags.map((text) => ({ text })) }
  }
})
const TAGS = ["util", "parsing", "async", "http", "sql", "stream", "math", "test"]

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), "bench-soak-"))
  const service = await startService(join(dir, "assets.db"), { NODE_OPTIONS: "--expose-gc" })
  const base = service.baseUrl
  const send = (method: string, path: string, body?: unknown) => call(base, method, path, body)

  try {
    const app = JSON.parse((await send("POST", "/connect", { application })).text).application.id as string
    console.log(`Preloading ${PRELOAD} assets…`)
    const stable: Array<string> = []
    for (let i = 0; i < PRELOAD; i++) {
      const f = corpus[i % corpus.length]!
      const answer = await send("POST", "/assets/create?transferables=false", seed(f.code, f.ext, [TAGS[i % TAGS.length]!]))
      stable.push(JSON.parse(answer.text).id)
    }

    // Stream clients: each records the ids of the current state it was sent first, and those it saw created and
    // deleted after. A change whose answer came after that first frame may have been committed before it, and then
    // the current state holds it instead of a frame of its own.
    interface Follower {
      readonly socket: WebSocket
      readonly since: number
      readonly first: Set<string>
      readonly seen: Set<string>
    }
    const followers: Array<Follower> = []
    let streamErrors = 0
    const follow = () =>
      new Promise<Follower>((resolve, reject) => {
        const socket = new WebSocket(`${base.replace(/^http/, "ws")}/assets/stream/identifiers`)
        const seen = new Set<string>()
        let first = true
        socket.on("message", (data) => {
          const items: Array<{ asset: { id: string }; deleted?: boolean }> = JSON.parse(String(data)).iterable
          if (first) {
            first = false
            resolve({ socket, since: performance.now(), first: new Set(items.map((item) => item.asset.id)), seen })
            return
          }
          for (const item of items) seen.add(`${item.deleted === true ? "-" : "+"}${item.asset.id}`)
        })
        socket.on("close", (code) => {
          if (code !== 1000 && code !== 1005) streamErrors++
        })
        socket.once("error", reject)
      })
    /** Whether the follower has the change: as a frame, or in the current state it was sent first. */
    const received = (follower: Follower, key: string) => {
      if (follower.seen.has(key)) return true
      const id = key.slice(1)
      // A delete the state already reflects: the asset was not in it, and was not created after it.
      return key.startsWith("+") ? follower.first.has(id) : !follower.first.has(id) && !follower.seen.has(`+${id}`)
    }
    for (let i = 0; i < STREAMS; i++) followers.push(await follow())

    // Changes the workers made, with when their response arrived; a follower connected before must have each.
    const changes: Array<{ key: string; at: number }> = []
    const latencies = new Map<string, Array<number>>()
    const errors: Array<string> = []
    const owned: Array<string> = []
    let stopping = false

    const timed = async (name: string, run: () => Promise<{ status: number; text: string }>, ok = [200]) => {
      const started = performance.now()
      try {
        const answer = await run()
        const elapsed = performance.now() - started
        if (!latencies.has(name)) latencies.set(name, [])
        latencies.get(name)!.push(elapsed)
        if (!ok.includes(answer.status)) errors.push(`${name}: ${answer.status} ${answer.text.slice(0, 200)}`)
        return answer
      } catch (error) {
        errors.push(`${name}: ${String(error)}`)
        return undefined
      }
    }

    const operations: Array<[weight: number, run: () => Promise<unknown>]> = [
      [10, async () => {
        const f = pick(corpus)
        const code = `${f.code}\n// soak ${Math.random().toString(36).slice(2)}\n`
        const answer = await timed("create", () => send("POST", "/assets/create?transferables=false", seed(code, f.ext, [pick(TAGS)])))
        if (answer?.status === 200) {
          const id = JSON.parse(answer.text).id as string
          owned.push(id)
          changes.push({ key: `+${id}`, at: performance.now() })
        }
      }],
      [10, async () => {
        const id = owned.shift()
        if (id === undefined) return
        const answer = await timed("delete", () => send("POST", `/assets/${id}/delete`))
        if (answer?.status === 200) changes.push({ key: `-${id}`, at: performance.now() })
      }],
      [20, () => timed("get asset", () => send("GET", `/assets/${pick(stable)}`))],
      [4, () => timed("identifiers", () => send("GET", "/assets/identifiers"))],
      [2, () => timed("snapshot (lean)", () => send("GET", "/assets?transferables=false"))],
      [20, () => timed("fuzzy search", () => send("GET", `/assets/search?query=${encodeURIComponent(pick(corpus).name)}&transferables=false`))],
      [5, () => timed("tag search", () => send("GET", `/assets/search?searchable_tags=${pick(TAGS)}&transferables=false`))],
      [5, () => timed("filter search", () => send("POST", "/assets/search?transferables=false", {
        filters: { iterable: [{ classification: pick(["ts", "js", "c"]) }, { tags: [pick(TAGS)] }] }
      }))],
      [14, () => timed("suggestion", () => send("POST", `/${app}/suggestion`, { asset: { format: { fragment: { string: { raw: pick(corpus).code } } } } }))],
      [10, async () => {
        const document = JSON.parse((await send("GET", `/assets/${pick(stable)}?transferables=true`)).text)
        await timed("related", () => send("POST", "/assets/related", { iterable: [document] }))
      }]
    ]
    const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0)
    const pickOperation = () => {
      let roll = Math.random() * totalWeight
      for (const [weight, run] of operations) if ((roll -= weight) < 0) return run
      return operations[0]![1]
    }

    const heap: Array<{ at: number; heapUsed: number; rss: number }> = []
    const sampleMemory = async () => {
      const stats = JSON.parse((await send("GET", "/.well-known/stats?collect=true")).text)
      heap.push({ at: performance.now(), heapUsed: stats.memory.heapUsed, rss: stats.memory.rss })
    }

    console.log(`Soaking for ${SECONDS} s: ${WORKERS} workers, ${STREAMS} stream clients, ${PRELOAD} assets preloaded`)
    const started = performance.now()
    await sampleMemory()
    const workers = Array.from({ length: WORKERS }, async () => {
      while (!stopping) await pickOperation()()
    })
    // Every 10 s: a memory sample, and one stream client leaves and another joins.
    let warmedUp: { heapUsed: number; rss: number } | undefined
    while (performance.now() - started < SECONDS * 1000) {
      await sleep(10_000)
      await sampleMemory()
      if (warmedUp === undefined && performance.now() - started >= WARM_UP_SECONDS * 1000) warmedUp = heap.at(-1)
      const leaving = followers.shift()
      leaving?.socket.close(1000)
      followers.push(await follow())
      console.log(
        `  ${Math.round((performance.now() - started) / 1000)} s: heap ${mib(heap.at(-1)!.heapUsed)} MiB, rss ${mib(heap.at(-1)!.rss)} MiB, errors ${errors.length}`
      )
    }
    stopping = true
    await Promise.all(workers)
    const elapsed = (performance.now() - started) / 1000
    await sleep(1_000)
    await sampleMemory()

    // Every change a follower was connected for must have reached it.
    let lost = 0
    let expected = 0
    for (const follower of followers) {
      for (const change of changes) {
        if (change.at <= follower.since) continue
        expected++
        if (!received(follower, change.key)) lost++
      }
      follower.socket.close(1000)
    }

    const rows = [...latencies].map(([name, values]) => {
      const sorted = [...values].sort((a, b) => a - b)
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1)
      return `| ${name} | ${sorted.length} | ${at(0.5)} | ${at(0.99)} | ${sorted.at(-1)!.toFixed(1)} |`
    })
    const requests = [...latencies.values()].reduce((sum, values) => sum + values.length, 0)
    const end = heap.at(-1)!
    const warm = warmedUp ?? heap[0]!
    const peakAfterWarmUp = Math.max(...heap.filter((h) => h.at >= (warmedUp === undefined ? 0 : started + WARM_UP_SECONDS * 1000)).map((h) => h.heapUsed))
    const growth = (end.heapUsed - warm.heapUsed) / 1024 / 1024
    console.log(`\n${requests} requests in ${elapsed.toFixed(0)} s: ${(requests / elapsed).toFixed(0)} requests/s, ${errors.length} errors`)
    console.log(`stream changes expected at clients ${expected}, lost ${lost}, abnormal closes ${streamErrors}`)
    console.log(`heap after a full GC: start ${mib(heap[0]!.heapUsed)} MiB, after ${WARM_UP_SECONDS} s warm-up ${mib(warm.heapUsed)} MiB, peak after ${mib(peakAfterWarmUp)} MiB, end ${mib(end.heapUsed)} MiB (growth ${growth.toFixed(1)} MiB, bound ${HEAP_BOUND_MIB}); rss end ${mib(end.rss)} MiB`)
    console.log(`\n| operation | requests | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|\n${rows.join("\n")}`)
    for (const error of errors.slice(0, 10)) console.log(`error: ${error}`)
    const failed = errors.length > 0 || lost > 0 || streamErrors > 0 || growth > HEAP_BOUND_MIB
    console.log(failed ? "\nSOAK FAILED" : "\nsoak passed")
    process.exitCode = failed ? 1 : 0
  } finally {
    await service.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
