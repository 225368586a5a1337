/**
 * The JSON text frames of the streams that follow the library: asset identifiers, assets (without or with their
 * content) and tag identifiers. A commit's frame for a stream is built and encoded once and shared by every
 * connection (hundreds of clients must not mean hundreds of `JSON.stringify` calls per change); a commit that does
 * not concern a stream has no frame for it.
 */
import { withoutTransferables } from "../domain/AssetBuilder.ts"
import { iterableJson } from "../domain/WireJson.ts"
import type { AssetChange, Commit } from "../domain/Commit.ts"
import { textFrame } from "./WebSocketFrames.ts"

/**
 * `/assets/stream/identifiers` sends ids, the other two asset streams assets, `/tags/stream/identifiers` tag ids,
 * `/proposals/stream/identifiers` the ids of the assistants' proposals waiting.
 */
export type LibraryStream = "identifiers" | "assets" | "transferables" | "tags" | "proposals"

/** A first frame of an identifier stream: every current id, as `StreamedIdentifiers` of `field` (asset, tag). */
export const identifiersSnapshotFrame = (field: IdentifiedField, ids: ReadonlyArray<string>): string =>
  iterableJson(ids.map((id) => `{${JSON.stringify(field)}:{"id":${JSON.stringify(id)}}}`))

/** A page of the asset streams' current state, as `Assets`, from stored asset JSON. */
export const assetsSnapshotFrame = (documents: ReadonlyArray<string>): string => iterableJson(documents)

/** Pseudo assets stay out of the streams, as they stay out of listings. */
const isStreamed = (change: AssetChange): boolean => change.asset.pseudo !== true

type IdentifiedField = "asset" | "tag" | "proposal"

const identifier = (field: IdentifiedField, id: string, deleted: boolean) =>
  deleted ? { [field]: { id }, deleted: true } : { [field]: { id } }

const build = (commit: Commit, stream: LibraryStream): string | undefined => {
  const assets = commit.assets.filter(isStreamed)
  switch (stream) {
    case "identifiers":
      return assets.length === 0
        ? undefined
        : JSON.stringify({ iterable: assets.map((c) => identifier("asset", c.asset.id, c._tag === "Deleted")) })
    case "assets":
      return assets.length === 0
        ? undefined
        : JSON.stringify({ iterable: assets.map((c) => withoutTransferables(c.asset)) })
    case "transferables":
      return assets.length === 0 ? undefined : JSON.stringify({ iterable: assets.map((c) => c.asset) })
    case "tags": {
      const tags = commit.metadata.filter((change) => change.kind === "tag")
      return tags.length === 0
        ? undefined
        : JSON.stringify({ iterable: tags.map((change) => identifier("tag", change.id, change.deleted)) })
    }
    case "proposals":
      return commit.proposals.length === 0
        ? undefined
        : JSON.stringify({
          iterable: commit.proposals.map((change) => ({
            ...identifier("proposal", change.id, change.deleted),
            asset: { id: change.asset }
          }))
        })
  }
}

const cache = new WeakMap<Commit, Partial<Record<LibraryStream, Uint8Array | null>>>()

/**
 * The frame announcing a commit on a stream, if it concerns it: created and updated ids or assets, deletions (a
 * deleted asset carries its `deleted` time; a deleted id says `deleted: true`).
 */
export const commitFrame = (commit: Commit, stream: LibraryStream): Uint8Array | undefined => {
  let frames = cache.get(commit)
  if (frames === undefined) {
    frames = {}
    cache.set(commit, frames)
  }
  let frame = frames[stream]
  if (frame === undefined) {
    const text = build(commit, stream)
    frame = frames[stream] = text === undefined ? null : textFrame(text)
  }
  return frame ?? undefined
}
