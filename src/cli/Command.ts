/**
 * The `snippet-library` command's subcommands but `start` (which `bin/snippet-library.mjs` runs itself, so that the
 * service starts with its runtime settings): `stop`, `status`, `add`, `search`, `import`, `export`, `service`, and
 * `--help` on each. Every one that talks to the service finds it by itself (`ServiceAddress`). Exit codes: 0 done, 1
 * refused or failed, 3 the service is not running.
 */
import { readFileSync } from "node:fs"
import { basename } from "node:path"
import { languageNamed } from "../domain/LanguageNames.ts"
import { APP_NAME } from "../app/AppFolders.ts"
import { runningRecord, serviceUrl } from "./ServiceAddress.ts"
import { serviceCommand } from "./StartAtLogin.ts"
import { transfer } from "./Transfer.ts"

export { serviceUrl } from "./ServiceAddress.ts"

export const NOT_RUNNING = 3

const HELP: Record<string, string> = {
  "": `Usage: ${APP_NAME} COMMAND [options]

Your code snippets, for your editors and AI assistants, on this machine.

Commands:
  start                      run the service here, in the foreground (Ctrl-C stops it)
  stop                       stop the running service
  status                     whether it runs: its address, database, version and uptime
  add FILE|-                 save a snippet from a file, or from standard input (-)
  search QUERY               search your snippets (fuzzy: typos are fine)
  import --from KIND PATH    bring snippets from gist, vscode, masscode, pieces or files
  export --to FORMAT DEST    write your snippets as markdown (a massCode vault) or a vscode snippets file
  service install|uninstall|status
                             start the service when you log in (systemd, launchd, or a scheduled task)

Run ${APP_NAME} COMMAND --help for a command's options. The library page is at the address \`status\` shows.`,
  start: `Usage: ${APP_NAME} start [--port N] [--host ADDRESS] [--db PATH]

Runs the service in the foreground until Ctrl-C (or \`${APP_NAME} stop\`). Options override the configuration
(the environment, then the configuration file).`,
  stop: `Usage: ${APP_NAME} stop

Stops the running service (it finishes the requests it is answering first). Exits with 3 when none runs.`,
  status: `Usage: ${APP_NAME} status [--json]

Says whether the service runs, and where: its address, library page, MCP address, database, version and uptime.
Exits with 0 when it runs, 3 when it does not.`,
  add: `Usage: ${APP_NAME} add FILE|- [--name NAME] [--tags a,b] [--language LANGUAGE]

Saves a snippet: the file's text, or standard input with -. Without --language the service detects it (a file's
extension counts); without --name it names the snippet from the file's name or the code.`,
  search: `Usage: ${APP_NAME} search QUERY [--limit N] [--json]

Searches your snippets as the library page does (fuzzy: typos in names and words are fine), best first: a few
lines of each. --json prints the service's answer for scripts.`,
  import: `Usage: ${APP_NAME} import --from gist|vscode|masscode|pieces|files PATH [--dry-run]

Brings snippets from another tool; --dry-run shows what would come in and writes nothing.`,
  export: `Usage: ${APP_NAME} export --to markdown DIR | --to vscode FILE

Writes every snippet out: as a massCode vault of Markdown files (DIR), or as one VS Code .code-snippets file.`,
  service: `Usage: ${APP_NAME} service install|uninstall|status [--dry-run]

install     starts the service whenever you log in (Linux: a systemd user unit; macOS: a launchd agent; Windows: a
            scheduled task at logon), and now. Installing again changes nothing.
uninstall   stops it and removes what install wrote; your snippets stay.
status      whether it is installed, and whether it runs.
--dry-run   prints what would be written and run, and does nothing.`
}

const say = (text: string) => process.stdout.write(`${text}\n`)
const fail = (text: string, code = 1): never => {
  process.stderr.write(`${text}\n`)
  process.exit(code)
}

