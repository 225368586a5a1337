/**
 * The whole HTTP API: the 6 connector and 15 asset operations of the spec, and the operations of the Pieces OS
 * local API that its real clients (CLI, SDKs, editor plugins) use to start, browse, search, edit and organise,
 * plus the well-known probes, this service's own trash, backups, imports from other tools, and where MCP clients connect. This file and its
 * groups import only schemas, so `HttpApiClient.make(Api)` can
 * reuse them. What Pieces OS does and this service does not (the copilot, cloud accounts) answers 501 from
 * `NotProvidedRoutes`.
 */
import { HttpApi, OpenApi } from "effect/http-api"
import { ApplicationsApi } from "./ApplicationsApi.ts"
import { AssetApi } from "./AssetApi.ts"
import { AssetsApi } from "./AssetsApi.ts"
import { ConnectorApi } from "./ConnectorApi.ts"
import { FormatApi } from "./FormatApi.ts"
import { documentDecodeErrors } from "./HttpApiDecodeError.ts"
import { LibraryImportApi } from "./LibraryImportApi.ts"
import { AnnotationsApi, TagsApi, WebsitesApi } from "./MetadataApi.ts"
import { ModelContextProtocolApi } from "./ModelContextProtocolApi.ts"
import { ModelsApi } from "./ModelsApi.ts"
import { DatabaseApi } from "./DatabaseApi.ts"
import { SearchApi } from "./SearchApi.ts"
import { TrashApi } from "./TrashApi.ts"
import { HistoryApi } from "./HistoryApi.ts"
import { UserApi } from "./UserApi.ts"
import { WellKnownApi } from "./WellKnownApi.ts"

export class Api extends HttpApi.make("assets-connector")
  .add(ConnectorApi)
  .add(AssetsApi)
  .add(AssetApi)
  .add(FormatApi)
  .add(SearchApi)
  .add(TagsApi)
  .add(WebsitesApi)
  .add(AnnotationsApi)
  .add(UserApi)
  .add(ModelsApi)
  .add(ApplicationsApi)
  .add(WellKnownApi)
  .add(TrashApi)
  .add(HistoryApi)
  .add(DatabaseApi)
  .add(LibraryImportApi)
  .add(ModelContextProtocolApi)
  .annotate(OpenApi.Title, "Local asset store and IDE connector")
  .annotate(OpenApi.Description, "Wire-compatible with the Pieces OS local API as its clients use it")
  // A request that does not decode is answered with every problem in it, not only the first.
  .annotate(HttpApi.PayloadParseOptions, { errors: "all" })
  .annotate(OpenApi.Transform, documentDecodeErrors)
{}
