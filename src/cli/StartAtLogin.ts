/**
 * `snippet-library service install|uninstall|status [--dry-run]`: the service started whenever the user logs in, by
 * what the platform uses for that: a systemd user unit on Linux (`WantedBy=default.target`, restarted on failure),
 * a launchd agent on macOS (kept alive unless it exits cleanly), a scheduled task at logon on Windows. `--dry-run`
 * prints the file and the commands and does nothing; `--platform linux|darwin|win32` shows another platform's.
 * Installing what is installed already changes nothing; uninstalling leaves the library's data where it is.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { homedir } from "node:os"
import { dirname, join } from "node:path"
import { APP_NAME, appFolders, installedAt } from "../app/AppFolders.ts"
import { serviceUrl } from "./ServiceAddress.ts"

const LAUNCHD_LABEL = `io.github.${APP_NAME}`

/** What starts the service: this Node, this copy's command, `start`. */
const startCommand = () => [process.execPath, join(installedAt, "bin", `${APP_NAME}.mjs`), "start"]

interface Plan {
  /** The file install writes, and what it holds (Windows keeps its task itself: none). */
  readonly file?: { readonly path: string; readonly text: string }
  readonly install: ReadonlyArray<ReadonlyArray<string>>
  readonly uninstall: ReadonlyArray<ReadonlyArray<string>>
  /** A command whose success says the service is set to start at login. */
  readonly installedCheck: ReadonlyArray<string>
}

const quoted = (arg: string) => /^[\w@%+=:,./-]+$/.test(arg) ? arg : `"${arg.replaceAll("\\", "\\\\").replaceAll("\"", "\\\"")}"`

