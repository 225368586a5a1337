/**
 * Importing snippets from other tools (GitHub Gists, VS Code, massCode, Pieces, a folder of source files): this
 * service's own operation, used by the library page and `npm run import -- --from KIND PATH`.
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import { ImportReport, ImportRequest } from "../imports/ImportReport.ts"
import { InvalidRequest } from "./Errors.ts"

export class LibraryImportApi extends HttpApiGroup.make("libraryImport")
  .add(
    HttpApiEndpoint.post("libraryImport", "/library/import")
      .setPayload(ImportRequest)
      .addSuccess(ImportReport)
      .addError(InvalidRequest)
  )
{}
