/**
 * Validates answers against the OpenAPI component schemas of Pieces OS (test/fixtures/pieces-openapi-subset.json).
 */
import { Ajv } from "ajv"
import ajvFormats from "ajv-formats"
import { readFileSync } from "node:fs"

const document = JSON.parse(readFileSync(new URL("../fixtures/pieces-openapi-subset.json", import.meta.url), "utf8"))

// The schemas' patterns escape `-` in a way that only non-unicode regular expressions accept.
const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false })
ajvFormats.default(ajv)
ajv.addSchema(document, "pieces")

/** The validation errors of `value` against component schema `name`, or [] when it is valid. */
export const schemaErrors = (name: string, value: unknown): Array<string> => {
  const validate = ajv.getSchema(`pieces#/components/schemas/${name}`)
  if (validate === undefined) throw new Error(`no component schema ${name}`)
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
}
