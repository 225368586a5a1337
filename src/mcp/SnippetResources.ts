/**
 * The library as MCP resources: each live snippet is `snippet://{id}` (its code, with its language's MIME type),
 * listed in pages most recently updated first; `snippets://search/{query}` reads a search's summaries as JSON.
 * Clients may subscribe to a snippet: every commit that changes or deletes it sends `notifications/resources/updated`
 * to its subscribers, and every commit that adds or removes snippets sends `notifications/resources/list_changed`
 * to every session, both at most once per `NOTIFY_WINDOW` per session.
 * Served here rather than by Effect's `McpServer`, whose resources are the ones registered with it, listed in one
 * page (it refuses a cursor): not a library that changes while it runs, and too long for one page.
 */
import { Context, Effect, Layer, Option, Predicate, Schema, Stream } from "effect"
import { AssetId } from "../domain/Common.ts"
import { ChangeHub } from "../services/ChangeHub.ts"
import { AssetRepository } from "../services/AssetRepository.ts"
import { AssistantLibrary, detailsOf, summaryOf } from "../services/AssistantLibrary.ts"
import { SearchIndex } from "../services/SearchIndex.ts"
import { ErrorCode, type JsonRpcError, notificationJson } from "./JsonRpc.ts"
import type { McpSession } from "./McpSessions.ts"
import { McpSessions } from "./McpSessions.ts"
import { Cursor, cursorOf } from "./SnippetTools.ts"

const SNIPPET_PREFIX = "snippet://"
const SEARCH_PREFIX = "snippets://search/"
/** Resources one page of `resources/list` holds. */
const LIST_PAGE = 100
/** Changes that arrive within this window make one notification per session. */
const NOTIFY_WINDOW = "200 millis"

/** The MIME types of the languages clients render most; other text is `text/plain`. */
const MIME_TYPES: Record<string, string> = {
  py: "text/x-python",
  js: "text/javascript",
  mjs: "text/javascript",
  jsx: "text/javascript",
  ts: "text/typescript",
  tsx: "text/typescript",
  json: "application/json",
  md: "text/markdown",
  html: "text/html",
  css: "text/css",
  xml: "application/xml",
  yaml: "application/yaml",
  yml: "application/yaml",
  sh: "application/x-sh",
  sql: "application/sql",
  java: "text/x-java",
  c: "text/x-c",
  h: "text/x-c",
  cpp: "text/x-c++",
  hpp: "text/x-c++",
  cs: "text/x-csharp",
  go: "text/x-go",
  rs: "text/x-rust",
  rb: "text/x-ruby",
  php: "application/x-httpd-php",
  swift: "text/x-swift",
  kt: "text/x-kotlin"
}

export const mimeTypeOf = (language: string | null) =>
  (language === null ? undefined : MIME_TYPES[language.toLowerCase()]) ?? "text/plain"

const decodeId = Schema.decodeUnknownOption(AssetId)
const decodeCursor = Schema.decodeUnknownOption(Cursor)

const notFound = (uri: string): JsonRpcError => ({
  code: ErrorCode.resourceNotFound,
  message: `Resource not found: ${uri}`,
  data: { uri }
})

const invalidParams = (message: string): JsonRpcError => ({ code: ErrorCode.invalidParams, message })

/** The `uri` of a request's params. */
const uriOf = (params: unknown) =>
  Predicate.isObject(params) && typeof params.uri === "string"
    ? Effect.succeed(params.uri)
    : Effect.fail(invalidParams("Invalid params: uri is required (a string)"))

export const snippetUri = (id: string) => `${SNIPPET_PREFIX}${id}`

export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: `${SNIPPET_PREFIX}{id}`,
    name: "snippet",
    title: "A saved snippet",
    description: "A saved snippet's code, by its id (search_snippets answers ids)"
  },
  {
    uriTemplate: `${SEARCH_PREFIX}{query}`,
    name: "snippet-search",
    title: "Snippet search",
    description: "The snippets a fuzzy search finds, as JSON summaries (the query URI-encoded)",
    mimeType: "application/json"
  }
]

