/**
 * The errors a client can act on, each with its HTTP status. Every error body is JSON with `_tag` and
 * `message`; decode errors (`HttpApiDecodeError`, 400) add `issues` with the failing paths.
 */
import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

export class AssetNotFound extends Schema.TaggedError<AssetNotFound>()(
  "AssetNotFound",
  { message: Schema.String, asset: Schema.String },
  HttpApiSchema.annotations({ status: 404 })
) {
  static of(asset: string) {
    return new AssetNotFound({ asset, message: `No asset with id ${asset}` })
  }
}

export class AssetDeleted extends Schema.TaggedError<AssetDeleted>()(
  "AssetDeleted",
  { message: Schema.String, asset: Schema.String },
  HttpApiSchema.annotations({ status: 410 })
) {
  static of(asset: string) {
    return new AssetDeleted({ asset, message: `Asset ${asset} was deleted` })
  }
}

export class ApplicationNotConnected extends Schema.TaggedError<ApplicationNotConnected>()(
  "ApplicationNotConnected",
  { message: Schema.String, application: Schema.String },
  HttpApiSchema.annotations({ status: 401 })
) {
  static of(application: string) {
    return new ApplicationNotConnected({
      application,
      message: `Application ${application} has not connected: call POST /connect first`
    })
  }
}

/** A request that decodes but cannot be carried out as given (a seed with no content, say). */
export class InvalidRequest extends Schema.TaggedError<InvalidRequest>()(
  "InvalidRequest",
  { message: Schema.String, path: Schema.optional(Schema.Array(Schema.Union(Schema.String, Schema.Number))) },
  HttpApiSchema.annotations({ status: 400 })
) {}

/** The spec demands a 500 for a search with neither a query nor tags. */
export class SearchCriteriaMissing extends Schema.TaggedError<SearchCriteriaMissing>()(
  "SearchCriteriaMissing",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 500 })
) {}

/** A plain GET on a stream path: the stream is a WebSocket. */
export class UpgradeRequired extends Schema.TaggedError<UpgradeRequired>()(
  "UpgradeRequired",
  { message: Schema.String },
  HttpApiSchema.annotations({ status: 426 })
) {
  static of(path: string) {
    return new UpgradeRequired({ message: `${path} is a WebSocket stream: open it with "Upgrade: websocket"` })
  }
}
