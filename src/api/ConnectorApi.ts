/**
 * The connector operations: how an integration connects and reports what its user does.
 */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Context, SeededConnectorConnection } from "../domain/Application.ts"
import { ApplicationId } from "../domain/Common.ts"
import { Reaction, SeededConnectorAsset, SeededConnectorCreation, SeededConnectorTracking, Suggestion } from "../domain/Connector.ts"
import { ApplicationNotConnected, InvalidRequest, NotImplemented } from "./Errors.ts"

const ApplicationPath = Schema.Struct({ application: ApplicationId })

/** The application id of `POST /onboarded`, which has none in its path. */
export const ApplicationHeaders = Schema.Struct({
  "x-application-id": Schema.optional(Schema.String),
  application: Schema.optional(Schema.String)
})

const Text = HttpApiSchema.Text()

export class ConnectorApi extends HttpApiGroup.make("connector")
  .add(
    HttpApiEndpoint.post("connect", "/connect")
      .setPayload(SeededConnectorConnection.annotations({ parseOptions: { errors: "all" } }))
      .addSuccess(Context)
  )
  .add(
    HttpApiEndpoint.post("intention", "/:application/intention")
      .setPath(ApplicationPath)
      .setPayload(SeededConnectorAsset)
      .addSuccess(Text)
  )
  .add(
    HttpApiEndpoint.post("onboarded", "/:application/onboarded")
      .setPath(ApplicationPath)
      .setPayload(Schema.Boolean)
      .addSuccess(Text)
  )
  .add(
    HttpApiEndpoint.post("onboardedByHeader", "/onboarded")
      .setHeaders(ApplicationHeaders)
      .setPayload(Schema.Boolean)
      .addSuccess(Text)
  )
  .add(
    HttpApiEndpoint.post("react", "/:application/reaction")
      .setPath(ApplicationPath)
      .setPayload(Reaction)
      .addSuccess(Text)
  )
  .add(
    HttpApiEndpoint.post("suggest", "/:application/suggestion")
      .setPath(ApplicationPath)
      .setPayload(SeededConnectorCreation)
      .addSuccess(Suggestion)
  )
  .add(
    HttpApiEndpoint.post("track", "/:application/track")
      .setPath(ApplicationPath)
      .setPayload(SeededConnectorTracking)
      .addSuccess(Text)
  )
  .addError(ApplicationNotConnected)
  .addError(InvalidRequest)
  .addError(NotImplemented)
{}
