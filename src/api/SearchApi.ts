/**
 * The search operations of the Pieces SDKs besides `/assets/search`: full text (literal words anywhere), neural
 * code search (words in natural language against the words identifiers are made of) and search by tags.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { EmbeddedModelSchema } from "../domain/Common.ts"
import { SearchedAssets } from "../domain/Search.ts"
import { SeededAssetTag } from "../domain/Seed.ts"
import { InvalidRequest } from "./Errors.ts"
import { PseudoParam, PseudoQueryParams } from "./QueryParams.ts"

export const SeededAssetTags = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  iterable: Schema.Array(SeededAssetTag)
}).annotate({ identifier: "SeededAssetTags" })

export class SearchApi extends HttpApiGroup.make("search")
  .add(
    HttpApiEndpoint.get("fullTextSearch", "/search/full_text", {
      query: PseudoQueryParams,
      success: SearchedAssets,
      error: InvalidRequest
    })
  )
  .add(
    HttpApiEndpoint.get("neuralCodeSearch", "/search/neural_code", {
      query: PseudoQueryParams,
      success: SearchedAssets,
      error: InvalidRequest
    })
  )
  .add(
    HttpApiEndpoint.post("tagBasedSearch", "/search/tag_based", {
      query: PseudoParam,
      payload: SeededAssetTags,
      success: SearchedAssets,
      error: InvalidRequest
    })
  )
{}
