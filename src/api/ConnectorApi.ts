/**
 * The connector operations: how an integration connects and reports what its user does.
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import { Schema } from "effect"
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

const ApplicationPath = Schema.Struct({ application: ApplicationId })

/** The application id of `POST /onboarded`, which has none in its path. */
export const ApplicationHeaders = Schema.Struct({
  "x-application-id": Schema.optional(Schema.String),
  application: Schema.optional(Schema.String)
})

const Text = HttpApiSchema.Text()

/** An operation under `/{application}`: refused (401) until that application connected. */
const applicationOperation = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  HttpApiEndpoint.post(name, path).setPath(ApplicationPath).addError(ApplicationNotConnected).addError(InvalidRequest)

export class ConnectorApi extends HttpApiGroup.make("connector")
  .add(
    HttpApiEndpoint.post("connect", "/connect")
      .setPayload(SeededConnectorConnection.annotations({ parseOptions: { errors: "all" } }))
      .addSuccess(Context)
  )
  .add(
    applicationOperation("intention", "/:application/intention")
      .setPayload(SeededConnectorAsset)
      .addSuccess(Text)
  )
  .add(
    applicationOperation("onboarded", "/:application/onboarded")
      .setPayload(Schema.Boolean)
      .addSuccess(Text)
  )
  .add(
    HttpApiEndpoint.post("onboardedByHeader", "/onboarded")
      .setHeaders(ApplicationHeaders)
      .setPayload(Schema.Boolean)
      .addSuccess(Text)
      .addError(ApplicationNotConnected)
      .addError(InvalidRequest)
  )
  .add(
    applicationOperation("react", "/:application/reaction")
      .setPayload(Reaction)
      .addSuccess(Text)
      .addError(AssetNotFound)
      .addError(AssetDeleted)
  )
  .add(
    applicationOperation("suggest", "/:application/suggestion")
      .setPayload(SeededConnectorCreation)
      .addSuccess(Suggestion)
  )
  .add(
    applicationOperation("track", "/:application/track")
      .setPayload(SeededConnectorTracking)
      .addSuccess(Text)
      .addError(AssetNotFound)
      .addError(AssetDeleted)
  )
{}
