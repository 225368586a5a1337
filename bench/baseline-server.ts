/**
 * The comparison for `npm run bench`: a bare `node:http` + `node:sqlite` server doing the same work as the
 * service for two operations (same table, same rows, same JSON), with none of its framework, validation or
 * preprocessing. It stores the document and indexes its name and code in an FTS5 trigram table, the least a
 * searchable store does. And `GET /bytes/N`: N bytes of JSON, nothing looked up, the least any server answering that
 * much does (`bench:scale`'s floor for search answers). PORT and DB_PATH from the environment.
 */
import { randomUUID } from "node:crypto"
import { createServer } from "node:http"
import { DatabaseSync } from "node:sqlite"
import { buildAsset } from "../src/domain/AssetBuilder.ts"
import { ApplicationId, AssetId, FormatId } from "../src/domain/Common.ts"
import { timestamp } from "../src/domain/Timestamps.ts"

const db = new DatabaseSync(process.env.DB_PATH ?? ":memory:")
db.exec("PRAGMA journal_mode = WAL")
db.exec("PRAGMA synchronous = NORMAL")
db.exec(`CREATE TABLE IF NOT EXISTS assets (
  id TEXT PRIMARY KEY, name TEXT, mechanism TEXT NOT NULL, pseudo INTEGER NOT NULL, created TEXT NOT NULL,
  updated TEXT NOT NULL, deleted TEXT, document TEXT NOT NULL, lean_document TEXT NOT NULL)`)
db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS search USING fts5(id UNINDEXED, name, code, tokenize = 'trigram')")
const select = db.prepare("SELECT document FROM assets WHERE id = ?")
const insert = db.prepare(
  "INSERT INTO assets (id, name, mechanism, pseudo, created, updated, deleted, document, lean_document) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)"
)
const indexed = db.prepare("INSERT INTO search (id, name, code) VALUES (?, ?, ?)")
const creator = randomUUID()
const application = {
  id: ApplicationId.make(randomUUID()),
  name: "VS_CODE" as const,
  version: "1.0.0",
  platform: "LINUX" as const,
  onboarded: false,
  privacy: "OPEN" as const
}

const create = (seed: { asset: { format: { fragment: { string: { raw: string }; metadata: { ext: string } } }; metadata?: { name?: string } } }) => {
  const { raw } = seed.asset.format.fragment.string
  const ext = seed.asset.format.fragment.metadata.ext
  const asset = buildAsset({
    name: seed.asset.metadata?.name ?? "snippet",
    application,
    classification: { generic: "CODE", specific: ext },
    byteLength: Buffer.byteLength(raw),
    fragment: seed.asset.format.fragment,
    metadata: {},
    pseudo: false
  }, { assetId: AssetId.make(randomUUID()), formatId: FormatId.make(randomUUID()), nextId: randomUUID, creator, now: timestamp(new Date()) })
  const document = JSON.stringify(asset)
  const { fragment: _fragment, ...leanFormat } = asset.formats.iterable[0]
  const lean = JSON.stringify({ ...asset, formats: { iterable: [leanFormat] } })
  insert.run(asset.id, asset.name ?? null, asset.mechanism, 0, asset.created.value, asset.updated.value, document, lean)
  indexed.run(asset.id, asset.name ?? null, raw)
  return document
}

/** A JSON string `size` bytes long, made once per size. */
const answers = new Map<number, Buffer>()
const bytesOfJson = (size: number) => {
  let answer = answers.get(size)
  if (answer === undefined) {
    answer = Buffer.from(`"${"x".repeat(Math.max(0, size - 2))}"`)
    answers.set(size, answer)
  }
  return answer
}

const server = createServer((request, response) => {
  const url = request.url ?? "/"
  if (request.method === "GET" && url.startsWith("/assets/")) {
    const row = select.get(url.slice("/assets/".length).split("?")[0])
    response.writeHead(row ? 200 : 404, { "content-type": "application/json" })
    response.end(row ? String(row.document) : "{}")
    return
  }
  if (request.method === "POST" && url.startsWith("/assets/create")) {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      try {
        const document = create(JSON.parse(Buffer.concat(chunks).toString("utf8")))
        response.writeHead(200, { "content-type": "application/json" })
        response.end(document)
      } catch (error) {
        response.writeHead(400, { "content-type": "application/json" })
        response.end(JSON.stringify({ message: String(error) }))
      }
    })
    return
  }
  if (request.method === "GET" && url.startsWith("/bytes/")) {
    response.writeHead(200, { "content-type": "application/json" })
    response.end(bytesOfJson(Number(url.slice("/bytes/".length))))
    return
  }
  if (url === "/.well-known/health") {
    response.writeHead(200, { "content-type": "text/plain" })
    response.end("ok")
    return
  }
  response.writeHead(404)
  response.end()
})
server.listen(Number(process.env.PORT ?? 39399), "127.0.0.1")
