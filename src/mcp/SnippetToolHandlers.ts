/**
 * What each snippet tool does: the `AssistantLibrary` operation behind it, its answer in the fields a model reads
 * (snake_case, as the inputs), and the library's refusals as the reasons a tool gives.
 */
import { Effect } from "effect"
import { AssistantConfig } from "../config.ts"
import type { AssetDeleted, AssetNotFound, AssetNotInTrash, InvalidRequest, RevisionNotFound } from "../domain/Errors.ts"
import type { Revision } from "../domain/Revision.ts"
import { AssistantLibrary, type SnippetDetails, type SnippetSummary } from "../services/AssistantLibrary.ts"
import { CurrentActor } from "../services/CurrentActor.ts"
import { Proposals } from "../services/Proposals.ts"
import { SnippetHistory } from "../services/SnippetHistory.ts"
import { served } from "./McpTools.ts"
import {
  cursorOf,
  EditSnippet,
  GetSnippet,
  GetSnippetRevision,
  RestoreSnippetRevision,
  SnippetHistoryTool,
  ListTags,
  RelatedSnippets,
  SaveSnippet,
  SearchSnippets,
  type ToolRefusal,
  TrashSnippet
} from "./SnippetTools.ts"

/** Code longer than this (in characters) is cut in a `get_snippet` answer, which must stay under the result limit. */
const CODE_LIMIT = 120_000

type Refused = AssetNotFound | AssetDeleted | InvalidRequest | RevisionNotFound | AssetNotInTrash

const refusalOf = (error: Refused): ToolRefusal => {
  switch (error._tag) {
    case "RevisionNotFound":
      return { message: `Snippet ${error.asset} has no revision ${error.revision}: list them with snippet_history` }
    case "AssetNotInTrash":
      return { message: error.message }
    case "AssetNotFound":
      return { message: `No snippet has id ${error.asset}: find ids with search_snippets` }
    case "AssetDeleted":
      return { message: `Snippet ${error.asset} is in the trash` }
    case "InvalidRequest":
      return {
        message: error.path === undefined || error.path.length === 0
          ? error.message
          : `${error.path.join(".")}: ${error.message}`
      }
  }
}

const summaryJson = (summary: SnippetSummary) => ({
  id: summary.id,
  name: summary.name,
  language: summary.language,
  tags: summary.tags,
  updated: summary.updated,
  excerpt: summary.excerpt
})

const detailsJson = (details: SnippetDetails) => {
  return {
    id: details.id,
    name: details.name,
    language: details.language,
    tags: details.tags,
    websites: details.websites,
    annotations: details.annotations,
    created: details.created,
    updated: details.updated,
    ...codeJson(details.code)
  }
}

/** A snippet's code, cut to what a tool result holds. */
const codeJson = (code: string) =>
  code.length > CODE_LIMIT ? { code: code.slice(0, CODE_LIMIT), code_truncated: true, code_length: code.length } : { code }

const revisionJson = (revision: Revision) => ({
  revision: revision.number,
  created: revision.created,
  actor: revision.actor,
  event: revision.event,
  changed: revision.changed,
  ...(revision.restored === undefined ? {} : { restores: revision.restored }),
  snippet: { ...revision.snippet, ...codeJson(revision.snippet.code) }
})

/** What a change answers: the snippet without its code, which the caller has. */
const changedJson = (details: SnippetDetails) => ({
  id: details.id,
  name: details.name,
  language: details.language,
  tags: details.tags,
  updated: details.updated
})

export const makeSnippetTools = Effect.gen(function*() {
  const library = yield* AssistantLibrary
  const history = yield* SnippetHistory
  const proposals = yield* Proposals
  const { edits } = yield* AssistantConfig
  const refused = <A, R>(effect: Effect.Effect<A, Refused, R>) => Effect.mapError(effect, refusalOf)

  return [
    served(SearchSnippets, (params) =>
      refused(library.find({
        query: params.query,
        mode: params.mode,
        tags: params.tags,
        language: params.language,
        website: params.website,
        updatedAfter: params.updated_after,
        createdAfter: params.created_after,
        offset: params.cursor,
        limit: params.limit
      })).pipe(Effect.map((page) => ({
        snippets: page.items.map(summaryJson),
        total: page.total,
        ...(page.more === true ? { total_is_at_least: true } : {}),
        ...(page.next === undefined ? {} : { next_cursor: cursorOf(page.next) })
      })))),
    served(GetSnippet, (params) => refused(Effect.map(library.get(params.id), detailsJson))),
    served(SaveSnippet, (params) =>
      refused(library.save({
        code: params.code,
        name: params.name,
        language: params.language,
        tags: params.tags,
        websites: params.websites,
        description: params.description,
        saveAnyway: params.save_anyway
      })).pipe(Effect.map((outcome) =>
        outcome.saved
          ? { saved: true, snippet: changedJson(outcome.snippet), near_copies: outcome.nearCopies }
          : {
            saved: false,
            reason: "Near copies of this code are saved already; call again with save_anyway: true to save it too",
            near_copies: outcome.nearCopies
          }
      ))),
    served(EditSnippet, (params) => {
      const changes = { name: params.name, tags: params.tags, language: params.language, code: params.code }
      return edits === "apply"
        ? refused(library.edit(params.id, changes)).pipe(
          Effect.map((details) => ({ edited: true, snippet: changedJson(details) }))
        )
        : refused(Effect.flatMap(CurrentActor, (assistant) => proposals.propose(params.id, changes, assistant))).pipe(
          Effect.map((proposal) => ({
            edited: false,
            proposed: true,
            proposal: proposal.id,
            message: "The edit waits for the user's approval: nothing changed yet. The user accepts or rejects it " +
              "in the library page's proposals."
          }))
        )
    }),
    served(TrashSnippet, (params) =>
      refused(library.trash(params.id)).pipe(Effect.map(({ id }) => ({
        trashed: true,
        id,
        restore: "The user can restore it from the trash (the library page, or POST /trash/{id}/restore)"
      })))),
    served(ListTags, (params) =>
      Effect.map(library.tags(params.cursor ?? 0, params.limit ?? 50), (page) => ({
        tags: page.items,
        total: page.total,
        ...(page.next === undefined ? {} : { next_cursor: cursorOf(page.next) })
      }))),
    served(SnippetHistoryTool, (params) =>
      refused(history.page(params.id, params.cursor, params.limit ?? 20)).pipe(Effect.map((page) => ({
        revisions: page.items.map(({ number, ...entry }) => ({ revision: number, ...entry })),
        ...(page.next === undefined ? {} : { next_cursor: cursorOf(page.next) })
      })))),
    served(GetSnippetRevision, (params) => refused(Effect.map(history.revision(params.id, params.revision), revisionJson))),
    served(RestoreSnippetRevision, (params) =>
      refused(history.restore(params.id, params.revision)).pipe(
        Effect.map((revision) => ({ restored: true, ...revisionJson(revision) }))
      )),
    served(RelatedSnippets, (params) =>
      refused(library.related(params.id, params.limit ?? 10)).pipe(Effect.map((related) => ({
        snippets: related.map((snippet) => ({ ...summaryJson(snippet), score: snippet.score }))
      }))))
  ]
})
