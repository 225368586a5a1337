/**
 * The service as an installed application, end to end: a package made by `npm pack`, installed with `npm install -g`
 * into a temporary prefix, run with a temporary HOME. Its command's help; `start` and the first lines it prints; the
 * library under HOME, never in the package; `add`, `search`, `import` and `export` finding the running service by
 * themselves; `status` and `stop`; the configuration file and the environment over it; `service install` as dry runs
 * for each platform; and every start that fails exiting with its code and one line, leaving nothing it created.
 * The command runs on Node (the service inside runs on both); on SQLite and on PostgreSQL.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process"
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { databaseFor, engine, freePort, runtime } from "./ServiceProcess.ts"

const MB = 1024 * 1024

describe.skipIf(runtime === "deno")(`the installed command (node, ${engine})`, () => {
  const root = mkdtempSync(join(tmpdir(), "app-e2e-"))
  const home = join(root, "home")
  const prefix = join(root, "prefix")
  const command = join(prefix, "bin", "snippet-library")
  const data = join(home, ".local", "share", "snippet-library")
  const configFile = join(home, ".config", "snippet-library", "config.json")
  let tarball = ""
  let port = 0
  let engineEnv: Record<string, string> = {}
  const started: Array<ReturnType<typeof spawn>> = []

  /** The environment the command runs in: a HOME of its own, this Node first on the PATH. */
  const env = (extra: Record<string, string> = {}) => ({
    PATH: `${join(process.execPath, "..")}:${process.env.PATH ?? ""}`,
    HOME: home,
    ...engineEnv,
    ...extra
  })

  const run = (args: ReadonlyArray<string>, extra: Record<string, string> = {}, input?: string) => {
    const result = spawnSync(command, args, { env: env(extra), encoding: "utf8", input, timeout: 60_000 })
    return { code: result.status, out: result.stdout, err: result.stderr }
  }

  /** Starts the service with the command; resolves with its first lines once it listens. */
  const start = (args: ReadonlyArray<string>, extra: Record<string, string> = {}) =>
    new Promise<{ output: () => string; exited: Promise<number | null> }>((resolve, reject) => {
      const child = spawn(command, ["start", ...args], { env: env(extra) })
      started.push(child)
      let output = ""
      const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)))
      for (const stream of [child.stdout, child.stderr]) {
        stream.on("data", (chunk: Buffer) => {
          output += chunk.toString()
          if (/Stop with/.test(output)) resolve({ output: () => output, exited })
        })
      }
      exited.then((code) => reject(new Error(`exited with ${code}:\n${output}`)))
    })

  beforeAll(async () => {
    mkdirSync(home, { recursive: true })
    // Packed as published, from the build the suites run (`npm pack` would build again under running suites).
    const packed = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", root], { encoding: "utf8" })
    tarball = join(root, JSON.parse(packed)[0].filename)
    // With the user's npm configuration (the registry it uses), into the temporary prefix.
    execFileSync("npm", ["install", "-g", "--no-audit", "--no-fund", "--prefix", prefix, tarball], {
      env: { ...process.env, ...env() },
      stdio: "ignore"
    })
    port = await freePort()
    if (engine === "pg") engineEnv = { DATABASE_URL: await databaseFor(join(root, "team.db")) }
  }, 180_000)
  afterAll(() => {
    for (const child of started) child.kill("SIGKILL")
    rmSync(root, { recursive: true, force: true })
  })

  it("is a package of at most 15 MB that installs a command with help for it and each subcommand", () => {
    expect(statSync(tarball).size).toBeLessThan(15 * MB)
    const help = run(["--help"])
    expect(help.code).toBe(0)
    for (const subcommand of ["start", "stop", "status", "add", "search", "import", "export", "service"]) {
      expect(help.out).toContain(subcommand)
      const own = run([subcommand, "--help"])
      expect(own.code, subcommand).toBe(0)
      expect(own.out, subcommand).toMatch(new RegExp(`^Usage: snippet-library ${subcommand}`))
    }
    expect(run(["frobnicate"]).code).toBe(1)
  })

  it("says when the service is not running: status and stop exit non-zero", () => {
    expect(run(["status"]).code).toBe(3)
    const stopped = run(["stop"])
    expect(stopped.code).toBe(3)
    expect(stopped.err).toMatch(/not running/)
  })

  it("starts in the foreground: the first lines name the page, MCP, the database under HOME, and how to stop", async () => {
    const service = await start(["--port", String(port)])
    const lines = service.output().split("\n").filter((line) => line.trim() !== "").slice(0, 4).join("\n")
    expect(lines).toContain(`http://127.0.0.1:${port}/`)
    expect(lines).toContain(`http://127.0.0.1:${port}/mcp`)
    expect(lines).toMatch(/Stop with Ctrl-C, or: snippet-library stop/)
    if (engine === "sqlite") {
      expect(lines).toContain(join(data, "assets.db"))
      expect(existsSync(join(data, "assets.db"))).toBe(true)
    }
    const installed = join(prefix, "lib", "node_modules", "snippet-library")
    expect(readdirSync(installed).filter((name) => name === "data" || name.endsWith(".db"))).toEqual([])
  })

  it("adds, searches, imports and exports without being told the port", () => {
    const file = join(root, "greet.py")
    writeFileSync(file, "def greet(name):\n    return f'hello {name}'\n")
    const added = run(["add", file, "--tags", "demo,cli"])
    expect(added.code, added.err).toBe(0)
    expect(added.out).toMatch(/Saved “greet\.py” \(py\)/)
    const piped = run(["add", "-", "--name", "active users", "--language", "sql"], {}, "SELECT * FROM users WHERE active = 1;\n")
    expect(piped.out).toMatch(/Saved “active users” \(sql\)/)
    expect(run(["add", join(root, "missing.py")]).code).toBe(1)

    const found = run(["search", "gret"])
    expect(found.code).toBe(0)
    expect(found.out).toMatch(/greet\.py\s+py\s+#demo #cli/)
    expect(found.out).toContain("    def greet(name):")
    const json = JSON.parse(run(["search", "active", "--json"]).out)
    expect(json.iterable[0].asset.name).toBe("active users")

    const snippets = join(root, "all.code-snippets")
    expect(run(["export", "--to", "vscode", snippets]).code).toBe(0)
    const preview = run(["import", "--from", "vscode", snippets, "--dry-run"])
    expect(preview.code).toBe(0)
    expect(JSON.parse(preview.out.trim().split("\n").at(-1)!)).toMatchObject({ read: 2, new: 2, imported: 0 })
  })

  it("tells its status, and stops; then a second stop says it is not running", async () => {
    const status = run(["status"])
    expect(status.code).toBe(0)
    expect(status.out).toMatch(new RegExp(`Running at http://127\\.0\\.0\\.1:${port} \\(pid \\d+\\)`))
    expect(status.out).toMatch(/up\s+\d+ s/)
    const facts = JSON.parse(run(["status", "--json"]).out)
    expect(facts).toMatchObject({ running: true, page: `http://127.0.0.1:${port}/`, version: "0.2.0" })
    const stopped = run(["stop"])
    expect(stopped.code).toBe(0)
    expect(stopped.out).toMatch(/Stopped the service/)
    expect(run(["status"]).code).toBe(3)
    expect(run(["stop"]).code).toBe(3)
  })

  it("reads the configuration file, the environment over it; a bad value is refused naming the file and the key", async () => {
    mkdirSync(join(configFile, ".."), { recursive: true })
    const filePort = await freePort()
    writeFileSync(configFile, JSON.stringify({ PORT: filePort, ASSISTANT_EDITS: "propose" }))
    const fromFile = await start([])
    expect(fromFile.output()).toContain(`http://127.0.0.1:${filePort}/`)
    expect(run(["status"]).out).toContain(`:${filePort}`)
    expect(run(["stop"]).code).toBe(0)
    await fromFile.exited

    const envPort = await freePort()
    const fromEnv = await start([], { PORT: String(envPort) })
    expect(fromEnv.output()).toContain(`http://127.0.0.1:${envPort}/`)
    expect(run(["stop"], { PORT: String(envPort) }).code).toBe(0)
    await fromEnv.exited

    writeFileSync(configFile, JSON.stringify({ PORT: filePort, TRASH_DAYS: "soon" }))
    const bad = run(["start"])
    expect(bad.code).toBe(2)
    expect(bad.out + bad.err).toContain(`in ${configFile}: TRASH_DAYS`)
    writeFileSync(configFile, JSON.stringify({ PORT: filePort, COLOUR: "blue" }))
    const unknown = run(["start"])
    expect(unknown.code).toBe(2)
    expect(unknown.out + unknown.err).toMatch(/COLOUR is no setting; the settings are PORT, HOST/)
    rmSync(configFile)
  }, 60_000)

  it("starts at login: the systemd unit, the launchd agent and the scheduled task, as dry runs that write nothing", () => {
    const unit = run(["service", "install", "--dry-run"])
    expect(unit.code).toBe(0)
    expect(unit.out).toContain(join(home, ".config", "systemd", "user", "snippet-library.service"))
    expect(unit.out).toMatch(/ExecStart=\S+ \S+snippet-library\.mjs start/)
    expect(unit.out).toContain("Restart=on-failure")
    expect(unit.out).toContain("WantedBy=default.target")
    expect(unit.out).toContain("systemctl --user enable --now snippet-library.service")
    const agent = run(["service", "install", "--dry-run", "--platform", "darwin"])
    expect(agent.out).toContain(join(home, "Library", "LaunchAgents", "io.github.snippet-library.plist"))
    expect(agent.out).toContain("<key>RunAtLoad</key>")
    const task = run(["service", "install", "--dry-run", "--platform", "win32"])
    expect(task.out).toMatch(/schtasks \/Create \/TN snippet-library \/SC ONLOGON/)
    expect(run(["service", "uninstall", "--dry-run"]).out).toMatch(/Your snippets stay/)
    expect(existsSync(join(home, ".config", "systemd"))).toBe(false)
    expect(existsSync(join(home, "Library"))).toBe(false)
    expect(run(["service", "install", "--platform", "darwin"]).code).toBe(1)
  })

  describe.skipIf(engine !== "sqlite")("a start that fails exits with its code and one line, and leaves nothing it created", () => {
    const nothingUnder = (folder: string) => !existsSync(folder) || readdirSync(folder).length === 0

    it("a port in use: 4", async () => {
      const taken = createServer()
      await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve))
      const busy = (taken.address() as { port: number }).port
      const folder = join(root, "port-in-use")
      const failed = run(["start", "--port", String(busy), "--db", join(folder, "library", "assets.db")])
      taken.close()
      expect(failed.code).toBe(4)
      expect(failed.out + failed.err).toMatch(/port is in use .*set PORT to another one/)
      expect(existsSync(folder)).toBe(false)
    })

    it("a database another instance holds: 3, its files left as they were", async () => {
      const database = join(root, "held", "assets.db")
      const first = await start(["--port", String(await freePort()), "--db", database])
      const before = readdirSync(join(root, "held")).sort()
      const failed = run(["start", "--port", String(await freePort()), "--db", database])
      expect(failed.code).toBe(3)
      expect(failed.out + failed.err).toMatch(/Another instance of this service is using the database/)
      expect(readdirSync(join(root, "held")).sort()).toEqual(before)
      expect(run(["stop"], { DB_PATH: database }).code).toBe(0)
      await first.exited
    }, 60_000)

    it("a path that cannot be made: 3 within seconds, saying so", () => {
      const began = Date.now()
      const failed = run(["start", "--port", String(port), "--db", "/proc/snippets/library/assets.db"])
      expect(failed.code).toBe(3)
      expect(Date.now() - began).toBeLessThan(15_000)
      expect(failed.out + failed.err).toMatch(/\/proc\/snippets cannot hold folders/)
    })

    it("a folder it may not write: 3, permission denied, naming the folder", () => {
      const readOnly = join(root, "read-only")
      mkdirSync(readOnly)
      chmodSync(readOnly, 0o555)
      chmodSync(root, 0o755)
      const asSomeoneElse = process.getuid?.() === 0 ? ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] : []
      const attempt = (db: string) => {
        const args = [...asSomeoneElse, command, "start", "--port", String(port), "--db", db]
        const result = spawnSync(args[0], args.slice(1), { env: env({ HOME: join(root, "nobody-home") }), encoding: "utf8" })
        return { code: result.status, text: result.stdout + result.stderr }
      }
      const inside = attempt(join(readOnly, "assets.db"))
      expect(inside.code).toBe(3)
      expect(inside.text).toContain(`permission denied: ${readOnly} is not writable`)
      const below = attempt(join(readOnly, "sub", "assets.db"))
      expect(below.code).toBe(3)
      expect(below.text).toContain(`permission denied: ${readOnly} is not writable`)
      expect(nothingUnder(readOnly)).toBe(true)
    })

    it("a database file it cannot read: 3, saying so", () => {
      const folder = join(root, "unreadable")
      mkdirSync(folder)
      writeFileSync(join(folder, "assets.db"), readFileSync(tarball).subarray(0, 4096))
      const failed = run(["start", "--port", String(port), "--db", join(folder, "assets.db")])
      expect(failed.code).toBe(3)
      expect(failed.out + failed.err).toMatch(/not a SQLite database/)
      expect(readdirSync(folder)).toEqual(["assets.db"])
    })
  })
})