/** The value after `--name`, if given. */
const optionOf = (args: ReadonlyArray<string>, name: string) => {
  const at = args.indexOf(name)
  if (at < 0) return undefined
  const value = args[at + 1]
  if (value === undefined || value.startsWith("--")) fail(`${name} needs a value`)
  return value
}

/** The arguments that are not options or their values. */
const positionals = (args: ReadonlyArray<string>, withValues: ReadonlyArray<string>) =>
  args.filter((arg, at) => (arg === "-" || !arg.startsWith("--")) && !withValues.includes(args[at - 1] ?? ""))

const unreachable = (url: string) =>
  fail(`The service does not answer at ${url}: start it with \`${APP_NAME} start\` (or \`${APP_NAME} service install\`)`, NOT_RUNNING)

/** A request to the running service; its JSON answer. */
const call = async (method: string, path: string, body?: unknown) => {
  const url = serviceUrl()
  const response = await fetch(`${url}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
  }).catch(() => unreachable(url))
  const text = await response.text()
  const json = text === "" ? undefined : JSON.parse(text)
  if (!response.ok) fail(`The service refused it (${response.status}): ${json?.message ?? text}`)
  return json
}

const uptime = (started: string) => {
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(started)) / 1000))
  const parts = [[Math.floor(seconds / 86400), "d"], [Math.floor(seconds / 3600) % 24, "h"], [Math.floor(seconds / 60) % 60, "min"]]
    .filter(([value]) => (value as number) > 0).map(([value, unit]) => `${value} ${unit}`)
  return parts.length === 0 ? `${seconds} s` : parts.join(" ")
}

const status = async (args: ReadonlyArray<string>) => {
  const record = runningRecord()
  const url = serviceUrl()
  const health = await fetch(`${url}/.well-known/health`).then((response) => response.ok, () => false)
  if (!health) {
    if (args.includes("--json")) say(JSON.stringify({ running: false, url }))
    else say(`Not running (nothing answers at ${url}). Start it with \`${APP_NAME} start\`.`)
    process.exit(NOT_RUNNING)
  }
  // The Pieces OS version the service answers as, which Pieces clients check.
  const api = await fetch(`${url}/.well-known/version`).then((response) => response.text(), () => "")
  const own = record !== undefined && record.url === url ? record : undefined
  const facts = {
    running: true,
    url,
    page: `${url}/`,
    mcp: `${url}/mcp`,
    ...(own === undefined ? {} : { pid: own.pid, database: own.database, version: own.version, started: own.started }),
    pieces_os_api: api.trim()
  }
  if (args.includes("--json")) return say(JSON.stringify(facts))
  say(`Running at ${url}${"pid" in facts ? ` (pid ${facts.pid})` : ""}`)
  say(`  library page  ${facts.page}`)
  say(`  MCP           ${facts.mcp}`)
  if ("database" in facts) say(`  database      ${facts.database}`)
  say(`  version       ${"version" in facts ? `${facts.version} ` : ""}(Pieces OS API ${facts.pieces_os_api})`)
  if ("started" in facts) say(`  up            ${uptime(facts.started!)}`)
}

