/**
 * `npm run bench:streams`: 500 clients on `/assets/stream/identifiers` while creates arrive at a steady rate.
 * Reports the delay from each create's response to its frame at every client (p50, p99, max), frames lost, and
 * the service's memory before the clients connect, while they are connected, and after they leave. The clients
 * run in this process, so their own frame handling is part of the measured delay.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import WebSocket from "ws"
import { startService } from "../test/e2e/ServiceProcess.ts"
import { percentile } from "./percentile.ts"

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500)
const CREATES = Number(process.env.BENCH_CREATES ?? 500)
const CREATES_PER_SECOND = Number(process.env.BENCH_RATE ?? 50)

const seed = (i: number) =>
  JSON.stringify({
    type: "SEEDED_ASSET",
    asset: {
      application: { name: "VS_CODE", version: "1.0.0", platform: "LINUX" },
      format: { fragment: { string: { raw: `export const value${i} = ${i}\n` }, metadata: { ext: "ts" } } }
    }
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

interface Client {
  readonly socket: WebSocket
  /** When each asset id's frame arrived. */
  readonly arrivals: Map<string, number>
}

const connect = (url: string) =>
  new Promise<Client>((resolve, reject) => {
    const socket = new WebSocket(url)
    const arrivals = new Map<string, number>()
    let first = true
    socket.on("message", (data) => {
      const now = performance.now()
      const frame = JSON.parse(String(data))
      if (first) {
        first = false
        resolve({ socket, arrivals })
        return
      }
      for (const item of frame.iterable) arrivals.set(item.asset.id, now)
    })
    socket.once("error", reject)
  })

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), "bench-streams-"))
  // --expose-gc lets the stats report memory after a full collection, not whatever garbage is pending.
  const service = await startService(join(dir, "assets.db"), { NODE_OPTIONS: "--expose-gc" })
  const stats = async () => (await fetch(`${service.baseUrl}/.well-known/stats?collect=true`)).json()
  const create = async (i: number) => {
    const response = await fetch(`${service.baseUrl}/assets/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: seed(i)
    })
    return { id: (await response.json()).id as string, answered: performance.now() }
  }
  try {
    // Warm-up, so that "before" is the memory of a service that has already served.
    for (let i = 0; i < 200; i++) await create(-i)
    await sleep(1000)
    const before = await stats()

    const url = `${service.baseUrl.replace(/^http/, "ws")}/assets/stream/identifiers`
    const clients: Array<Client> = []
    for (let i = 0; i < CLIENTS; i += 50) {
      clients.push(...await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, () => connect(url))))
    }
    const connected = await stats()

    const created: Array<{ id: string; answered: number }> = []
    const interval = 1000 / CREATES_PER_SECOND
    const started = performance.now()
    for (let i = 0; i < CREATES; i++) {
      created.push(await create(i))
      const next = started + (i + 1) * interval
      await sleep(Math.max(0, next - performance.now()))
    }
    await sleep(2000)
    const during = await stats()

    const delays: Array<number> = []
    let lost = 0
    for (const client of clients) {
      for (const { id, answered } of created) {
        const arrived = client.arrivals.get(id)
        if (arrived === undefined) lost++
        else delays.push(arrived - answered)
      }
    }
    delays.sort((a, b) => a - b)

    await Promise.all(clients.map((client) =>
      new Promise<void>((resolve) => {
        client.socket.once("close", () => resolve())
        client.socket.close()
      })
    ))
    await sleep(1000)
    const after = await stats()

    console.log(`${CLIENTS} clients on /assets/stream/identifiers, ${CREATES} creates at ${CREATES_PER_SECOND}/s`)
    console.log(`frames expected ${CLIENTS * CREATES}, received ${delays.length}, lost ${lost}`)
    console.log(
      `delay from create response to frame, ms: p50 ${percentile(delays, 50).toFixed(1)}, p99 ${
        percentile(delays, 99).toFixed(1)
      }, max ${delays[delays.length - 1].toFixed(1)} (negative: the frame came before the response)`
    )
    console.log(`subscribers while connected ${connected.streams.subscribers}, after ${after.streams.subscribers}`)
    for (const [label, figures] of [["before clients", before], ["clients connected", connected], [
      "after creates",
      during
    ], ["after clients left", after]] as const) {
      console.log(`memory ${label}: rss ${mib(figures.memory.rss)}, heap ${mib(figures.memory.heapUsed)}`)
    }
  } finally {
    await service.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
