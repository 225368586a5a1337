/**
 * A stream operation: a WebSocket upgrade (101) on a GET. A plain GET answers 426.
 */
import type { HttpRouter } from "effect/http"
import { HttpApiEndpoint, HttpApiSchema } from "effect/http-api"
import { UpgradeRequired } from "./Errors.ts"

export const streamEndpoint = <const Name extends string, const Path extends HttpRouter.PathInput>(
  name: Name,
  path: Path
) => HttpApiEndpoint.get(name, path, { success: HttpApiSchema.Empty(101), error: UpgradeRequired })
