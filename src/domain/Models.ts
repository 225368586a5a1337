/**
 * The language models clients look up by name or unique id at start-up. This service runs none: it lists the
 * entries Pieces clients need to find, each described as what it is (a cloud model, never downloaded or loaded
 * here), and answers every copilot operation with 501. Ids are fixed, so they are the same on every installation.
 */
import { Schema } from "effect"
import { GroupedTimestamp, Uuid } from "./Common.ts"

export const ModelTypeEnum = Schema.Literals(["BALANCED", "SPEED", "ACCURACY"])
export const ModelUsageEnum = Schema.Literals(["CODE_CONVERSATION", "CODE_GENERATION", "CODE_SEARCH"])
export const ModelProvider = Schema.Literals(["OPENAI", "GOOGLE"])

export const Model = Schema.Struct({
  id: Uuid,
  version: Schema.String,
  created: GroupedTimestamp,
  name: Schema.String,
  description: Schema.String,
  cloud: Schema.Boolean,
  type: ModelTypeEnum,
  usage: ModelUsageEnum,
  foundation: Schema.optional(Schema.String),
  downloaded: Schema.Boolean,
  loaded: Schema.Boolean,
  downloading: Schema.Boolean,
  unique: Schema.String,
  provider: ModelProvider
}).annotate({ identifier: "Model" })
export type Model = typeof Model.Type

export const Models = Schema.Struct({ iterable: Schema.Array(Model) }).annotate({ identifier: "Models" })

const NOT_RUN_HERE = "Listed so that Pieces clients start. This service runs no language models: the copilot is not " +
  "part of it, and its operations answer 501."

const cloudModel = (
  id: string,
  unique: string,
  name: string,
  provider: typeof ModelProvider.Type,
  foundation?: string
): Model => ({
  id,
  version: unique,
  created: { value: "2024-01-01T00:00:00.000Z", readable: "2024-01-01 00:00 UTC" },
  name,
  description: `${name} (${provider === "OPENAI" ? "OpenAI" : "Google"}, cloud). ${NOT_RUN_HERE}`,
  cloud: true,
  type: "BALANCED",
  usage: "CODE_CONVERSATION",
  ...(foundation === undefined ? {} : { foundation }),
  downloaded: false,
  loaded: false,
  downloading: false,
  unique,
  provider
})

/**
 * The entries real clients look up: the CLI's first run needs `gemini-2.0-flash-lite-001`; the Python SDK sets
 * "GPT-3.5-turbo Chat Model" at start-up and the Neovim plugin "GPT-4o Chat Model" (by name, among cloud or
 * downloaded models); the Sublime plugin looks up `o4-mini-2025-04-16` by unique id.
 */
export const MODEL_CATALOGUE: ReadonlyArray<Model> = [
  cloudModel("5b2d3a8c-6f1e-4c2a-9d4b-0a1e2f3c4d51", "gpt-3.5-turbo", "GPT-3.5-turbo Chat Model", "OPENAI", "GPT_3.5"),
  cloudModel("5b2d3a8c-6f1e-4c2a-9d4b-0a1e2f3c4d52", "gpt-4o", "GPT-4o Chat Model", "OPENAI", "GPT_4"),
  cloudModel("5b2d3a8c-6f1e-4c2a-9d4b-0a1e2f3c4d53", "o4-mini-2025-04-16", "OpenAI o4 Mini", "OPENAI"),
  cloudModel(
    "5b2d3a8c-6f1e-4c2a-9d4b-0a1e2f3c4d54",
    "gemini-2.0-flash-lite-001",
    "Gemini 2.0 Flash Lite",
    "GOOGLE",
    "GEMINI_2"
  )
]
