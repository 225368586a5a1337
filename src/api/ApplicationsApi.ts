/**
 * The applications (integrations) that connected: listed, read one, registered directly (as `/connect` does).
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { Application, SeededTrackedApplication } from "../domain/Application.ts"
import { ApplicationId } from "../domain/Common.ts"
import { ApplicationNotFound } from "./Errors.ts"

export const Applications = Schema.Struct({ iterable: Schema.Array(Application) }).annotate({
  identifier: "Applications"
})

export class ApplicationsApi extends HttpApiGroup.make("applications")
  .add(HttpApiEndpoint.get("applicationsSnapshot", "/applications", { success: Applications }))
  .add(
    HttpApiEndpoint.get("applicationsSpecificApplicationSnapshot", "/applications/:application", {
      params: { application: ApplicationId },
      success: Application,
      error: ApplicationNotFound
    })
  )
  .add(
    HttpApiEndpoint.post("applicationsRegister", "/applications/register", {
      payload: SeededTrackedApplication,
      success: Application
    })
  )
{}
