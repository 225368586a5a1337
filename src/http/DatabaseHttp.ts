/**
 * Backup handlers: the export streams as it is read; the import reads the request body as it arrives.
 */
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect, Layer, Stream } from "effect"
import { Api } from "../api/Api.ts"
import { Backup } from "../services/Backup.ts"

export const DatabaseHttpLive = HttpApiBuilder.group(Api, "database", (handlers) =>
  Effect.gen(function*() {
    const backup = yield* Backup
    const encoder = new TextEncoder()
    return handlers
      .handle("databaseExport", () =>
        Effect.succeed(HttpServerResponse.stream(Stream.map(backup.exportLines, (text) => encoder.encode(text)), {
          contentType: "application/x-ndjson",
          headers: { "content-disposition": "attachment; filename=\"assets-backup.ndjson\"" }
        })))
      .handle("databaseImport", () =>
        Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => backup.importFrom(request.stream)))
  })).pipe(
  Layer.provide([Backup.layer])
)
