/**
 * The streams that follow the library: asset identifiers, assets without and with content, tag identifiers. Each
 * sends the current state first (assets in pages, so a large library never sits in memory at once), then the frame
 * of every commit that concerns it.
 */
import { Effect } from "effect"
import { type PagePosition, AssetRepository } from "../services/AssetRepository.ts"
import { MetadataEntities } from "../services/MetadataEntities.ts"
import { assetsSnapshotFrame, commitFrame, identifiersSnapshotFrame, type LibraryStream } from "./StreamFrames.ts"
import type { SendFrame, StreamSource } from "./StreamServer.ts"

/** Assets per frame of the current state on the asset streams. */
const SNAPSHOT_PAGE = 100

export const makeLibraryStreams = Effect.gen(function*() {
  const repository = yield* AssetRepository
  const metadata = yield* MetadataEntities

  const assetPages = (transferables: boolean) => (send: SendFrame) =>
    Effect.gen(function*() {
      let after: PagePosition | undefined = undefined
      while (true) {
        const page: ReadonlyArray<PagePosition & { json: string }> = yield* repository.pageDocuments(
          transferables,
          SNAPSHOT_PAGE,
          after
        )
        if (page.length > 0) yield* send(assetsSnapshotFrame(page.map((row) => row.json)))
        if (page.length < SNAPSHOT_PAGE) return
        after = page[page.length - 1]
      }
    })

  const snapshots: Record<LibraryStream, StreamSource["snapshot"]> = {
    identifiers: (send) =>
      Effect.flatMap(repository.listIds("exclude"), (ids) => send(identifiersSnapshotFrame("asset", ids))),
    assets: assetPages(false),
    transferables: assetPages(true),
    tags: (send) => Effect.flatMap(metadata.ids("tag"), (ids) => send(identifiersSnapshotFrame("tag", ids)))
  }

  return (stream: LibraryStream): StreamSource => ({
    snapshot: snapshots[stream],
    frameOf: (commit) => commitFrame(commit, stream)
  })
})
