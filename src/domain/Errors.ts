/**
 * The errors the services raise that a client can act on: an asset or entity that is not there, a request that
 * cannot be carried out as given. The HTTP API gives each its status (`api/Errors.ts`).
 */
import { Schema } from "effect"

export class AssetNotFound extends Schema.TaggedError<AssetNotFound>()(
  "AssetNotFound",
  { message: Schema.String, asset: Schema.String }
) {
  static of(asset: string) {
    return new AssetNotFound({ asset, message: `No asset with id ${asset}` })
  }
}

export class AssetDeleted extends Schema.TaggedError<AssetDeleted>()(
  "AssetDeleted",
  { message: Schema.String, asset: Schema.String }
) {
  static of(asset: string) {
    return new AssetDeleted({ asset, message: `Asset ${asset} was deleted` })
  }
}

export class AssetNotInTrash extends Schema.TaggedError<AssetNotInTrash>()(
  "AssetNotInTrash",
  { message: Schema.String, asset: Schema.String }
) {
  static live(asset: string) {
    return new AssetNotInTrash({ asset, message: `Asset ${asset} is not in the trash: it is live` })
  }
  static withoutContent(asset: string) {
    return new AssetNotInTrash({
      asset,
      message: `Asset ${asset} was deleted before the trash kept content: it cannot be restored`
    })
  }
}

export class BackupInvalid extends Schema.TaggedError<BackupInvalid>()(
  "BackupInvalid",
  { message: Schema.String, line: Schema.Number }
) {}

export class ApplicationNotConnected extends Schema.TaggedError<ApplicationNotConnected>()(
  "ApplicationNotConnected",
  { message: Schema.String, application: Schema.String }
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
  { message: Schema.String, path: Schema.optional(Schema.Array(Schema.Union([Schema.String, Schema.Number]))) }
) {
  /** The problem at `path` in the request. */
  static at(problem: { readonly path: ReadonlyArray<string | number>; readonly message: string }) {
    return new InvalidRequest({ message: problem.message, path: problem.path })
  }
}

export class FormatNotFound extends Schema.TaggedError<FormatNotFound>()(
  "FormatNotFound",
  { message: Schema.String, format: Schema.String }
) {
  static of(format: string) {
    return new FormatNotFound({ format, message: `No format with id ${format}` })
  }
}

/** A tag, website or annotation that is not in the library. */
export class MetadataNotFound extends Schema.TaggedError<MetadataNotFound>()(
  "MetadataNotFound",
  { message: Schema.String, kind: Schema.Literals(["tag", "website", "annotation"]), id: Schema.String }
) {
  static of(kind: "tag" | "website" | "annotation", id: string) {
    return new MetadataNotFound({ kind, id, message: `No ${kind} with id ${id}` })
  }
}

/** A tag renamed to the text of another tag, or a website moved to the URL of another. */
export class MetadataConflict extends Schema.TaggedError<MetadataConflict>()(
  "MetadataConflict",
  { message: Schema.String, kind: Schema.Literals(["tag", "website", "annotation"]), existing: Schema.String }
) {}

export class ModelNotFound extends Schema.TaggedError<ModelNotFound>()(
  "ModelNotFound",
  { message: Schema.String, model: Schema.String }
) {
  static of(model: string) {
    return new ModelNotFound({ model, message: `No model with id ${model}` })
  }
}

export class ApplicationNotFound extends Schema.TaggedError<ApplicationNotFound>()(
  "ApplicationNotFound",
  { message: Schema.String, application: Schema.String }
) {
  static of(application: string) {
    return new ApplicationNotFound({ application, message: `No application with id ${application}` })
  }
}

export class RevisionNotFound extends Schema.TaggedError<RevisionNotFound>()(
  "RevisionNotFound",
  { message: Schema.String, asset: Schema.String, revision: Schema.Number }
) {
  static of(asset: string, revision: number) {
    return new RevisionNotFound({ asset, revision, message: `Snippet ${asset} has no revision ${revision}` })
  }
}

export class ProposalNotFound extends Schema.TaggedError<ProposalNotFound>()(
  "ProposalNotFound",
  { message: Schema.String, proposal: Schema.String }
) {
  static of(proposal: string) {
    return new ProposalNotFound({ proposal, message: `No proposal with id ${proposal}: it was accepted, rejected, or never made` })
  }
}
