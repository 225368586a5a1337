/**
 * Answers built from JSON text we already have (stored asset documents), sent without decoding and re-encoding.
 */
import { HttpServerResponse } from "@effect/platform"
import { iterableJson } from "../domain/WireJson.ts"

export const jsonText = (json: string, status = 200) =>
  HttpServerResponse.text(json, { status, contentType: "application/json" })

/** A collection answer, `{"iterable":[...]}`, from the JSON of its items. */
export const iterableOf = (items: ReadonlyArray<string>) => jsonText(iterableJson(items))

export const jsonError = (status: number, tag: string, message: string, details: Record<string, unknown> = {}) =>
  HttpServerResponse.unsafeJson({ _tag: tag, message, ...details }, { status })
