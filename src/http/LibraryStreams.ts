/**
 * The streams that follow the library: asset identifiers, assets without and with content, tag identifiers, the
 * identifiers of the proposals waiting. Each
 * sends the current state first (assets in pages, so a large library never sits in memory at once), then the frame
 * of every commit that concerns it.
 */
import { Effect, Stream } from "effect"
import { AssetRepository } from "../services/AssetRepository.ts"
import { MetadataEntities } from "../services/MetadataEntities.ts"
import { HistoryStore } from "../storage/HistoryStore.ts"
import { assetsSnapshotFrame, commitFrame, identifiersSnapshotFrame, type LibraryStream } from "./StreamFrames.ts"
import type { SendFrame, StreamSource } from "./StreamServer.ts"

/** Assets per frame of the current state on the asset streams. */
const SNAPSHOT_PAGE = 100

export const makeLibraryStreams = Effect.gen(function*() {
  const repository = yield* AssetRepository
  const metadata = yield* MetadataEntities
  const history = yield* HistoryStore

  /** The current state in pages; an empty library is one empty page, so that a client knows it has it all. */
  const assetPages = (transferables: boolean) => (send: SendFrame) =>
    Effect.gen(function*() {
      let pages = 0
      yield* Stream.runForEach(repository.documentPages({ transferables, pseudo: "exclude" }, SNAPSHOT_PAGE), (page) => {
        pages++
        return send(assetsSnapshotFrame(page))
      })
      if (pages === 0) yield* send(assetsSnapshotFrame([]))
    })

  /** Every live asset's id in one frame: the identifiers stream's first frame is the whole current state. */
  const identifiers = (send: SendFrame) =>
    Effect.flatMap(
      Stream.runFold(repository.idPages("exclude", 1000), () => [] as Array<string>, (all, page) => {
        all.push(...page)
        return all
      }),
      (ids) => send(identifiersSnapshotFrame("asset", ids))
    )

  const snapshots: Record<LibraryStream, StreamSource["snapshot"]> = {
    identifiers,
    assets: assetPages(false),
    transferables: assetPages(true),
    tags: (send) => Effect.flatMap(metadata.ids("tag"), (ids) => send(identifiersSnapshotFrame("tag", ids))),
    proposals: (send) =>
      Effect.flatMap(history.proposals, (rows) => send(identifiersSnapshotFrame("proposal", rows.map((row) => row.id))))
  }

  return (stream: LibraryStream): StreamSource => ({
    snapshot: snapshots[stream],
    frameOf: (commit) => commitFrame(commit, stream)
  })
})