export class SnippetResources extends Context.Service<SnippetResources>()("SnippetResources", {
  make: Effect.gen(function*() {
    const library = yield* AssistantLibrary
    const repository = yield* AssetRepository
    const { facets } = yield* SearchIndex
    const sessions = yield* McpSessions
    const hub = yield* ChangeHub

    const list = Effect.fn("SnippetResources.list")(function*(params: unknown) {
      const cursor = Predicate.isObject(params) ? params.cursor : undefined
      const offset = cursor === undefined ? Option.some(0) : decodeCursor(cursor)
      if (Option.isNone(offset)) return yield* Effect.fail(invalidParams("Invalid params: not a cursor this server gave"))
      const start = offset.value
      const live = facets.all(false)
      const rows = facets.newest(live, start + LIST_PAGE).slice(start)
      const assets = yield* repository.assetsAt(rows)
      const resources = rows.flatMap((row) => {
        const asset = assets.get(row)
        if (asset === undefined) return []
        const summary = summaryOf(asset, [])
        return [{
          uri: snippetUri(summary.id),
          name: summary.name,
          mimeType: mimeTypeOf(summary.language),
          ...(summary.tags.length === 0 ? {} : { description: `Tags: ${summary.tags.join(", ")}` })
        }]
      })
      const more = start + LIST_PAGE < live.size
      return { resources, ...(more ? { nextCursor: cursorOf(start + LIST_PAGE) } : {}) }
    })

    const read = Effect.fn("SnippetResources.read")(function*(uri: string) {
      if (uri.startsWith(SEARCH_PREFIX)) {
        let query: string
        try {
          query = decodeURIComponent(uri.slice(SEARCH_PREFIX.length))
        } catch {
          return yield* Effect.fail(invalidParams(`Invalid params: the query in ${uri} is not URI-encoded`))
        }
        const page = yield* Effect.mapError(library.find({ query, limit: 50 }), (error) => invalidParams(error.message))
        const text = JSON.stringify({ snippets: page.items, total: page.total })
        return { contents: [{ uri, mimeType: "application/json", text }] }
      }
      const id = uri.startsWith(SNIPPET_PREFIX) ? decodeId(uri.slice(SNIPPET_PREFIX.length)) : undefined
      if (id === undefined || Option.isNone(id)) return yield* Effect.fail(notFound(uri))
      const details = yield* Effect.mapError(repository.get(id.value), () => notFound(uri))
      const snippet = detailsOf(details)
      return { contents: [{ uri, mimeType: mimeTypeOf(snippet.language), text: snippet.code }] }
    })

    /** Subscribing names a live snippet; unsubscribing always succeeds. */
    const subscribe = Effect.fn("SnippetResources.subscribe")(function*(session: McpSession, uri: string) {
      const id = uri.startsWith(SNIPPET_PREFIX) ? decodeId(uri.slice(SNIPPET_PREFIX.length)) : undefined
      if (id === undefined || Option.isNone(id)) return yield* Effect.fail(notFound(uri))
      yield* Effect.mapError(repository.get(id.value), () => notFound(uri))
      session.subscriptions.add(uri)
      return {}
    })

    /** The answer to a `resources/*` request, or undefined for other methods. */
    const answer = (session: McpSession, method: string, params: unknown) => {
      switch (method) {
        case "resources/list":
          return list(params)
        case "resources/templates/list":
          return Effect.succeed({ resourceTemplates: RESOURCE_TEMPLATES })
        case "resources/read":
          return Effect.flatMap(uriOf(params), read)
        case "resources/subscribe":
          return Effect.flatMap(uriOf(params), (uri) => subscribe(session, uri))
        case "resources/unsubscribe":
          return Effect.map(uriOf(params), (uri) => {
            session.subscriptions.delete(uri)
            return {}
          })
        default:
          return undefined
      }
    }

    // Commits to notifications: the list changed when a snippet came or went, a snippet changed when it was edited
    // or deleted.
    const commits = yield* hub.subscribe()
    yield* Stream.fromSubscription(commits).pipe(
      Stream.groupedWithin(1_000, NOTIFY_WINDOW),
      Stream.runForEach((chunk) =>
        Effect.gen(function*() {
          let listChanged = false
          const changed = new Set<string>()
          for (const commit of chunk) {
            for (const change of commit.assets) {
              if (change.asset.pseudo === true) continue
              if (change._tag !== "Updated") listChanged = true
              if (change._tag !== "Created") changed.add(snippetUri(change.asset.id))
            }
          }
          for (const session of sessions.all()) {
            if (listChanged) yield* sessions.deliver(session, notificationJson("notifications/resources/list_changed", {}))
            for (const uri of changed) {
              if (session.subscriptions.has(uri)) {
                yield* sessions.deliver(session, notificationJson("notifications/resources/updated", { uri }))
              }
            }
          }
        })
      ),
      Effect.forkScoped
    )

    return { answer } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(SnippetResources, SnippetResources.make)
  static readonly layer = SnippetResources.layerNoDeps.pipe(
    Layer.provide([
      AssetRepository.layer,
      AssistantLibrary.layer,
      ChangeHub.layer,
      McpSessions.layer,
      SearchIndex.layer
    ])
  )
}
