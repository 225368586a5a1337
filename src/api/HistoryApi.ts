/**
 * Snippets' histories and the assistants' proposals (this service's own, not Pieces OS operations): a snippet's
 * revisions newest first, one revision with the snippet as it was, what a revision changed, a restore that appends
 * a revision; the proposals waiting, accepted or rejected, and a stream of them.
 */
import { Schema, SchemaGetter } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { Actor, Revision, RevisionEntry } from "../domain/Revision.ts"
import { SnippetDiff } from "../domain/RevisionDiff.ts"
import { Asset } from "../domain/Asset.ts"
import { AssetId, Uuid } from "../domain/Common.ts"
import { REVISIONS_PAGE } from "../services/SnippetHistory.ts"
import {
  AssetDeleted,
  AssetNotFound,
  AssetNotInTrash,
  InvalidRequest,
  ProposalNotFound,
  RevisionNotFound
} from "./Errors.ts"
import { streamEndpoint } from "./StreamEndpoint.ts"

/** A whole number from `minimum` to `maximum` written in digits, from a path or query string. */
const Counting = (what: string, maximum: number, minimum: 0 | 1 = 1) =>
  Schema.String.check(
    Schema.makeFilter((text) =>
      /^(0|[1-9]\d{0,8})$/.test(text) && Number(text) >= minimum && Number(text) <= maximum ||
      `${what} is a whole number from ${minimum} to ${maximum}`
    )
  ).pipe(Schema.decodeTo(Schema.Int, {
    decode: SchemaGetter.transform((text: string) => Number(text)),
    encode: SchemaGetter.transform((number: number) => String(number))
  }))

const LARGEST = 999_999_999
const RevisionNumber = Counting("A revision number", LARGEST)

const RevisionPath = { asset: AssetId, revision: RevisionNumber }

export const RevisionPage = Schema.Struct({
  iterable: Schema.Array(RevisionEntry),
  /** Where the next page starts (pass it as `cursor`); null at the end. */
  cursor: Schema.NullOr(Schema.String)
}).annotate({ identifier: "RevisionPage" })

export const RevisionDiff = Schema.Struct({ from: Schema.Int, to: Schema.Int, ...SnippetDiff.fields }).annotate({
  identifier: "RevisionDiff"
})

export const Proposal = Schema.Struct({
  id: Uuid,
  snippet: Schema.Struct({ id: AssetId, name: Schema.String, deleted: Schema.Boolean }),
  assistant: Actor,
  created: Schema.String,
  changes: Schema.Struct({
    name: Schema.optional(Schema.String),
    code: Schema.optional(Schema.String),
    language: Schema.optional(Schema.String),
    tags: Schema.optional(Schema.Array(Schema.String))
  }),
  /** What accepting it would change in the snippet as it is now. */
  diff: SnippetDiff
}).annotate({ identifier: "Proposal" })

export const Proposals = Schema.Struct({ iterable: Schema.Array(Proposal) }).annotate({ identifier: "Proposals" })

const Absent = [AssetNotFound, RevisionNotFound] as const

export class HistoryApi extends HttpApiGroup.make("history")
  .add(
    HttpApiEndpoint.get("assetRevisions", "/asset/:asset/revisions", {
      params: { asset: AssetId },
      query: {
        cursor: Schema.optional(Counting("A cursor", LARGEST)),
        limit: Schema.optional(Counting("limit", REVISIONS_PAGE.max))
      },
      success: RevisionPage,
      error: AssetNotFound
    })
  )
  .add(
    HttpApiEndpoint.get("assetRevision", "/asset/:asset/revisions/:revision", {
      params: RevisionPath,
      success: Revision,
      error: Absent
    })
  )
  .add(
    HttpApiEndpoint.get("assetRevisionDiff", "/asset/:asset/revisions/:revision/diff", {
      params: RevisionPath,
      // 0 compares with nothing: what revision 1 brought.
      query: { against: Schema.optional(Counting("against", LARGEST, 0)) },
      success: RevisionDiff,
      error: [...Absent, InvalidRequest]
    })
  )
  .add(
    HttpApiEndpoint.post("assetRevisionRestore", "/asset/:asset/revisions/:revision/restore", {
      params: RevisionPath,
      success: Revision,
      error: [...Absent, AssetDeleted, AssetNotInTrash, InvalidRequest]
    })
  )
  .add(HttpApiEndpoint.get("proposals", "/proposals", { success: Proposals }))
  .add(
    HttpApiEndpoint.post("proposalAccept", "/proposals/:proposal/accept", {
      params: { proposal: Uuid },
      success: Asset,
      error: [ProposalNotFound, AssetNotFound, AssetDeleted, InvalidRequest]
    })
  )
  .add(
    HttpApiEndpoint.post("proposalReject", "/proposals/:proposal/reject", {
      params: { proposal: Uuid },
      success: HttpApiSchema.NoContent,
      error: ProposalNotFound
    })
  )
  .add(streamEndpoint("proposalsStreamIdentifiers", "/proposals/stream/identifiers"))
{}
