/**
 * The errors a client can act on, each with its HTTP status: the domain's errors (`domain/Errors.ts`) as the API
 * declares them, and the two that only HTTP raises. Every error body is JSON with `_tag` and `message`; decode
 * errors (`HttpApiDecodeError`, 400) add `issues` with the failing paths (`ErrorResponses`).
 */
import { Schema } from "effect"
import { HttpApiSchema } from "effect/http-api"
import * as Domain from "../domain/Errors.ts"

export const AssetNotFound = Domain.AssetNotFound.pipe(HttpApiSchema.status(404))
export const AssetDeleted = Domain.AssetDeleted.pipe(HttpApiSchema.status(410))
export const AssetNotInTrash = Domain.AssetNotInTrash.pipe(HttpApiSchema.status(409))
export const BackupInvalid = Domain.BackupInvalid.pipe(HttpApiSchema.status(400))
export const ApplicationNotConnected = Domain.ApplicationNotConnected.pipe(HttpApiSchema.status(401))
export const InvalidRequest = Domain.InvalidRequest.pipe(HttpApiSchema.status(400))
export const FormatNotFound = Domain.FormatNotFound.pipe(HttpApiSchema.status(404))
export const MetadataNotFound = Domain.MetadataNotFound.pipe(HttpApiSchema.status(404))
export const MetadataConflict = Domain.MetadataConflict.pipe(HttpApiSchema.status(409))
export const ModelNotFound = Domain.ModelNotFound.pipe(HttpApiSchema.status(404))
export const ApplicationNotFound = Domain.ApplicationNotFound.pipe(HttpApiSchema.status(404))

/** The spec demands a 500 for a search with neither a query nor tags. */
export class SearchCriteriaMissing extends Schema.TaggedError<SearchCriteriaMissing>()(
  "SearchCriteriaMissing",
  { message: Schema.String },
  { httpApiStatus: 500 }
) {}

/** A plain GET on a stream path: the stream is a WebSocket. */
export class UpgradeRequired extends Schema.TaggedError<UpgradeRequired>()(
  "UpgradeRequired",
  { message: Schema.String },
  { httpApiStatus: 426 }
) {
  static of(path: string) {
    return new UpgradeRequired({ message: `${path} is a WebSocket stream: open it with "Upgrade: websocket"` })
  }
}
export const RevisionNotFound = Domain.RevisionNotFound.pipe(HttpApiSchema.status(404))
export const ProposalNotFound = Domain.ProposalNotFound.pipe(HttpApiSchema.status(404))
