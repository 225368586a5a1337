/**
 * A throwaway PostgreSQL cluster for the tests and benchmarks: `initdb` into a temporary folder, `pg_ctl start` on a
 * free loopback port (and a socket in that folder), removed again on `stop`, and also when the process is
 * interrupted. PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user (Debian's
 * packages make it) or else `nobody`. Its binaries come from `PG_BIN`, else the newest `/usr/lib/postgresql/N/bin`
 * (15 or later), else the `PATH`.
 */
import { execFileSync, spawnSync } from "node:child_process"
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { userInfo } from "node:os"
import { tmpdir } from "node:os"
import { join } from "node:path"

export interface ThrowawayPostgres {
  /** A connection string for the `postgres` superuser's database of that name. */
  readonly url: (database?: string) => string
  readonly port: number
  /** Makes an empty database; answers its connection string. */
  readonly createDatabase: (name: string) => string
  /** Runs SQL as the superuser (`psql`), answering what it printed. */
  readonly psql: (sql: string, database?: string) => string
  /** Stops the server (its data kept), as a crash or an outage would: every connection drops. */
  readonly halt: () => void
  /** Starts the halted server again, on the same port. */
  readonly resume: () => void
  readonly stop: () => void
}

/** The folder of PostgreSQL's server binaries (15 or later), or undefined when there is none. */
export const postgresBinaries = (): string | undefined => {
  if (process.env.PG_BIN !== undefined) return process.env.PG_BIN
  const root = "/usr/lib/postgresql"
  if (existsSync(root)) {
    const versions = readdirSync(root).map(Number).filter((version) => version >= 15).sort((a, b) => b - a)
    for (const version of versions) if (existsSync(join(root, String(version), "bin", "initdb"))) return join(root, String(version), "bin")
  }
  const found = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" })
  return found.status === 0 ? join(found.stdout.trim(), "..") : undefined
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

/** The user the cluster runs as: ourselves, or (as root) `postgres` or `nobody`. */
const clusterUser = (): { name: string; uid: number; gid: number } | undefined => {
  if (userInfo().uid !== 0) return undefined
  for (const name of ["postgres", "nobody"]) {
    const id = spawnSync("id", ["-u", name], { encoding: "utf8" })
    const gid = spawnSync("id", ["-g", name], { encoding: "utf8" })
    if (id.status === 0 && gid.status === 0) return { name, uid: Number(id.stdout), gid: Number(gid.stdout) }
  }
  throw new Error("Running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as")
}

/** Settings for `durable: false`: a test cluster need not survive a power cut. */
const FAST = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]

export const startPostgres = async (options: { readonly durable?: boolean } = {}): Promise<ThrowawayPostgres> => {
  const bin = postgresBinaries()
  if (bin === undefined) throw new Error("PostgreSQL 15 or later is not installed (set PG_BIN to its bin folder)")
  const dir = mkdtempSync(join(tmpdir(), "pg-throwaway-"))
  const data = join(dir, "data")
  const user = clusterUser()
  if (user !== undefined) {
    chownSync(dir, user.uid, user.gid)
    chmodSync(dir, 0o700)
  }
  const run = (command: string, args: ReadonlyArray<string>) =>
    user === undefined
      ? execFileSync(join(bin, command), args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
      : execFileSync("setpriv", [
        `--reuid=${user.uid}`,
        `--regid=${user.gid}`,
        "--clear-groups",
        join(bin, command),
        ...args
      ], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], cwd: dir })
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"])
  const port = await freePort()
  const settings = [
    "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200",
    ...(options.durable === true ? [] : FAST)
  ]
  const start = () => run("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-t", "60", "-o", settings.join(" "), "start"])
  start()
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true })
  }
  // Interrupted (Ctrl-C, a killed test run): the cluster goes too.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      stop()
      process.kill(process.pid, signal)
    })
  }
  process.once("exit", stop)
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`
  const psql = (sql: string, database = "postgres") =>
    execFileSync(join(bin, "psql"), ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url(database), "-c", sql], {
      encoding: "utf8"
    })
  return {
    url,
    port,
    psql,
    createDatabase: (name) => {
      psql(`CREATE DATABASE "${name}"`)
      return url(name)
    },
    halt: () => void run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]),
    resume: () => void start(),
    stop
  }
}
