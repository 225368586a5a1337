/**
 * Handlers of the history group: thin calls into `SnippetHistory` and `Proposals`; the proposals' stream follows
 * the library like the other identifier streams.
 */
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect, Layer } from "effect"
import { Api } from "../api/Api.ts"
import { AssetRepository } from "../services/AssetRepository.ts"
import { ChangeHub } from "../services/ChangeHub.ts"
import { MetadataEntities } from "../services/MetadataEntities.ts"
import { Proposals } from "../services/Proposals.ts"
import { REVISIONS_PAGE, SnippetHistory } from "../services/SnippetHistory.ts"
import { StreamConnections } from "../services/StreamConnections.ts"
import { makeLibraryStreams } from "./LibraryStreams.ts"
import { makeStreamServer } from "./StreamServer.ts"

export const HistoryHttpLive = HttpApiBuilder.group(Api, "history", (handlers) =>
  Effect.gen(function*() {
    const history = yield* SnippetHistory
    const proposals = yield* Proposals
    const streams = yield* makeStreamServer
    const library = yield* makeLibraryStreams
    return handlers
      .handle("assetRevisions", ({ params, query }) =>
        Effect.map(
          history.page(params.asset, query.cursor, query.limit ?? REVISIONS_PAGE.default),
          (page) => ({ iterable: page.items, cursor: page.next === undefined ? null : String(page.next) })
        ))
      .handle("assetRevision", ({ params }) => history.revision(params.asset, params.revision))
      .handle("assetRevisionDiff", ({ params, query }) => history.diff(params.asset, params.revision, query.against))
      .handle("assetRevisionRestore", ({ params }) => history.restore(params.asset, params.revision))
      .handle("proposals", () => Effect.map(proposals.list(), (iterable) => ({ iterable })))
      .handle("proposalAccept", ({ params }) => proposals.accept(params.proposal))
      .handle("proposalReject", ({ params }) => proposals.reject(params.proposal))
      .handle("proposalsStreamIdentifiers", () => streams.serve(library("proposals")))
  })).pipe(
  Layer.provide([
    SnippetHistory.layer,
    Proposals.layer,
    AssetRepository.layer,
    ChangeHub.layer,
    MetadataEntities.layer,
    StreamConnections.layer
  ])
)
