/**
 * `npm run bench`: requests per second of `GET /assets/{asset}` and `POST /assets/create`, the service beside a
 * bare node:http + node:sqlite baseline doing the same work, and beside the framework's floor (the same HTTP
 * stack answering a constant, after reading a create's body). The machine drifts by tens of percent within a minute,
 * so the targets are measured interleaved, in rounds, and each ratio is the median of the ratios of its rounds.
 * autocannon runs in this process; each server in its own, all started before the first round. With `DATABASE_URL`
 * (a PostgreSQL server the benchmark may create a database on), the service runs on a fresh PostgreSQL database; the
 * baseline and the floor are the same.
 */
import autocannon from "autocannon"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startService } from "../test/e2e/ServiceProcess.ts"
import { startComparison } from "./comparisonServer.ts"
import { databaseServer, type FreshDatabase, freshDatabase } from "./freshDatabase.ts"

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
/** Concurrent keep-alive connections (`BENCH_CONNECTIONS`; the targets are measured at 32). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const PRELOADED = 2000

const snippet = (i: number) =>
  `export function handler${i}(request: Request): Response {\n  const url = new URL(request.url)\n  if (url.pathname === "/item/${i}") {\n    return new Response(JSON.stringify({ id: ${i}, ok: true }))\n  }\n  return new Response("not found", { status: 404 })\n}\n`

/** Seeds carry `ext`, as editor integrations do, so neither side spends time on language detection. */
const seedBody = (i: number) =>
  JSON.stringify({
    type: "SEEDED_ASSET",
    asset: {
      application: { name: "VS_CODE", version: "1.0.0", platform: "LINUX" },
      format: { fragment: { string: { raw: snippet(i) }, metadata: { ext: "ts" } } },
      metadata: { name: `handler${i}` }
    }
  })

interface Target {
  readonly baseUrl: string
  readonly stop: () => Promise<void>
}

const preload = async (target: Target) => {
  const ids: Array<string> = []
  for (let i = 0; i < PRELOADED; i++) {
    const response = await fetch(`${target.baseUrl}/assets/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: seedBody(i)
    })
    ids.push((await response.json()).id)
  }
  return ids
}

interface Figures {
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly errors: number
}

const run = (options: autocannon.Options) =>
  new Promise<Figures>((resolve, reject) =>
    autocannon(options, (error, result) =>
      error ? reject(error) : resolve({
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx
      })))

const read = (target: Target, ids: ReadonlyArray<string>) => {
  let next = 0
  return run({
    url: target.baseUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: `/assets/${ids[next++ % ids.length]}` }) }]
  })
}

let counter = PRELOADED
const write = (target: Target) =>
  run({
    url: target.baseUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{
      method: "POST",
      path: "/assets/create",
      headers: { "content-type": "application/json" },
      setupRequest: (request) => ({ ...request, body: seedBody(counter++) })
    }]
  })

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const dir = mkdtempSync(join(tmpdir(), "assets-bench-"))
const targets: Array<Target> = []
let database: FreshDatabase | undefined
try {
  database = databaseServer === undefined ? undefined : await freshDatabase(databaseServer, "bench_throughput")
  const service = await startService(join(dir, "service.db"), { DATABASE_URL: database?.url ?? "" })
  targets.push(service)
  const baseline = await startComparison("bench/baseline-server.ts", join(dir, "baseline.db"))
  targets.push(baseline)
  const floor = await startComparison("bench/framework-floor-server.ts", ":memory:")
  targets.push(floor)
  const serviceIds = await preload(service)
  const baselineIds = await preload(baseline)

  const rounds: Array<
    Record<"serviceRead" | "baselineRead" | "floorRead" | "serviceWrite" | "baselineWrite" | "floorWrite", Figures>
  > = []
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push({
      serviceRead: await read(service, serviceIds),
      baselineRead: await read(baseline, baselineIds),
      floorRead: await read(floor, baselineIds),
      serviceWrite: await write(service),
      baselineWrite: await write(baseline),
      floorWrite: await write(floor)
    })
  }

  const med = (key: keyof (typeof rounds)[number], field: keyof Figures) => median(rounds.map((r) => r[key][field]))
  const ratio = (a: keyof (typeof rounds)[number], b: keyof (typeof rounds)[number]) => {
    const ratios = rounds.map((r) => r[a].rps / r[b].rps)
    return `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`
  }
  const errors = rounds.reduce((sum, r) => sum + Object.values(r).reduce((s, f) => s + f.errors, 0), 0)

  const engine = database === undefined ? "SQLite" : "PostgreSQL"
  console.log(
    `\nThe service on ${engine}; ${ROUNDS} interleaved rounds of ${SECONDS} s, ${CONNECTIONS} connections, ` +
      `${PRELOADED} assets preloaded`
  )
  console.log("medians; ratios are the median of the per-round ratios (min–max)\n")
  console.log("| operation | service req/s | baseline req/s | ratio | service p50/p99 ms | baseline p50/p99 ms |")
  console.log("|---|---|---|---|---|---|")
  console.log(
    `| GET /assets/{asset} | ${med("serviceRead", "rps")} | ${med("baselineRead", "rps")} | ` +
      `${ratio("serviceRead", "baselineRead")} | ${med("serviceRead", "p50")}/${med("serviceRead", "p99")} | ` +
      `${med("baselineRead", "p50")}/${med("baselineRead", "p99")} |`
  )
  console.log(
    `| POST /assets/create | ${med("serviceWrite", "rps")} | ${med("baselineWrite", "rps")} | ` +
      `${ratio("serviceWrite", "baselineWrite")} | ${med("serviceWrite", "p50")}/${med("serviceWrite", "p99")} | ` +
      `${med("baselineWrite", "p50")}/${med("baselineWrite", "p99")} |`
  )
  console.log(
    `\nFramework floor (the same HTTP stack answering a constant): GET ${med("floorRead", "rps")} req/s, ` +
      `${ratio("floorRead", "baselineRead")} of the baseline; the service's GET is ` +
      `${ratio("serviceRead", "floorRead")} of the floor. Create (the body read, then the constant): ` +
      `${med("floorWrite", "rps")} req/s, ${ratio("floorWrite", "baselineWrite")} of the baseline; the service's ` +
      `create is ${ratio("serviceWrite", "floorWrite")} of the floor.`
  )
  console.log(`Errors and non-2xx answers over all measurements: ${errors}`)
} finally {
  for (const target of targets) await target.stop()
  await database?.drop()
  rmSync(dir, { recursive: true, force: true })
}
