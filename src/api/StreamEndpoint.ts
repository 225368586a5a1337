/**
 * A stream operation: a WebSocket upgrade (101) on a GET. A plain GET answers 426.
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import { UpgradeRequired } from "./Errors.ts"

export const streamEndpoint = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  HttpApiEndpoint.get(name, path).addSuccess(HttpApiSchema.Empty(101)).addError(UpgradeRequired)
