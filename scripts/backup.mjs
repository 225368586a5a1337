/**
 * `npm run export -- FILE` and `npm run import -- FILE`: the whole library to a backup file and back, through the
 * running service (`GET /database/export`, `POST /database/import`), streamed both ways with progress on stderr.
 * The running service is found by itself, as the command finds it (`src/cli/ServiceAddress.ts`): SERVICE_URL, else the
 * address it recorded, else its configuration's HOST and PORT.
 */
import { createReadStream, createWriteStream, existsSync, renameSync, statSync, unlinkSync } from "node:fs"
import { request } from "node:http"

const [command, file, ...rest] = process.argv.slice(2)

// `--from KIND PATH` and `--to FORMAT PATH`: snippets from and to other tools, by the built `src/cli/Transfer.ts`.
if ((command === "import" || command === "export") && [file, ...rest].some((arg) => arg === "--from" || arg === "--to")) {
  const { transfer } = await import("../dist/cli/Transfer.js")
  await transfer(command, [file, ...rest])
  process.exit(0)
}
const { serviceUrl } = await import("../dist/cli/Command.js")
const base = serviceUrl()
const MB = 1024 * 1024

const fail = (message) => {
  process.stderr.write(`\n${message}\n`)
  process.exit(1)
}

if ((command !== "export" && command !== "import") || file === undefined) {
  fail("Usage: npm run export -- FILE | npm run import -- FILE")
}

const unreachable = (error) =>
  fail(`The service does not answer at ${base} (${error.code ?? error.message}): start it with npm start`)

const show = (text) => process.stderr.write(`\r${text}`)

if (command === "export") {
  // Written beside the target and renamed at the end: an export cut short leaves no file that looks whole.
  const partial = `${file}.partial`
  const out = createWriteStream(partial)
  request(`${base}/database/export`, (response) => {
    if (response.statusCode !== 200) fail(`The service answered ${response.statusCode}`)
    let bytes = 0
    let assets = 0
    let tail = ""
    response.on("data", (chunk) => {
      bytes += chunk.length
      const text = tail + chunk.toString("utf8")
      const lines = text.split("\n")
      tail = lines.pop()
      assets += lines.filter((line) => line.startsWith("{\"asset\"")).length
      show(`exported ${assets.toLocaleString("en")} assets, ${(bytes / MB).toFixed(1)} MB`)
    })
    response.pipe(out)
    out.on("finish", () => {
      if (!response.complete) {
        unlinkSync(partial)
        fail("The export broke off; nothing was written")
      }
      renameSync(partial, file)
      process.stderr.write(`\nwrote ${file}\n`)
    })
  }).on("error", unreachable).end()
} else {
  if (!existsSync(file)) fail(`No such file: ${file}`)
  const size = statSync(file).size
  const upload = request(`${base}/database/import`, {
    method: "POST",
    headers: { "content-type": "application/x-ndjson", "content-length": String(size) }
  }, (response) => {
    let body = ""
    response.on("data", (chunk) => (body += chunk))
    response.on("end", () => {
      if (response.statusCode !== 200) {
        let message = body
        try {
          message = JSON.parse(body).message
        } catch {
          // not JSON: shown as it came
        }
        fail(`Refused (${response.statusCode}): ${message}; nothing was imported`)
      }
      const { imported, kept } = JSON.parse(body)
      process.stderr.write(
        `\nimported ${imported.assets} assets, ${imported.metadata} tags, websites and annotations, ` +
          `${imported.applications} applications, ${imported.revisions} revisions, ${imported.proposals} proposals; ` +
          `kept as the library had them (ids it already held): ` +
          `${kept.assets} assets, ${kept.metadata} entities, ${kept.applications} applications\n`
      )
    })
  })
  upload.on("error", unreachable)
  let sent = 0
  const source = createReadStream(file)
  source.on("data", (chunk) => {
    sent += chunk.length
    show(sent < size ? `sent ${(sent / MB).toFixed(1)} of ${(size / MB).toFixed(1)} MB` : "sent; the service is checking and importing...")
  })
  source.pipe(upload)
}
