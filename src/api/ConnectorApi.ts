/**
 * The connector operations: how an integration connects and reports what its user does.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { Context, SeededConnectorConnection } from "../domain/Application.ts"
import { ApplicationId } from "../domain/Common.ts"
import {
  Reaction,
  SeededConnectorAsset,
  SeededConnectorCreation,
  SeededConnectorTracking,
  Suggestion
} from "../domain/Connector.ts"
import { ApplicationNotConnected, AssetDeleted, AssetNotFound, InvalidRequest } from "./Errors.ts"

const ApplicationPath = { application: ApplicationId }

/** The application id of `POST /onboarded`, which has none in its path. */
export const ApplicationHeaders = {
  "x-application-id": Schema.optional(Schema.String),
  application: Schema.optional(Schema.String)
}

const Text = Schema.String.pipe(HttpApiSchema.asText())

/** An operation under `/{application}`: refused (401) until that application connected. */
const underApplication = { params: ApplicationPath, error: [ApplicationNotConnected, InvalidRequest] } as const

export class ConnectorApi extends HttpApiGroup.make("connector")
  .add(HttpApiEndpoint.post("connect", "/connect", { payload: SeededConnectorConnection, success: Context }))
  .add(
    HttpApiEndpoint.post("intention", "/:application/intention", {
      ...underApplication,
      payload: SeededConnectorAsset,
      success: Text
    })
  )
  .add(
    HttpApiEndpoint.post("onboarded", "/:application/onboarded", {
      ...underApplication,
      payload: Schema.Boolean,
      success: Text
    })
  )
  .add(
    HttpApiEndpoint.post("onboardedByHeader", "/onboarded", {
      headers: ApplicationHeaders,
      payload: Schema.Boolean,
      success: Text,
      error: underApplication.error
    })
  )
  .add(
    HttpApiEndpoint.post("react", "/:application/reaction", {
      ...underApplication,
      payload: Reaction,
      success: Text,
      error: [...underApplication.error, AssetNotFound, AssetDeleted]
    })
  )
  .add(
    HttpApiEndpoint.post("suggest", "/:application/suggestion", {
      ...underApplication,
      payload: SeededConnectorCreation,
      success: Suggestion
    })
  )
  .add(
    HttpApiEndpoint.post("track", "/:application/track", {
      ...underApplication,
      payload: SeededConnectorTracking,
      success: Text,
      error: [...underApplication.error, AssetNotFound, AssetDeleted]
    })
  )
{}
