/**
 * The models clients look up at start-up (see `MODEL_CATALOGUE`: listed, none run here).
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import { Schema } from "effect"
import { Model, Models } from "../domain/Models.ts"
import { Uuid } from "../domain/Common.ts"
import { ModelNotFound } from "./Errors.ts"

export class ModelsApi extends HttpApiGroup.make("models")
  .add(HttpApiEndpoint.get("modelsSnapshot", "/models").addSuccess(Models))
  .add(
    HttpApiEndpoint.get("modelsSpecificModelSnapshot", "/model/:model").setPath(Schema.Struct({ model: Uuid }))
      .addSuccess(Model).addError(ModelNotFound)
  )
{}
