/**
 * What one committed write transaction changed, as the change feed carries it to every follower (the in-memory
 * search index, the known applications, the intentions, the streams) on every instance: the assets it created,
 * updated or deleted, with what the search index needs to follow them (each asset's search row, and the facets it
 * was indexed with before), the metadata entities (tags, websites, annotations) it changed, the applications it
 * registered or changed, the intentions it stored, and the proposals it made or settled.
 */
import { Data } from "effect"
import type { Application } from "./Application.ts"
import type { Asset } from "./Asset.ts"
import type { AssetFacets } from "./FacetIndex.ts"
import type { MetadataKind } from "./Metadata.ts"

/**
 * An asset's change: its state now (a deleted asset as it went to the trash), its search row (for a deleted one, the
 * row it had), and `before`, the facets the search index held of it until this commit (none for an asset that was
 * not live).
 */
interface Changed {
  readonly asset: Asset
  readonly row: number
  readonly before?: AssetFacets | undefined
}

export type AssetChange = Data.TaggedEnum<{
  Created: Changed
  Updated: Changed
  Deleted: Changed
}>
export const AssetChange = Data.taggedEnum<AssetChange>()

/** A metadata entity that was created or changed (its text, or the assets carrying it), or deleted. */
export interface MetadataChange {
  readonly kind: MetadataKind
  readonly id: string
  readonly deleted: boolean
}

/** An assistant's proposed edit of a snippet, made or settled (accepted or rejected: `deleted`). */
export interface ProposalChange {
  readonly id: string
  readonly asset: string
  readonly deleted: boolean
}

/** Code an application said its user may save. */
export interface IntentionAdded {
  readonly applicationId: string
  readonly code: string
}

export interface Commit {
  readonly assets: ReadonlyArray<AssetChange>
  readonly metadata: ReadonlyArray<MetadataChange>
  readonly applications: ReadonlyArray<Application>
  readonly intentions: ReadonlyArray<IntentionAdded>
  readonly proposals: ReadonlyArray<ProposalChange>
}

/** Whether a commit changed anything a follower sees. */
export const isEmptyCommit = (commit: Commit): boolean =>
  commit.assets.length === 0 && commit.metadata.length === 0 && commit.applications.length === 0 &&
  commit.intentions.length === 0 && commit.proposals.length === 0

/** A commit with its place in the change feed: commits of every instance, numbered in the order they committed. */
export interface FeedEntry {
  readonly seq: number
  readonly commit: Commit
}

/** The feed could not be read for a while (the database is unreachable): what follows it may be late meanwhile. */
export interface FeedOutage {
  readonly outage: string
}

/** What following the feed brings: its entries, in order, and word of an outage when one begins. */
export type FeedEvent = FeedEntry | FeedOutage

export const isOutage = (event: FeedEvent): event is FeedOutage => "outage" in event

