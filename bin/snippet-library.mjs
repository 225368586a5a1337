#!/usr/bin/env node
/**
 * The `snippet-library` command. `start` runs the service in this process, started again first with its runtime
 * settings (`src/runtime/RuntimeSettings.mjs`); every other subcommand is `dist/cli/Command.js`. Plain JavaScript,
 * so that it can say which Node it needs before loading code that needs it.
 */
const [major, minor] = process.versions.node.split(".").map(Number)
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(`snippet-library needs Node 22.19 or later (24 LTS recommended); this is Node ${process.versions.node}\n`)
  process.exit(1)
}

const [command, ...rest] = process.argv.slice(2)
if (command === "start" && !rest.includes("--help") && !rest.includes("-h")) {
  const option = (name, variable) => {
    const at = rest.indexOf(name)
    if (at >= 0) process.env[variable] = rest[at + 1] ?? ""
  }
  option("--port", "PORT")
  option("--host", "HOST")
  option("--db", "DB_PATH")
  const { restartWithLaunchSettings } = await import("../src/runtime/RuntimeSettings.mjs")
  restartWithLaunchSettings()
  await import("../dist/main.js")
} else {
  const { runCommand } = await import("../dist/cli/Command.js")
  await runCommand(process.argv.slice(2))
}
