/**
 * Starts the real service as a child process, on Node (its build, `dist/`, as `npm start` runs it) or Deno
 * (`deno task start`, when E2E_RUNTIME=deno), on a free loopback port and a database file of the caller's choosing,
 * and stops it. `startProcess` does the same
 * for any server that reads PORT and DB_PATH and answers `/.well-known/health` (the benchmark's comparisons).
 */
import { spawn, type ChildProcess } from "node:child_process"
import { createHash } from "node:crypto"
import { once } from "node:events"
import { readdirSync, readFileSync } from "node:fs"
import { createServer } from "node:net"
import { DatabaseSync } from "node:sqlite"
import pg from "pg"

export const runtime = process.env.E2E_RUNTIME === "deno" ? "deno" : "node"

/** The storage engine the suites run on: SQLite files, or (`E2E_ENGINE=pg`) the throwaway PostgreSQL cluster. */
export const engine = process.env.E2E_ENGINE === "pg" ? "pg" : "sqlite"

/** The throwaway cluster the global set-up started (`E2E_POSTGRES_URL`), as a connection string to one database. */
export const clusterUrl = (database = "postgres") => {
  const url = process.env.E2E_POSTGRES_URL
  if (url === undefined) throw new Error("E2E_ENGINE=pg, but no PostgreSQL cluster was started (E2E_POSTGRES_URL)")
  return url.replace(/\/[^/]*$/, `/${database}`)
}

/**
 * The PostgreSQL database standing for the SQLite file `dbPath` in the suites on PostgreSQL: one per path, made on
 * first use, so that a service started again on the same path finds the same library.
 */
export const databaseFor = (dbPath: string): Promise<string> => {
  let made = databases.get(dbPath)
  if (made === undefined) {
    made = makeDatabase(`library_${createHash("sha1").update(dbPath).digest("hex").slice(0, 24)}`)
    databases.set(dbPath, made)
  }
  return made
}
const databases = new Map<string, Promise<string>>()

const makeDatabase = async (name: string) => {
  const client = new pg.Client({ connectionString: clusterUrl() })
  await client.connect()
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  return clusterUrl(name)
}

/** Runs SQL on the library `dbPath` names, on the suites' engine, over a connection of its own; answers the rows. */
export const runSql = async (dbPath: string, query: string): Promise<Array<Record<string, unknown>>> => {
  if (engine === "sqlite") {
    const db = new DatabaseSync(dbPath)
    try {
      // `all` runs any statement: a write answers no rows.
      return db.prepare(query).all()
    } finally {
      db.close()
    }
  }
  const client = new pg.Client({ connectionString: await databaseFor(dbPath) })
  await client.connect()
  try {
    return (await client.query(query)).rows
  } finally {
    await client.end()
  }
}

/** The environment that points the service at the library `dbPath` names, on the suites' engine. */
const libraryEnv = async (dbPath: string): Promise<Record<string, string>> =>
  engine === "pg" ? { DB_PATH: dbPath, DATABASE_URL: await databaseFor(dbPath) } : { DB_PATH: dbPath, DATABASE_URL: "" }

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

export interface RunningService {
  readonly baseUrl: string
  readonly output: () => string
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. */
  readonly stop: () => Promise<void>
  readonly kill: () => Promise<void>
  /** Sends SIGTERM and returns at once; `exited` tells when and how the process ended. */
  readonly terminate: () => void
  readonly exited: Promise<number | null>
  /** The process id of what was started (on Node, the service's own process). */
  readonly pid: number
}

export interface FinishedProcess {
  readonly code: number | null
  readonly output: string
}

/** The node flags and entry point of `npm start` (package.json), run without npm. */
const npmStartArguments = (): Array<string> => {
  const start: string = JSON.parse(readFileSync("package.json", "utf8")).scripts.start
  return start.split(" ").slice(1)
}

/** What `deno task start` (deno.json) runs the service from, its last word. */
const denoStartEntry = (): string => JSON.parse(readFileSync("deno.json", "utf8")).tasks.start.split(" ").at(-1)

const command = (): [string, Array<string>] =>
  runtime === "deno"
    ? ["node_modules/.bin/deno", ["task", "start"]]
    : [process.execPath, npmStartArguments()]

const waitForHealth = async (baseUrl: string, child: ChildProcess, output: () => string) => {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}:\n${output()}`)
    try {
      const response = await fetch(`${baseUrl}/.well-known/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`service did not become healthy:\n${output()}`)
}

