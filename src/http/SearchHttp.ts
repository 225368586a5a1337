/**
 * Handlers of the search group: full text (every word as written), neural code (words against the words of
 * identifiers) and tags. Each answers `SearchedAssets` with the assets found.
 */
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect, Layer } from "effect"
import { Api } from "../api/Api.ts"
import { InvalidRequest } from "../domain/Errors.ts"
import { AssetSearch, type SearchResult } from "../services/AssetSearch.ts"
import { jsonPieces } from "./JsonResponses.ts"

const blankQuery = new InvalidRequest({ message: "The query is blank", path: ["query"] })

export const SearchHttpLive = HttpApiBuilder.group(Api, "search", (handlers) =>
  Effect.gen(function*() {
    const search = yield* AssetSearch
    const answer = (result: Effect.Effect<SearchResult, InvalidRequest>) =>
      Effect.flatMap(result, (found) => Effect.map(search.searchedAssets(found, true), (pieces) => jsonPieces(pieces)))
    const nonBlank = (text: string) => text.trim() === "" ? Effect.fail(blankQuery) : Effect.succeed(text)

    return handlers
      .handle("fullTextSearch", ({ query }) =>
        answer(Effect.flatMap(nonBlank(query.query), (text) =>
          search.search({ query: text, mode: "literal", pseudo: query.pseudo === true }))))
      .handle("neuralCodeSearch", ({ query }) =>
        answer(Effect.flatMap(nonBlank(query.query), (text) =>
          search.byWords(text, { pseudo: query.pseudo === true }))))
      .handle("tagBasedSearch", ({ payload, query }) => {
        const tags = payload.iterable.map((tag) => tag.text.trim()).filter((tag) => tag !== "")
        return tags.length === 0
          ? Effect.fail(new InvalidRequest({ message: "Name at least one tag", path: ["iterable"] }))
          : answer(Effect.succeed(search.byTags(tags, query.pseudo === true)))
      })
  })).pipe(
  Layer.provide([AssetSearch.layer])
)
