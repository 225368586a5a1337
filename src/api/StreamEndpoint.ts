/**
 * A stream operation: a WebSocket upgrade (101) on a GET. A plain GET answers 426.
 */
import { HttpApiEndpoint, HttpApiSchema } from "@effect/platform"
import { UpgradeRequired } from "./Errors.ts"

export const streamEndpoint = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  HttpApiEndpoint.get(name, path).addSuccess(HttpApiSchema.Empty(101)).addError(UpgradeRequired)