export const startService = async (dbPath: string, env: Record<string, string> = {}): Promise<RunningService> => {
  const [file, args] = command()
  return startProcess(file, args, dbPath, { ...await libraryEnv(dbPath), ...env })
}

/** Starts the service as a user does, `npm start` in the checkout (npm, the build check, a shell, the service). */
export const startWithNpm = async (dbPath: string, env: Record<string, string> = {}): Promise<RunningService> =>
  startProcess("npm", ["start"], dbPath, { ...await libraryEnv(dbPath), ...env })

/** Whether a process runs (or is a zombie not yet reaped). */
export const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Starts the service expecting it to fail to start: resolves with its exit code and output once it exits. */
export const runUntilExit = async (dbPath: string, env: Record<string, string> = {}): Promise<FinishedProcess> => {
  const [file, args] = command()
  const { child, output } = await spawnOnFreePort(file, args, dbPath, { ...await libraryEnv(dbPath), ...env }, false)
  const [code] = await once(child, "exit")
  return { code, output: output() }
}

/** A child on a free loopback port with `DB_PATH`, its stdout and stderr collected together. */
const spawnOnFreePort = async (
  file: string,
  args: ReadonlyArray<string>,
  dbPath: string,
  env: Record<string, string>,
  detached: boolean
) => {
  const port = await freePort()
  const child = spawn(file, args, {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DB_PATH: dbPath, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached
  })
  let log = ""
  child.stdout?.on("data", (chunk) => (log += chunk))
  child.stderr?.on("data", (chunk) => (log += chunk))
  return { child, port, output: () => log }
}

export const startProcess = async (
  file: string,
  args: ReadonlyArray<string>,
  dbPath: string,
  env: Record<string, string> = {}
): Promise<RunningService> => {
  // A process group of its own, so that a kill also stops what `deno task` started. SIGTERM goes to the process we
  // started, as a process manager sends it (`deno task` passes it on); a signal that reaches the service twice, as a
  // terminal's Ctrl-C does through npm or deno task, has its own test (lifecycle.test.ts).
  const { child, port, output } = await spawnOnFreePort(file, args, dbPath, env, true)
  const baseUrl = `http://127.0.0.1:${port}`
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
    const exited = once(child, "exit")
    process.kill(name === "SIGKILL" ? -child.pid : child.pid, name)
    const timeout = new Promise((resolve) => setTimeout(resolve, 10_000, "timeout"))
    if ((await Promise.race([exited, timeout])) === "timeout") {
      process.kill(-child.pid, "SIGKILL")
      await exited
    }
  }
  const exited = once(child, "exit").then(([code]) => code as number | null)
  await waitForHealth(baseUrl, child, output)
  return {
    baseUrl,
    output,
    stop: () => signal("SIGTERM"),
    kill: () => signal("SIGKILL"),
    terminate: () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, "SIGTERM")
    },
    exited,
    pid: child.pid ?? -1
  }
}

/**
 * Starts the service as a user does: `npm start` in the checkout (npm, the build check, a shell, the service) on
 * Node, `deno task start` on Deno.
 */
export const startAsUser = (dbPath: string, env: Record<string, string> = {}): Promise<RunningService> =>
  runtime === "deno" ? startService(dbPath, env) : startWithNpm(dbPath, env)

/**
 * The service's own process under what started it: the descendant node running the start script under `npm start`
 * (npm, a shell, then node), the descendant deno running the service under `deno task start`; the process itself
 * when it is the service.
 */
export const serviceUnder = (pid: number): number => {
  const parents = new Map<number, number>()
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // `pid (name) state ppid …`: the name may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8")
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]))
    } catch {
      // gone meanwhile
    }
  }
  const descendants = [pid]
  for (let i = 0; i < descendants.length; i++) {
    for (const [child, parent] of parents) if (parent === descendants[i]) descendants.push(child)
  }
  // The runtime running the entry point, not a shell whose command line names it too, nor `deno task` itself.
  const script = npmStartArguments().at(-1)!
  const entry = denoStartEntry()
  const service = descendants.find((p) => {
    try {
      const [program, ...args] = readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0")
      return (/(^|\/)node$/.test(program) && args.includes(script)) ||
        (/(^|\/)deno$/.test(program) && args[0] === "run" && args.includes(entry))
    } catch {
      return false
    }
  })
  if (service === undefined) throw new Error(`no service under process ${pid}`)
  return service
}
