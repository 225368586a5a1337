/**
 * Applications (the integrations that connect) and the `Context` that `/connect` answers.
 */
import { Schema, Struct } from "effect"
import {
  ApplicationId,
  ApplicationNameEnum,
  CapabilitiesEnum,
  EmbeddedModelSchema,
  MechanismEnum,
  PlatformEnum,
  PrivacyEnum,
  Uuid
} from "./Common.ts"

export const Application = Schema.Struct({
  id: ApplicationId,
  name: ApplicationNameEnum,
  version: Schema.String,
  platform: PlatformEnum,
  onboarded: Schema.Boolean,
  privacy: PrivacyEnum,
  capabilities: Schema.optional(CapabilitiesEnum),
  mechanism: Schema.optional(MechanismEnum),
  automaticUnload: Schema.optional(Schema.Boolean)
}).annotate({ identifier: "Application" })
export type Application = typeof Application.Type

/**
 * An application as a seed carries it. Clients often send the full `Application` they got from `/connect`,
 * sometimes only name, version and platform; the id, when given, must be a UUID.
 */
export const SeededApplication = Schema.Struct({
  ...Application.fields,
  id: Schema.optional(ApplicationId),
  onboarded: Schema.optional(Schema.Boolean),
  privacy: Schema.optional(PrivacyEnum)
}).annotate({ identifier: "SeededApplication" })
export type SeededApplication = typeof SeededApplication.Type

export const SeededTrackedApplication = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  ...Struct.omit(SeededApplication.fields, ["id", "onboarded", "mechanism"])
}).annotate({ identifier: "SeededTrackedApplication" })
export type SeededTrackedApplication = typeof SeededTrackedApplication.Type

export const SeededConnectorConnection = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  application: SeededTrackedApplication
}).annotate({ identifier: "SeededConnectorConnection" })
export type SeededConnectorConnection = typeof SeededConnectorConnection.Type

export const OSHealth = Schema.Struct({ id: Uuid, version: Schema.String })
export const Health = Schema.Struct({ os: OSHealth })

export const Context = Schema.Struct({
  os: Uuid,
  application: Application,
  health: Health
}).annotate({ identifier: "Context" })
export type Context = typeof Context.Type