const planFor = (platform: string, home: string): Plan => {
  const command = startCommand()
  if (platform === "darwin") {
    const path = join(home, "Library", "LaunchAgents", `${LAUNCHD_LABEL}.plist`)
    const args = command.map((arg) => `    <string>${arg.replaceAll("&", "&amp;").replaceAll("<", "&lt;")}</string>`)
    const logs = join(appFolders("darwin", process.env, home).data, "service.log")
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>${LAUNCHD_LABEL}</string>
  <key>ProgramArguments</key>
  <array>
${args.join("\n")}
  </array>
  <key>RunAtLoad</key>
  <true/>
  <key>KeepAlive</key>
  <dict>
    <key>SuccessfulExit</key>
    <false/>
  </dict>
  <key>StandardOutPath</key>
  <string>${logs}</string>
  <key>StandardErrorPath</key>
  <string>${logs}</string>
</dict>
</plist>
`
    const domain = `gui/${process.getuid?.() ?? 501}`
    return {
      file: { path, text },
      install: [["launchctl", "bootstrap", domain, path]],
      uninstall: [["launchctl", "bootout", `${domain}/${LAUNCHD_LABEL}`]],
      installedCheck: ["launchctl", "print", `${domain}/${LAUNCHD_LABEL}`]
    }
  }
  if (platform === "win32") {
    const run = command.map(quoted).join(" ")
    return {
      install: [["schtasks", "/Create", "/TN", APP_NAME, "/SC", "ONLOGON", "/TR", run, "/F"], ["schtasks", "/Run", "/TN", APP_NAME]],
      uninstall: [["schtasks", "/End", "/TN", APP_NAME], ["schtasks", "/Delete", "/TN", APP_NAME, "/F"]],
      installedCheck: ["schtasks", "/Query", "/TN", APP_NAME]
    }
  }
  const configHome = process.env.XDG_CONFIG_HOME || join(home, ".config")
  const path = join(configHome, "systemd", "user", `${APP_NAME}.service`)
  const text = `[Unit]
Description=Snippet library: your code snippets for editors and AI assistants
After=network.target

[Service]
ExecStart=${command.map(quoted).join(" ")}
Restart=on-failure

[Install]
WantedBy=default.target
`
  return {
    file: { path, text },
    install: [["systemctl", "--user", "daemon-reload"], ["systemctl", "--user", "enable", "--now", `${APP_NAME}.service`]],
    uninstall: [["systemctl", "--user", "disable", "--now", `${APP_NAME}.service`], ["systemctl", "--user", "daemon-reload"]],
    installedCheck: ["systemctl", "--user", "is-enabled", `${APP_NAME}.service`]
  }
}

const say = (text: string) => process.stdout.write(`${text}\n`)

const run = (command: ReadonlyArray<string>) => {
  try {
    execFileSync(command[0], command.slice(1), { stdio: ["ignore", "ignore", "pipe"] })
    return undefined
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim()
    return stderr || (error as Error).message
  }
}

export const serviceCommand = async (args: ReadonlyArray<string>, usage: string) => {
  const platformAt = args.indexOf("--platform")
  const [action] = args.filter((arg, at) => !arg.startsWith("--") && (platformAt < 0 || at !== platformAt + 1))
  const dryRun = args.includes("--dry-run")
  const platform = platformAt < 0 ? process.platform : args[platformAt + 1] ?? ""
  if (!["linux", "darwin", "win32"].includes(platform)) {
    process.stderr.write(`--platform is linux, darwin or win32${platformAt < 0 ? `; this one (${platform}) is not supported` : ""}\n`)
    process.exit(1)
  }
  if (platformAt >= 0 && platform !== process.platform && !dryRun) {
    process.stderr.write("--platform shows another platform's files: give --dry-run too\n")
    process.exit(1)
  }
  const plan = planFor(platform, process.env.HOME ?? homedir())
  const commands = (list: ReadonlyArray<ReadonlyArray<string>>) => list.map((command) => `  ${command.map(quoted).join(" ")}`)

  if (action === "install") {
    const same = plan.file !== undefined && existsSync(plan.file.path) && readFileSync(plan.file.path, "utf8") === plan.file.text
    if (dryRun) {
      if (plan.file !== undefined) say(`Would write ${plan.file.path}${same ? " (it holds this already)" : ""}:\n\n${plan.file.text}`)
      return say(`Would run:\n${commands(plan.install).join("\n")}`)
    }
    if (same && run(plan.installedCheck) === undefined) return say(`Already installed (${plan.file!.path}): nothing changed`)
    if (plan.file !== undefined) {
      mkdirSync(dirname(plan.file.path), { recursive: true })
      writeFileSync(plan.file.path, plan.file.text)
      say(`Wrote ${plan.file.path}`)
    }
    for (const command of plan.install) {
      const problem = run(command)
      if (problem !== undefined) {
        process.stderr.write(`${command.join(" ")} failed: ${problem}\nRun it yourself, logged in, to finish.\n`)
        process.exit(1)
      }
    }
    return say(`The service starts when you log in, and runs now at ${serviceUrl()}/`)
  }
  if (action === "uninstall") {
    if (dryRun) {
      say(`Would run:\n${commands(plan.uninstall).join("\n")}`)
      if (plan.file !== undefined) say(`Would remove ${plan.file.path}`)
      return say("Your snippets stay where they are.")
    }
    const installed = plan.file === undefined ? run(plan.installedCheck) === undefined : existsSync(plan.file.path)
    if (!installed) return say("Not installed: nothing to remove")
    for (const command of plan.uninstall) run(command)
    if (plan.file !== undefined) rmSync(plan.file.path, { force: true })
    return say(`Removed: the service no longer starts when you log in. Your snippets stay (${appFolders().data}).`)
  }
  if (action === "status") {
    const installed = run(plan.installedCheck) === undefined || (plan.file !== undefined && existsSync(plan.file.path))
    const running = await fetch(`${serviceUrl()}/.well-known/health`).then((response) => response.ok, () => false)
    say(`${installed ? "Installed" : "Not installed"}${plan.file === undefined ? "" : ` (${plan.file.path})`}; ` +
      `${running ? `running at ${serviceUrl()}/` : "not running"}`)
    return
  }
  process.stderr.write(`${usage}\n`)
  process.exit(1)
}
