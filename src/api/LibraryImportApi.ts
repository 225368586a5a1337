/**
 * Importing snippets from other tools (GitHub Gists, VS Code, massCode, Pieces, a folder of source files): this
 * service's own operation, used by the library page and `npm run import -- --from KIND PATH`.
 */
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { ImportReport, ImportRequest } from "../imports/ImportReport.ts"
import { InvalidRequest } from "./Errors.ts"

export class LibraryImportApi extends HttpApiGroup.make("libraryImport")
  .add(
    HttpApiEndpoint.post("libraryImport", "/library/import", {
      payload: ImportRequest,
      success: ImportReport,
      error: InvalidRequest
    })
  )
{}
