/**
 * `npm run bench`: requests per second of `GET /assets/{asset}` and `POST /assets/create`, the service beside a
 * bare node:http + better-sqlite3 baseline doing the same work, measured in one run so the ratio is fair on a
 * noisy machine. The load generator (autocannon) runs in this process; each server in its own.
 */
import autocannon from "autocannon"
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startService } from "../test/e2e/ServiceProcess.ts"

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 10
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
  readonly name: string
  readonly baseUrl: string
  readonly stop: () => Promise<void>
}

/** A comparison server from bench/, started with tsx on a free port. */
const startComparison = async (name: string, script: string, dbPath: string): Promise<Target> => {
  const port = 39000 + Math.floor(Math.random() * 900)
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, PORT: String(port), DB_PATH: dbPath },
    stdio: "inherit"
  })
  const baseUrl = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${baseUrl}/.well-known/health`)).ok) break
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    name,
    baseUrl,
    stop: async () => {
      child.kill("SIGTERM")
    }
  }
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

const run = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))))

const summary = (result: autocannon.Result) => ({
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.non2xx
})

const measureRead = async (target: Target, ids: ReadonlyArray<string>) => {
  let next = 0
  return summary(await run({
    url: target.baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: `/assets/${ids[next++ % ids.length]}` }) }]
  }))
}

const measure = async (target: Target, ids: ReadonlyArray<string>) => {
  const read = await measureRead(target, ids)
  let counter = PRELOADED
  const write = await run({
    url: target.baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: [{
      method: "POST",
      path: "/assets/create",
      headers: { "content-type": "application/json" },
      setupRequest: (request) => ({ ...request, body: seedBody(counter++) })
    }]
  })
  return { read, write: summary(write) }
}

const dir = mkdtempSync(join(tmpdir(), "assets-bench-"))
try {
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {}
  const service = await startService(join(dir, "service.db"))
  results.service = await measure({ name: "service", ...service }, await preload({ name: "service", ...service }))
  await service.stop()
  const baseline = await startComparison("baseline", "bench/baseline-server.ts", join(dir, "baseline.db"))
  const baselineIds = await preload(baseline)
  results.baseline = await measure(baseline, baselineIds)
  await baseline.stop()
  const floor = await startComparison("framework floor", "bench/framework-floor-server.ts", ":memory:")
  const floorRead = await measureRead(floor, baselineIds)
  await floor.stop()

  console.log(`\n${DURATION_SECONDS} s per measurement, ${CONNECTIONS} connections, ${PRELOADED} assets preloaded\n`)
  console.log("| operation | service req/s | baseline req/s | ratio | service p50/p99 ms | baseline p50/p99 ms | errors |")
  console.log("|---|---|---|---|---|---|---|")
  for (const [label, key] of [["GET /assets/{asset}", "read"], ["POST /assets/create", "write"]] as const) {
    const s = results.service[key]
    const b = results.baseline[key]
    console.log(
      `| ${label} | ${s.rps} | ${b.rps} | ${(s.rps / b.rps).toFixed(2)} | ${s.p50}/${s.p99} | ${b.p50}/${b.p99} | ${s.errors + b.errors} |`
    )
  }
  console.log(
    `\nFramework floor (HttpLayerRouter + NodeHttpServer answering GET with a constant): ${floorRead.rps} req/s, ` +
      `${(floorRead.rps / results.baseline.read.rps).toFixed(2)} of the baseline; ` +
      `the service's GET is ${(results.service.read.rps / floorRead.rps).toFixed(2)} of the floor.`
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
