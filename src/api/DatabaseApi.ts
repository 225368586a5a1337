/**
 * Backups of the whole library, at the paths of the Pieces OS `DatabaseApi`, in this service's own format
 * (`domain/Backup.ts`: newline-delimited JSON, streamed both ways); Pieces OS's `ExportedDatabase` (its tables as
 * byte arrays) is not this format.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { BackupInvalid } from "./Errors.ts"

const Counts = Schema.Struct({
  applications: Schema.Number,
  metadata: Schema.Number,
  assets: Schema.Number,
  revisions: Schema.Number,
  proposals: Schema.Number
})

export const ImportSummary = Schema.Struct({
  /** Records the library lacked, now added. */
  imported: Counts,
  /** Records whose ids the library already held: left as the library had them. */
  kept: Counts
}).annotate({ identifier: "ImportSummary" })

export class DatabaseApi extends HttpApiGroup.make("database")
  .add(
    HttpApiEndpoint.get("databaseExport", "/database/export", {
      success: Schema.String.pipe(HttpApiSchema.asText({ contentType: "application/x-ndjson" }))
    })
  )
  // The body is the backup file (`Content-Type: application/x-ndjson`), read as it arrives: no size limit but the
  // disk's, since it is spooled to a temporary file and checked whole before anything is written.
  .add(HttpApiEndpoint.post("databaseImport", "/database/import", { success: ImportSummary, error: BackupInvalid }))
{}
