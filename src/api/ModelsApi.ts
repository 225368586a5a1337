/**
 * The models clients look up at start-up (see `MODEL_CATALOGUE`: listed, none run here).
 */
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { Uuid } from "../domain/Common.ts"
import { Model, Models } from "../domain/Models.ts"
import { ModelNotFound } from "./Errors.ts"

export class ModelsApi extends HttpApiGroup.make("models")
  .add(HttpApiEndpoint.get("modelsSnapshot", "/models", { success: Models }))
  .add(
    HttpApiEndpoint.get("modelsSpecificModelSnapshot", "/model/:model", {
      params: { model: Uuid },
      success: Model,
      error: ModelNotFound
    })
  )
{}