const stop = async () => {
  const record = runningRecord()
  if (record === undefined) {
    const url = serviceUrl()
    const answers = await fetch(`${url}/.well-known/health`).then((response) => response.ok, () => false)
    fail(answers
      ? `A service answers at ${url}, but left no record of itself here: stop it where it was started`
      : "The service is not running", NOT_RUNNING)
  }
  process.kill(record!.pid, "SIGTERM")
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (runningRecord() === undefined) return say(`Stopped the service at ${record!.url} (pid ${record!.pid})`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  fail(`The service (pid ${record!.pid}) is still stopping after 30 s`)
}

const readStdin = async () => {
  const chunks: Array<Buffer> = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString("utf8")
}

const add = async (args: ReadonlyArray<string>) => {
  const [source] = positionals(args, ["--name", "--tags", "--language"])
  if (source === undefined) fail(HELP.add)
  let code: string
  try {
    code = source === "-" ? await readStdin() : readFileSync(source!, "utf8")
  } catch (error) {
    return fail(`Cannot read ${source}: ${(error as Error).message}`)
  }
  if (code.trim() === "") fail(`${source === "-" ? "Standard input" : source} holds no code`)
  const languageGiven = optionOf(args, "--language")
  const fromName = source === "-" ? undefined : languageNamed(source!.split(".").pop() ?? "")
  const language = languageGiven === undefined ? fromName : languageNamed(languageGiven)
  if (languageGiven !== undefined && language === undefined) {
    fail(`Unknown language ${languageGiven}: name it ("python") or give its extension ("py")`)
  }
  const name = optionOf(args, "--name") ?? (source === "-" ? undefined : basename(source!))
  const tags = (optionOf(args, "--tags") ?? "").split(",").map((tag) => tag.trim()).filter((tag) => tag !== "")
  const asset = await call("POST", "/assets/create", {
    type: "SEEDED_ASSET",
    asset: {
      application: { name: "OPEN_SOURCE", version: APP_NAME, platform: "UNKNOWN" },
      format: { fragment: { string: { raw: code }, ...(language === undefined ? {} : { metadata: { ext: language } }) } },
      metadata: { ...(name === undefined ? {} : { name }), tags: tags.map((text) => ({ text })) }
    }
  })
  const saved = asset.formats.iterable[0]?.classification?.specific
  say(`Saved “${asset.name}” (${saved ?? "text"}) as ${asset.id}`)
}

const search = async (args: ReadonlyArray<string>) => {
  const query = positionals(args, ["--limit"]).join(" ")
  if (query.trim() === "") fail(HELP.search)
  const limit = Number(optionOf(args, "--limit") ?? 10)
  if (!Number.isInteger(limit) || limit < 1) fail("--limit is a whole number from 1")
  const answer = await call("GET", `/assets/search?query=${encodeURIComponent(query)}&transferables=true`)
  const hits = (answer.iterable as Array<{ asset?: any; identifier: string; score: number }>).slice(0, limit)
  if (args.includes("--json")) return say(JSON.stringify({ ...answer, iterable: hits }))
  if (hits.length === 0) return say(`Nothing matches “${query}”`)
  for (const { asset } of hits) {
    const format = asset.formats.iterable.find((candidate: any) => candidate.id === asset.original.id) ?? asset.formats.iterable[0]
    const tags = (asset.tags?.iterable ?? []).map((tag: { text: string }) => `#${tag.text}`).join(" ")
    say(`${asset.name ?? "Untitled"}  ${format?.classification?.specific ?? ""}  ${tags}  ${asset.id}`.trimEnd())
    const lines = (format?.fragment?.string?.raw ?? "").split("\n").filter((line: string) => line.trim() !== "").slice(0, 3)
    for (const line of lines) say(`    ${line.length > 100 ? `${line.slice(0, 99)}…` : line}`)
  }
}

/** Runs the subcommand `args[0]` with the rest of `args`. */
export const runCommand = async (args: ReadonlyArray<string>) => {
  const [command = "", ...rest] = args
  if (command === "--help" || command === "-h" || command === "help" || command === "") return say(HELP[""])
  if (HELP[command] === undefined) fail(`Unknown command ${command}.\n\n${HELP[""]}`)
  if (rest.includes("--help") || rest.includes("-h")) return say(HELP[command])
  switch (command) {
    case "status":
      return status(rest)
    case "stop":
      return stop()
    case "add":
      return add(rest)
    case "search":
      return search(rest)
    case "import":
    case "export":
      if (optionOf(rest, command === "import" ? "--from" : "--to") === undefined) fail(HELP[command])
      process.env.SERVICE_URL = serviceUrl()
      return transfer(command, rest)
    case "service":
      return serviceCommand(rest, HELP.service)
  }
}
