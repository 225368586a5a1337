/**
 * What Pieces OS does and this service does not. A request for one of those features (a path of the Pieces OS
 * local API this service does not serve) answers 501 with a JSON error naming the feature, a WebSocket upgrade
 * included, instead of a bare 404 or a connection left hanging: clients then know the feature is absent, not
 * broken.
 */

interface Feature {
  readonly paths: RegExp
  readonly message: string
}

const FEATURES: ReadonlyArray<Feature> = [
  {
    paths: /^\/(qgpt|conversations?|messages?|model_context_protocol|ollama|foundry|machine_learning|open_ai|external_provider|ultra_suite)(\/|$)|^\/models\/|^\/model\/[^/]+\/|^\/asset\/[^/]+\/(conversations|messages)(\/|$)/,
    message: "The copilot (questions, conversations, language models) is not part of this service: it stores, " +
      "searches and suggests snippets, and runs no language model"
  },
  {
    paths: /^\/(workstream\w*|ranges?|anchors?|anchor_points?|activities|activity)(\/|$)|^\/asset\/[^/]+\/(anchors|activities|workstream_summaries)(\/|$)/,
    message: "Long-term memory (workstream, ranges, anchors, activities) is not part of this service"
  },
  {
    paths: /^\/user\/|^\/(users|os|allocations?|pkce|oauth|authorize|userinfo)(\/|$)/,
    message: "Accounts and the cloud (sign-in, sign-out, cloud allocations) are not part of this service: it has " +
      "one local user and keeps everything on this machine"
  },
  {
    paths: /^\/(shares?|linkify|distributions?|discovery|github|notifications)(\/|$)/,
    message: "Sharing and cloud services (links, distributions, discovery, notifications) are not part of this service"
  },
  {
    paths: /^\/(persons?|sensitives?|hints?|relationships?|analyses|code_analyses|image_analyses|ocr_analyses|classification|metrics|macos|backups?|database|v2|application|applications\/(external|session|update|stream))(\/|$)|^\/asset\/[^/]+\/(persons|hints)(\/|$)|^\/format\/[^/]+\/analysis$|^\/formats(\/|$)/,
    message: "This Pieces OS feature is not part of this service (see the README for what it serves)"
  }
]

/** Why a path of the Pieces OS API is not served here, or nothing when it is simply unknown. */
export const notProvided = (path: string): string | undefined =>
  FEATURES.find((feature) => feature.paths.test(path))?.message
