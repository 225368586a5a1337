/**
 * The JSON text frames of the three asset streams. A change's frames are built once and shared by every
 * connection (hundreds of clients must not mean hundreds of `JSON.stringify` calls per change).
 */
import { withoutTransferables } from "../domain/AssetBuilder.ts"
import { iterableJson } from "../domain/WireJson.ts"
import type { AssetChange } from "../services/ChangeHub.ts"

/** `/assets/stream/identifiers` sends ids; the other two send assets, without or with their content. */
export type StreamKind = "identifiers" | "assets" | "transferables"

/** The first frame of the identifier stream: every current id, as `StreamedIdentifiers`. */
export const identifiersSnapshotFrame = (ids: ReadonlyArray<string>): string =>
  iterableJson(ids.map((id) => `{"asset":{"id":${JSON.stringify(id)}}}`))

/** A page of the asset streams' current state, as `Assets`, from stored asset JSON. */
export const assetsSnapshotFrame = (documents: ReadonlyArray<string>): string => iterableJson(documents)

const cache = new WeakMap<AssetChange, Partial<Record<StreamKind, string>>>()

const build = (change: AssetChange, kind: StreamKind): string => {
  const { asset } = change
  switch (kind) {
    case "identifiers":
      return JSON.stringify({
        iterable: [change._tag === "Deleted" ? { asset: { id: asset.id }, deleted: true } : { asset: { id: asset.id } }]
      })
    case "assets":
      return JSON.stringify({ iterable: [withoutTransferables(asset)] })
    case "transferables":
      return JSON.stringify({ iterable: [asset] })
  }
}

/** The frame announcing one change on a stream of the given kind; a deleted asset carries its `deleted` time. */
export const changeFrame = (change: AssetChange, kind: StreamKind): string => {
  let frames = cache.get(change)
  if (frames === undefined) {
    frames = {}
    cache.set(change, frames)
  }
  return (frames[kind] ??= build(change, kind))
}

/** Pseudo assets stay out of the streams, as they stay out of listings. */
export const isStreamed = (change: AssetChange): boolean => change.asset.pseudo !== true
