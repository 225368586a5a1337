/**
 * The framework's own ceiling for `npm run bench` and `bench:scale`: the HttpRouter + NodeHttpServer stack the
 * service runs on, configured as the service is (no request logging, no request spans), answering
 * `GET /assets/:asset` with a constant, and `POST /assets/create` with the same constant once it read the request's
 * JSON body. No framework-based service can answer faster, so it shows how much of the gap to the bare baseline is
 * the stack and how much is our own work. The constant is an asset document of the benchmark's size, so the floor
 * writes as many bytes as the others. PORT from the environment.
 */
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { randomUUID } from "node:crypto"
import { createServer } from "node:http"
import { buildAsset } from "../src/domain/AssetBuilder.ts"
import { ApplicationId, AssetId, FormatId } from "../src/domain/Common.ts"
import { timestamp } from "../src/domain/Timestamps.ts"

const raw = `export function handler1(request: Request): Response {\n  const url = new URL(request.url)\n  if (url.pathname === "/item/1") {\n    return new Response(JSON.stringify({ id: 1, ok: true }))\n  }\n  return new Response("not found", { status: 404 })\n}\n`
const body = JSON.stringify(buildAsset({
  name: "handler1",
  application: {
    id: ApplicationId.make(randomUUID()),
    name: "VS_CODE",
    version: "1.0.0",
    platform: "LINUX",
    onboarded: false,
    privacy: "OPEN"
  },
  classification: { generic: "CODE", specific: "ts" },
  byteLength: raw.length,
  fragment: { string: { raw }, metadata: { ext: "ts" } },
  metadata: {},
  pseudo: false
}, {
  assetId: AssetId.make(randomUUID()),
  formatId: FormatId.make(randomUUID()),
  nextId: randomUUID,
  creator: randomUUID(),
  now: timestamp(new Date())
}))
const answer = HttpServerResponse.text(body, { contentType: "application/json" })
const Routes = Layer.mergeAll(
  HttpRouter.add("GET", "/assets/:asset", answer),
  HttpRouter.add(
    "POST",
    "/assets/create",
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => Effect.as(request.json, answer))
  ),
  HttpRouter.add("GET", "/.well-known/health", HttpServerResponse.text("ok"))
)

HttpRouter.serve(Routes, { disableLogger: true, disableListenLog: true }).pipe(
  Layer.provide(NodeHttpServer.layer(createServer, { port: Number(process.env.PORT ?? 39398), host: "127.0.0.1" })),
  Layer.launch,
  Effect.withTracerEnabled(false),
  NodeRuntime.runMain
)
