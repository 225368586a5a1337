/**
 * The trash's handlers: the listing streams in pages; restore and purge go through the commit path like every write.
 */
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect, Layer } from "effect"
import { Api } from "../api/Api.ts"
import { AssetEditor } from "../services/AssetEditor.ts"
import { AssetRepository } from "../services/AssetRepository.ts"
import { streamedIterable } from "./JsonResponses.ts"
import { listingAnswers } from "./ListingAnswers.ts"

/** Assets a page of the trash listing reads and sends at a time. */
const TRASH_PAGE = 200

export const TrashHttpLive = HttpApiBuilder.group(Api, "trash", (handlers) =>
  Effect.gen(function*() {
    const repository = yield* AssetRepository
    const editor = yield* AssetEditor
    const listing = yield* listingAnswers
    return handlers
      .handle("trashSnapshot", ({ query }) =>
        Effect.succeed(streamedIterable(listing(repository.trashPages(query.transferables ?? false, TRASH_PAGE)))))
      .handle("trashRestore", ({ params }) => editor.restore(params.asset))
      .handle("trashPurgeAsset", ({ params }) => editor.purge(params.asset))
      .handle("trashPurge", () => Effect.map(editor.emptyTrash(), (purged) => ({ purged })))
  })).pipe(
  Layer.provide([AssetEditor.layer, AssetRepository.layer])
)
