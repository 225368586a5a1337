/** Imports: files read by their importer here, or snippets an importer read in `npm run import`. */
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect, Layer } from "effect"
import { Api } from "../api/Api.ts"
import { InvalidRequest } from "../domain/Errors.ts"
import { readImport } from "../imports/Importers.ts"
import { LibraryImport } from "../services/LibraryImport.ts"

export const LibraryImportHttpLive = HttpApiBuilder.group(Api, "libraryImport", (handlers) =>
  Effect.gen(function*() {
    const imports = yield* LibraryImport
    return handlers.handle("libraryImport", ({ payload }) => {
      if ((payload.files === undefined) === (payload.snippets === undefined)) {
        return Effect.fail(
          new InvalidRequest({ message: "An import needs exactly one of files (to read) or snippets (already read)" })
        )
      }
      const reading = payload.files !== undefined
        ? readImport(payload.kind, payload.files)
        : { snippets: payload.snippets ?? [], problems: [], skipped: [] }
      return imports.run(payload.kind, reading, payload.dry_run)
    })
  })).pipe(
  Layer.provide([LibraryImport.layer])
)
