/**
 * The 400 of a request that does not decode (its path, query, headers or body): every problem in it, with where and
 * what (`ErrorResponses` answers it). Any operation may answer it, so the OpenAPI document gives it to each, beside
 * the 400s an operation declares itself; the API's own decoding fails with a defect, not with an error it declares.
 */
import { Schema } from "effect"
import { DecodeIssueSchema } from "../domain/DecodeIssues.ts"

export class HttpApiDecodeError extends Schema.TaggedError<HttpApiDecodeError>()("HttpApiDecodeError", {
  message: Schema.String,
  issues: Schema.Array(DecodeIssueSchema)
}) {}

const DESCRIPTION = "The request did not match the expected schema"
const REFERENCE = { $ref: "#/components/schemas/HttpApiDecodeError" }
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

/** An `OpenApi.Transform`: the decode error among the schemas, and among every operation's 400s. */
export const documentDecodeErrors = (spec: Record<string, any>): Record<string, any> => {
  const document = Schema.toJsonSchemaDocument(HttpApiDecodeError)
  const schema = document.definitions[String(document.schema.$ref).replace("#/$defs/", "")]
  const paths: Record<string, Record<string, any>> = spec.paths ?? {}
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const operation = item[method]
      if (operation === undefined) continue
      const declared = operation.responses?.["400"]?.content?.["application/json"]?.schema
      operation.responses = {
        ...operation.responses,
        400: {
          description: declared === undefined ? DESCRIPTION : `${DESCRIPTION}, or ${operation.responses["400"].description}`,
          content: { "application/json": { schema: declared === undefined ? REFERENCE : { anyOf: [REFERENCE, declared] } } }
        }
      }
    }
  }
  return {
    ...spec,
    components: { ...spec.components, schemas: { ...spec.components?.schemas, HttpApiDecodeError: { ...schema, description: DESCRIPTION } } }
  }
}
