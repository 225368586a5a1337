/**
 * The backup file (`GET /database/export`, `POST /database/import`, `npm run export|import`): newline-delimited JSON,
 * one record a line, so that it streams both ways in bounded memory:
 *
 *     {"backup":"asset-connector-service","version":1}
 *     {"application":{...}}                            every application that connected, as stored
 *     {"metadata":{"kind":"tag","id":...,"key":...,"json":...}}   every tag, website and annotation entity
 *     {"asset":{...},"deleted":null}                   every asset with all its formats; trashed ones with their time
 *     {"end":{"applications":n,"metadata":n,"assets":n}}
 *
 * The last line says how many records came before it: a truncated file lacks it, and is refused.
 */
import { Schema } from "effect"
import { Application } from "./Application.ts"
import { Asset } from "./Asset.ts"

export const BACKUP_FORMAT = "asset-connector-service"
export const BACKUP_VERSION = 1

export const BackupHeader = Schema.Struct({ backup: Schema.Literal(BACKUP_FORMAT), version: Schema.Literal(BACKUP_VERSION) })

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
  assets: Schema.Natural
})

export const ApplicationRecord = Schema.Struct({ application: StoredApplication })
export const MetadataRecord = Schema.Struct({ metadata: StoredEntity })
export const AssetRecord = Schema.Struct({ asset: Asset, deleted: Schema.NullOr(Schema.String) })
export const EndRecord = Schema.Struct({ end: BackupCounts })

export const BackupRecord = Schema.Union([ApplicationRecord, MetadataRecord, AssetRecord, EndRecord])
export type BackupRecord = typeof BackupRecord.Type
