/**
 * The storage port of snippets' histories: each revision's row (`revisions`), written inside the write transaction
 * of the change it records, and the assistants' proposed edits waiting for the user (`proposals`). The same SQL
 * serves both engines (`SqlHistoryStore`). Storage errors are defects here, as in every port.
 */
import { Context, type Effect, type Option } from "effect"

/** A revision as stored: `actor` is its JSON, `changed` the fields' names joined by commas. */
export interface RevisionRow {
  readonly asset_id: string
  readonly number: number
  readonly created: string
  readonly actor: string
  readonly event: string
  readonly changed: string
  readonly restored: number | null
  /** The revision stored whole that this one is read back from (itself when it is stored whole). */
  readonly keyframe: number
  readonly state: Uint8Array
}

export type RevisionListed = Omit<RevisionRow, "state" | "keyframe">

/** A proposal as stored: `actor` and `changes` are JSON. */
export interface ProposalRow {
  readonly id: string
  readonly asset_id: string
  readonly created: string
  readonly actor: string
  readonly changes: string
}

/** Where a page of every revision (a backup's) ended. */
export interface RevisionPosition {
  readonly asset_id: string
  readonly number: number
}

export interface HistoryStoreShape {
  /** In a team library, the member this instance writes for (`MEMBER`, else the database role): every actor names it. */
  readonly member: string | undefined
  /** Inside a write transaction: the newest revision of each of these assets that has one (its number, its keyframe). */
  readonly newest: (
    ids: ReadonlyArray<string>
  ) => Effect.Effect<ReadonlyMap<string, { readonly number: number; readonly keyframe: number }>>
  readonly append: (rows: ReadonlyArray<RevisionRow>) => Effect.Effect<void>
  /** An asset's revisions, newest first, numbered below `below` when given, `limit` at most. */
  readonly page: (asset: string, below: number | undefined, limit: number) => Effect.Effect<ReadonlyArray<RevisionListed>>
  readonly entry: (asset: string, number: number) => Effect.Effect<Option.Option<RevisionListed>>
  /** The stored revisions from the keyframe revision `number` is read back from, to it, in order. */
  readonly chain: (asset: string, number: number) => Effect.Effect<ReadonlyArray<RevisionRow>>
  /** Drops the histories (and proposals) of the assets a purge takes out of the trash: this one, or those deleted before. */
  readonly purge: (which: { readonly before: string } | { readonly id: string }) => Effect.Effect<void>
  /** Every revision after `position`, by asset and number, `size` at most: what a backup exports. */
  readonly exportPage: (
    position: RevisionPosition | undefined,
    size: number
  ) => Effect.Effect<ReadonlyArray<RevisionRow>>

  readonly propose: (row: ProposalRow) => Effect.Effect<void>
  /** Every proposal waiting, oldest first. */
  readonly proposals: Effect.Effect<ReadonlyArray<ProposalRow>>
  readonly proposal: (id: string) => Effect.Effect<Option.Option<ProposalRow>>
  /** Inside a write transaction: a proposal to settle; another write settling it waits. */
  readonly proposalForWrite: (id: string) => Effect.Effect<Option.Option<ProposalRow>>
  readonly dropProposal: (id: string) => Effect.Effect<void>
}

export class HistoryStore extends Context.Service<HistoryStore, HistoryStoreShape>()("HistoryStore") {}
