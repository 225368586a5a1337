/**
 * The backup file (`GET /database/export`, `POST /database/import`, `npm run export|import`): newline-delimited JSON,
 * one record a line, so that it streams both ways in bounded memory:
 *
 *     {"backup":"asset-connector-service","version":1}
 *     {"application":{...}}                            every application that connected, as stored
 *     {"metadata":{"kind":"tag","id":...,"key":...,"json":...}}   every tag, website and annotation entity
 *     {"asset":{...},"deleted":null}                   every asset with all its formats; trashed ones with their time
 *     {"revision":{"asset":...,"number":1,...}}        every revision of every snippet, each snippet's together in order
 *     {"proposal":{"id":...,"asset":...,...}}          every assistant's edit waiting for the user
 *     {"end":{"applications":n,"metadata":n,"assets":n,"revisions":n,"proposals":n}}
 *
 * Version 1 files (written before snippets had a history) have no revisions or proposals; they are read all the same.
 * The last line says how many records came before it: a truncated file lacks it, and is refused.
 */
import { Schema } from "effect"
import { Application } from "./Application.ts"
import { Asset } from "./Asset.ts"
import { Actor, Revision } from "./Revision.ts"

export const BACKUP_FORMAT = "asset-connector-service"
export const BACKUP_VERSION = 2

export const BackupHeader = Schema.Struct({ backup: Schema.Literal(BACKUP_FORMAT), version: Schema.Literals([1, BACKUP_VERSION]) })

/** An application as the database holds it. */
export const StoredApplication = Schema.Struct({
  id: Application.fields.id,
  name: Application.fields.name,
  version: Schema.String,
  platform: Application.fields.platform,
  privacy: Application.fields.privacy,
  capabilities: Schema.NullOr(Schema.String),
  onboarded: Schema.Literals([0, 1]),
  created: Schema.String,
  updated: Schema.String
})

/** A metadata entity as the registry holds it: `json` is the entity's JSON text. */
export const StoredEntity = Schema.Struct({
  kind: Schema.Literals(["tag", "website", "annotation"]),
  id: Schema.String.check(Schema.isUUID()),
  key: Schema.NullOr(Schema.String),
  json: Schema.String
})

export const BackupCounts = Schema.Struct({
  applications: Schema.Natural,
  metadata: Schema.Natural,
  assets: Schema.Natural,
  revisions: Schema.optional(Schema.Natural),
  proposals: Schema.optional(Schema.Natural)
})

/** A revision of a snippet, with the snippet as it left it. */
export const StoredRevision = Schema.Struct({ asset: Schema.String.check(Schema.isUUID()), ...Revision.fields })

/** An assistant's edit waiting for the user. */
export const StoredProposal = Schema.Struct({
  id: Schema.String.check(Schema.isUUID()),
  asset: Schema.String.check(Schema.isUUID()),
  created: Schema.String,
  actor: Actor,
  changes: Schema.Struct({
    name: Schema.optional(Schema.String),
    code: Schema.optional(Schema.String),
    language: Schema.optional(Schema.String),
    tags: Schema.optional(Schema.Array(Schema.String))
  })
})

export const ApplicationRecord = Schema.Struct({ application: StoredApplication })
export const MetadataRecord = Schema.Struct({ metadata: StoredEntity })
export const AssetRecord = Schema.Struct({ asset: Asset, deleted: Schema.NullOr(Schema.String) })
export const RevisionRecord = Schema.Struct({ revision: StoredRevision })
export const ProposalRecord = Schema.Struct({ proposal: StoredProposal })
export const EndRecord = Schema.Struct({ end: BackupCounts })

export const BackupRecord = Schema.Union([
  ApplicationRecord,
  MetadataRecord,
  AssetRecord,
  RevisionRecord,
  ProposalRecord,
  EndRecord
])
export type BackupRecord = typeof BackupRecord.Type
