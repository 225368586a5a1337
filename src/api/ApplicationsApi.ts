/**
 * The applications (integrations) that connected: listed, read one, registered directly (as `/connect` does).
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import { Schema } from "effect"
import { Application, SeededTrackedApplication } from "../domain/Application.ts"
import { ApplicationId } from "../domain/Common.ts"
import { ApplicationNotFound } from "./Errors.ts"

export const Applications = Schema.Struct({ iterable: Schema.Array(Application) }).annotations({
  identifier: "Applications"
})

export class ApplicationsApi extends HttpApiGroup.make("applications")
  .add(HttpApiEndpoint.get("applicationsSnapshot", "/applications").addSuccess(Applications))
  .add(
    HttpApiEndpoint.get("applicationsSpecificApplicationSnapshot", "/applications/:application")
      .setPath(Schema.Struct({ application: ApplicationId }))
      .addSuccess(Application).addError(ApplicationNotFound)
  )
  .add(
    HttpApiEndpoint.post("applicationsRegister", "/applications/register")
      .setPayload(SeededTrackedApplication.annotations({ parseOptions: { errors: "all" } }))
      .addSuccess(Application)
  )
{}
