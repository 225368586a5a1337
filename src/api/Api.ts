/**
 * The whole HTTP API: 6 connector and 15 asset operations of the spec, plus the well-known probes. This file
 * and its groups import only schemas, so `HttpApiClient.make(Api)` can reuse them.
 */
import { HttpApi, OpenApi } from "@effect/platform"
import { AssetsApi } from "./AssetsApi.ts"
import { ConnectorApi } from "./ConnectorApi.ts"
import { WellKnownApi } from "./WellKnownApi.ts"

export class Api extends HttpApi.make("assets-connector")
  .add(ConnectorApi)
  .add(AssetsApi)
  .add(WellKnownApi)
  .annotate(OpenApi.Title, "Local asset store and IDE connector")
  .annotate(OpenApi.Description, "Wire-compatible with the Pieces OS Connector and Assets API")
{}
