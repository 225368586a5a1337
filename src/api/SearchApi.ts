/**
 * The search operations of the Pieces SDKs besides `/assets/search`: full text (literal words anywhere), neural
 * code search (words in natural language against the words identifiers are made of) and search by tags.
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import { Schema } from "effect"
import { EmbeddedModelSchema } from "../domain/Common.ts"
import { SearchedAssets } from "../domain/Search.ts"
import { SeededAssetTag } from "../domain/Seed.ts"
import { InvalidRequest } from "./Errors.ts"
import { PseudoParam, PseudoQueryParams } from "./QueryParams.ts"

export const SeededAssetTags = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  iterable: Schema.Array(SeededAssetTag)
}).annotations({ identifier: "SeededAssetTags", parseOptions: { errors: "all" } })

export class SearchApi extends HttpApiGroup.make("search")
  .add(
    HttpApiEndpoint.get("fullTextSearch", "/search/full_text").setUrlParams(PseudoQueryParams)
      .addSuccess(SearchedAssets).addError(InvalidRequest)
  )
  .add(
    HttpApiEndpoint.get("neuralCodeSearch", "/search/neural_code").setUrlParams(PseudoQueryParams)
      .addSuccess(SearchedAssets).addError(InvalidRequest)
  )
  .add(
    HttpApiEndpoint.post("tagBasedSearch", "/search/tag_based").setUrlParams(PseudoParam).setPayload(SeededAssetTags)
      .addSuccess(SearchedAssets).addError(InvalidRequest)
  )
{}
