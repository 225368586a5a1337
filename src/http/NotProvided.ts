/**
 * What Pieces OS does and this service does not. A request to an operation of the Pieces OS local API that this
 * service does not serve (`PIECES_OPERATIONS_NOT_SERVED`) answers 501 with a JSON error naming the feature it
 * belongs to, a WebSocket upgrade included, instead of a bare 404 or a connection left hanging: clients then know
 * the feature is absent, not broken.
 */
import { PIECES_OPERATIONS_NOT_SERVED } from "./PiecesOperationsNotServed.ts"

/** The features, by the path segments that name them, most specific first. */
const FEATURES: ReadonlyArray<{ readonly segments: ReadonlySet<string>; readonly message: string }> = [
  {
    segments: new Set([
      "qgpt", "conversation", "conversations", "message", "messages", "model", "models",
      "ollama", "foundry", "machine_learning", "open_ai", "external_provider", "ultra_suite"
    ]),
    message: "The copilot (questions, conversations, language models) is not part of this service: it stores, " +
      "searches and suggests snippets, and runs no language model"
  },
  {
    segments: new Set([
      "workstream", "workstream_pattern_engine", "workstream_summary", "workstream_summaries", "workstream_event",
      "workstream_events", "range", "ranges", "anchor", "anchors", "anchor_point", "anchor_points", "activity",
      "activities"
    ]),
    message: "Long-term memory (workstream, ranges, anchors, activities) is not part of this service"
  },
  {
    segments: new Set(["user", "users", "os", "allocation", "allocations", "pkce", "oauth", "authorize", "userinfo"]),
    message: "Accounts and the cloud (sign-in, sign-out, cloud allocations) are not part of this service: it has " +
      "one local user and keeps everything on this machine"
  },
  {
    segments: new Set(["share", "shares", "linkify", "distribution", "distributions", "discovery", "github"]),
    message: "Sharing and cloud services (links, distributions, discovery) are not part of this service"
  }
]

const templates = PIECES_OPERATIONS_NOT_SERVED.map((operation) => {
  const template = operation.slice(operation.indexOf(" ") + 1)
  const pattern = template.split("/").map((part) =>
    /^\{\w+\}$/.test(part) ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")
  )
  return { template, pattern: new RegExp(`^${pattern.join("/")}$`) }
})

/** Why a path of the Pieces OS API is not served here, or nothing when it is not one of its operations. */
export const notProvided = (path: string): string | undefined => {
  const found = templates.find(({ pattern }) => pattern.test(path))
  if (found === undefined) return undefined
  const segments = found.template.split("/").filter((part) => part !== "" && !part.startsWith("{"))
  const feature = FEATURES.find((candidate) => segments.some((segment) => candidate.segments.has(segment)))
  return feature?.message ??
    `${found.template} is an operation of Pieces OS that this service does not provide (see its README for what it serves)`
}
