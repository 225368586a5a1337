/**
 * A `Commit` as JSON text, as the PostgreSQL change feed's outbox keeps it for the other instances, and read back
 * through its schema: what another instance wrote is decoded at the boundary like any other row.
 */
import { Schema } from "effect"
import { Application } from "./Application.ts"
import { Asset } from "./Asset.ts"
import { AssetChange, type Commit } from "./Commit.ts"

const Facets = Schema.Struct({
  row: Schema.Number,
  pseudo: Schema.Boolean,
  classification: Schema.NullOr(Schema.String),
  tags: Schema.Array(Schema.String),
  websites: Schema.Array(Schema.String),
  created: Schema.String,
  updated: Schema.String
})

const Change = Schema.Struct({
  _tag: Schema.Literals(["Created", "Updated", "Deleted"]),
  asset: Asset,
  row: Schema.Number,
  before: Schema.optional(Facets)
})

const CommitFromJson = Schema.fromJsonString(Schema.Struct({
  assets: Schema.Array(Change),
  metadata: Schema.Array(Schema.Struct({
    kind: Schema.Literals(["tag", "website", "annotation"]),
    id: Schema.String,
    deleted: Schema.Boolean
  })),
  applications: Schema.Array(Application),
  intentions: Schema.Array(Schema.Struct({ applicationId: Schema.String, code: Schema.String })),
  // Commits written before proposals existed have none.
  proposals: Schema.optional(Schema.Array(Schema.Struct({ id: Schema.String, asset: Schema.String, deleted: Schema.Boolean })))
}))

const decode = Schema.decodeUnknownSync(CommitFromJson)

export const commitJson = (commit: Commit): string => JSON.stringify(commit)

/** The commit a JSON text holds; throws when it holds none (a defect: only this service writes the outbox). */
export const commitOfJson = (json: string): Commit => {
  const decoded = decode(json)
  return {
    ...decoded,
    proposals: decoded.proposals ?? [],
    assets: decoded.assets.map(({ _tag, ...change }) => AssetChange[_tag](change))
  }
}
