/**
 * Where MCP clients connect (the Pieces CLI's `pieces mcp` reads this list and connects to the first entry with the
 * SSE client of the Python `mcp` package). The MCP transports themselves are event streams, served beside the API
 * (`src/mcp/McpRoutes.ts`).
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { EmbeddedModelSchema } from "../domain/Common.ts"

export const ModelContextProtocolSchemaVersion = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  version: Schema.String,
  /** The URL to configure a client with. */
  entry_endpoint: Schema.String
}).annotate({ identifier: "ModelContextProtocolSchemaVersion" })

export const ModelContextProtocolSchemaVersions = Schema.Struct({
  schema: Schema.optional(EmbeddedModelSchema),
  iterable: Schema.Array(ModelContextProtocolSchemaVersion)
}).annotate({ identifier: "ModelContextProtocolSchemaVersions" })

export class ModelContextProtocolApi extends HttpApiGroup.make("modelContextProtocol")
  .add(
    HttpApiEndpoint.get("modelContextProtocolSchemaVersions", "/model_context_protocol/schema_versions", {
      success: ModelContextProtocolSchemaVersions
    })
  )
{}
