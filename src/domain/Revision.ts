/**
 * A snippet's history: every committed change to it is a revision, numbered 1, 2, … per snippet in commit order,
 * with its time, who made it (`Actor`), what it did (`RevisionEvent`), which of the snippet's fields changed, and the
 * snippet as it was after it (`SnippetState`).
 */
import { Schema } from "effect"
import type { Asset } from "./Asset.ts"

/** Who made a change: an editor, the page, an assistant, an importer, the API without an application. */
export const ActorKind = Schema.Literals(["application", "page", "assistant", "importer", "api", "before history"])
export type ActorKind = typeof ActorKind.Type

export const Actor = Schema.Struct({
  kind: ActorKind,
  /** An application's or assistant's name (from `/connect`, or MCP's `initialize`). */
  name: Schema.optional(Schema.String),
  version: Schema.optional(Schema.String),
  /** An importer's source kind (`masscode`, `gist`…) and the file or folder it read. */
  source: Schema.optional(Schema.String),
  file: Schema.optional(Schema.String),
  /** In a team library, the member whose instance wrote it. */
  member: Schema.optional(Schema.String),
  /** An assistant's change the user accepted from the proposals. */
  accepted: Schema.optional(Schema.Boolean)
}).annotate({ identifier: "RevisionActor" })
export type Actor = typeof Actor.Type

export const API_ACTOR: Actor = { kind: "api" }
export const PAGE_ACTOR: Actor = { kind: "page" }
export const BEFORE_HISTORY: Actor = { kind: "before history" }

/** What a revision did to its snippet. */
export const RevisionEvent = Schema.Literals(["created", "edited", "deleted", "restored", "reverted"])
export type RevisionEvent = typeof RevisionEvent.Type

/** The fields of a snippet a revision keeps, and says changed. */
export const SNIPPET_FIELDS = ["name", "code", "language", "tags", "websites", "annotations"] as const
export type SnippetField = typeof SNIPPET_FIELDS[number]
export const SnippetField = Schema.Literals(SNIPPET_FIELDS)

export const SnippetState = Schema.Struct({
  name: Schema.String,
  code: Schema.String,
  language: Schema.String,
  tags: Schema.Array(Schema.String),
  websites: Schema.Array(Schema.Struct({ url: Schema.String, name: Schema.String })),
  annotations: Schema.Array(Schema.Struct({ type: Schema.String, text: Schema.String }))
}).annotate({ identifier: "SnippetState" })
export type SnippetState = typeof SnippetState.Type

/** A revision as listed: without the snippet. */
export const RevisionEntry = Schema.Struct({
  number: Schema.Int,
  created: Schema.String,
  actor: Actor,
  event: RevisionEvent,
  changed: Schema.Array(SnippetField),
  /** The revision a `reverted` one restored. */
  restored: Schema.optional(Schema.Int)
}).annotate({ identifier: "RevisionEntry" })
export type RevisionEntry = typeof RevisionEntry.Type

export const Revision = Schema.Struct({ ...RevisionEntry.fields, snippet: SnippetState }).annotate({
  identifier: "Revision"
})
export type Revision = typeof Revision.Type

/** The format holding an asset's text: the original when it holds text, else the first that does. */
export const textFormatOf = (asset: Asset) => {
  const original = asset.formats.iterable.find((format) => format.id === asset.original.id)
  return original?.fragment?.string?.raw !== undefined
    ? original
    : asset.formats.iterable.find((format) => format.fragment?.string?.raw !== undefined)
}

/** The snippet fields of an asset, as a revision keeps them. */
export const stateOf = (asset: Asset): SnippetState => {
  const text = textFormatOf(asset)
  return {
    name: asset.name ?? "",
    code: text?.fragment?.string?.raw ?? "",
    language: text?.classification.specific ?? asset.original.reference?.classification.specific ?? "",
    tags: (asset.tags?.iterable ?? []).map((tag) => tag.text),
    websites: (asset.websites?.iterable ?? []).map((website) => ({ url: website.url, name: website.name ?? "" })),
    annotations: (asset.annotations?.iterable ?? []).map((annotation) => ({
      type: annotation.type,
      text: annotation.text
    }))
  }
}

/** The fields whose values differ between two states, in `SNIPPET_FIELDS` order. */
export const changedFields = (before: SnippetState | undefined, after: SnippetState): Array<SnippetField> =>
  SNIPPET_FIELDS.filter((field) =>
    before === undefined
      ? true
      : typeof after[field] === "string"
      ? before[field] !== after[field]
      : JSON.stringify(before[field]) !== JSON.stringify(after[field])
  )
