/**
 * The tools an AI assistant gets over MCP: their names, what each is for (written for a model choosing among them),
 * and their inputs, checked before a tool runs. Handlers are in `SnippetToolHandlers.ts`.
 */
import { Effect, Schema, SchemaGetter, SchemaIssue } from "effect"
import { Tool, Toolkit } from "effect/ai"
import { AssetId, ClassificationSpecificValue } from "../domain/Common.ts"
import { languageNamed } from "../domain/LanguageNames.ts"
import { PAGE_LIMIT } from "../services/AssistantLibrary.ts"

/** What a tool answers when it cannot do what it was asked: the reason, for the model to act on. */
export const ToolRefusal = Schema.Struct({ message: Schema.String })
export type ToolRefusal = typeof ToolRefusal.Type

const SnippetId = AssetId.annotate({ description: "A snippet's id (a UUID), as search_snippets answers it" })

/** A language by name or extension, stored as the extension the service knows it by. */
const Language = Schema.String.pipe(
  Schema.decodeTo(ClassificationSpecificValue, {
    decode: SchemaGetter.transformEffect((name: string) => {
      const known = languageNamed(name)
      return known === undefined
        ? Effect.fail(new SchemaIssue.InvalidValue({
          message: `Unknown language ${JSON.stringify(name)}: name it ("typescript") or give its extension ("ts")`
        }))
        : Effect.succeed(known)
    }),
    encode: SchemaGetter.passthrough()
  })
).annotate({ description: `A language by name or file extension: "python", "typescript", "rs", "c++"` })

/** An opaque position in a list of results, as the previous page answered it. */
export const Cursor = Schema.String.pipe(
  Schema.decodeTo(Schema.Natural, {
    decode: SchemaGetter.transformEffect((cursor: string) => {
      const offset = /^o(\d{1,6})$/.exec(Buffer.from(cursor, "base64url").toString("latin1"))
      return offset === null
        ? Effect.fail(new SchemaIssue.InvalidValue({
          message: "Not a cursor this server gave: pass next_cursor as it came"
        }))
        : Effect.succeed(Number(offset[1]))
    }),
    encode: SchemaGetter.transform((offset: number) => Buffer.from(`o${offset}`, "latin1").toString("base64url"))
  })
).annotate({ description: "next_cursor of the previous page, to read the next one" })

export const cursorOf = (offset: number | undefined): string | undefined =>
  offset === undefined ? undefined : Schema.encodeSync(Cursor)(offset)

const PageLimit = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: PAGE_LIMIT })).annotate({
  description: `How many to answer, at most ${PAGE_LIMIT}`
})

const IsoTime = Schema.String.check(
  Schema.makeFilter((text) => !Number.isNaN(Date.parse(text)) || `Not a date: ${JSON.stringify(text)}`)
).annotate({ description: `A date or time, ISO 8601: "2026-01-31" or "2026-01-31T12:00:00Z"` })

const TagList = Schema.Array(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200))).check(Schema.isMaxLength(50))

const Code = Schema.String.check(Schema.isMinLength(1)).annotate({ description: "The code, exactly as it should be saved" })

export const SearchSnippets = Tool.make("search_snippets", {
  description: "Search the user's saved code snippets. Answers summaries (id, name, language, tags, a few lines " +
    "around the match), best first; read a whole snippet with get_snippet. Without query, tags or filters it lists " +
    "the most recently updated snippets. total counts the results (when total_is_at_least is true, more match: " +
    "narrow the query). Modes: fuzzy (default: words in names, tags, notes and code, typos " +
    "tolerated), full_text (every word exactly as written), identifier_words (words against the words identifiers " +
    "are made of: \"parse http header\" finds parseHttpHeader).",
  parameters: Schema.Struct({
    query: Schema.optional(Schema.String.check(Schema.isMaxLength(400)).annotate({ description: "What to look for" })),
    mode: Schema.optional(Schema.Literals(["fuzzy", "full_text", "identifier_words"])),
    tags: Schema.optional(TagList.annotate({ description: "Only snippets carrying every one of these tags" })),
    language: Schema.optional(Language),
    website: Schema.optional(Schema.String.annotate({ description: "Only snippets with a website URL containing this" })),
    updated_after: Schema.optional(IsoTime),
    created_after: Schema.optional(IsoTime),
    cursor: Schema.optional(Cursor),
    limit: Schema.optional(PageLimit)
  }),
  success: Schema.Unknown,
  failure: ToolRefusal
})
  .annotate(Tool.Title, "Search snippets")
  .annotate(Tool.Readonly, true)
  .annotate(Tool.Destructive, false)
  .annotate(Tool.OpenWorld, false)

export const GetSnippet = Tool.make("get_snippet", {
  description: "Read one saved snippet whole: its code, language, tags, websites, notes (annotations) and times.",
  parameters: Schema.Struct({ id: SnippetId }),
  success: Schema.Unknown,
  failure: ToolRefusal
})
  .annotate(Tool.Title, "Read a snippet")
  .annotate(Tool.Readonly, true)
  .annotate(Tool.Destructive, false)
  .annotate(Tool.OpenWorld, false)

export const SaveSnippet = Tool.make("save_snippet", {
  description: "Save code to the user's snippet library as a new snippet (never overwrites one). First checks " +
    "whether a near copy is saved already: if so nothing is saved and the answer lists the near copies (id, name, " +
    "similarity from 0 to 1); save anyway with save_anyway: true. Without a language it is detected; without a " +
    "name one is made from the code.",
  parameters: Schema.Struct({
    code: Code,
    name: Schema.optional(Schema.String.check(Schema.isMaxLength(500))),
    language: Schema.optional(Language),
    tags: Schema.optional(TagList),
    websites: Schema.optional(
      Schema.Array(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(2000))).check(Schema.isMaxLength(20))
        .annotate({ description: "URLs the code comes from or relates to" })
    ),
    description: Schema.optional(Schema.String.check(Schema.isMaxLength(10_000))),
    save_anyway: Schema.optional(
      Schema.Boolean.annotate({ description: "Save even when a near copy is saved already" })
    )
  }),
  success: Schema.Unknown,
  failure: ToolRefusal
})
  .annotate(Tool.Title, "Save a snippet")
  .annotate(Tool.Readonly, false)
  .annotate(Tool.Destructive, false)
  .annotate(Tool.Idempotent, false)
  .annotate(Tool.OpenWorld, false)

export const EditSnippet = Tool.make("edit_snippet", {
  description: "Change a saved snippet: its name, its tags (the list given replaces the snippet's tags), its " +
    "language, or its code. Only the fields given change; all of them change together or none does.",
  parameters: Schema.Struct({
    id: SnippetId,
    name: Schema.optional(Schema.String.check(Schema.isMaxLength(500))),
    tags: Schema.optional(TagList),
    language: Schema.optional(Language),
    code: Schema.optional(Code)
  }),
  success: Schema.Unknown,
  failure: ToolRefusal
})
  .annotate(Tool.Title, "Edit a snippet")
  .annotate(Tool.Readonly, false)
  .annotate(Tool.Destructive, true)
  .annotate(Tool.Idempotent, true)
  .annotate(Tool.OpenWorld, false)

export const TrashSnippet = Tool.make("trash_snippet", {
  description: "Move a saved snippet to the trash. The user can restore it from the trash; nothing is deleted " +
    "for good through this tool.",
  parameters: Schema.Struct({ id: SnippetId }),
  success: Schema.Unknown,
  failure: ToolRefusal
})
  .annotate(Tool.Title, "Move a snippet to the trash")
  .annotate(Tool.Readonly, false)
  .annotate(Tool.Destructive, true)
  .annotate(Tool.Idempotent, true)
  .annotate(Tool.OpenWorld, false)

const RevisionNumber = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)).annotate({
  description: "A revision's number, as snippet_history lists it"
})

export const SnippetHistoryTool = Tool.make("snippet_history", {
  description: "The history of a saved snippet: its revisions, newest first, each with its number, time, who made " +
    "it (an editor, the library page, an assistant, an importer) and which fields it changed. Read one with " +
    "get_snippet_revision; bring one back with restore_snippet_revision.",
  parameters: Schema.Struct({ id: SnippetId, cursor: Schema.optional(Cursor), limit: Schema.optional(PageLimit) }),
  success: Schema.Unknown,
  failure: ToolRefusal
})
  .annotate(Tool.Title, "Snippet history")
  .annotate(Tool.Readonly, true)
  .annotate(Tool.Destructive, false)
  .annotate(Tool.OpenWorld, false)

export const GetSnippetRevision = Tool.make("get_snippet_revision", {
  description: "One revision of a saved snippet: the snippet (name, code, language, tags, websites, annotations) " +
    "as that revision left it, and who made it when.",
  parameters: Schema.Struct({ id: SnippetId, revision: RevisionNumber }),
  success: Schema.Unknown,
  failure: ToolRefusal
})
  .annotate(Tool.Title, "Read a revision")
  .annotate(Tool.Readonly, true)
  .annotate(Tool.Destructive, false)
  .annotate(Tool.OpenWorld, false)

export const RestoreSnippetRevision = Tool.make("restore_snippet_revision", {
  description: "Make a saved snippet as one of its revisions left it. This adds a new revision (history is never " +
    "rewritten), so it can be undone in turn; a snippet in the trash comes back.",
  parameters: Schema.Struct({ id: SnippetId, revision: RevisionNumber }),
  success: Schema.Unknown,
  failure: ToolRefusal
})
  .annotate(Tool.Title, "Restore a revision")
  .annotate(Tool.Readonly, false)
  .annotate(Tool.Destructive, true)
  .annotate(Tool.Idempotent, false)
  .annotate(Tool.OpenWorld, false)

export const ListTags = Tool.make("list_tags", {
  description: "The tags of the user's snippets, each with how many snippets carry it, most used first.",
  parameters: Schema.Struct({ cursor: Schema.optional(Cursor), limit: Schema.optional(PageLimit) }),
  success: Schema.Unknown,
  failure: ToolRefusal
})
  .annotate(Tool.Title, "List tags")
  .annotate(Tool.Readonly, true)
  .annotate(Tool.Destructive, false)
  .annotate(Tool.OpenWorld, false)

export const RelatedSnippets = Tool.make("related_snippets", {
  description: "Snippets related to one saved snippet: alike code first, then shared tags and the same language; " +
    "each a summary with a score from 0 to 1.",
  parameters: Schema.Struct({ id: SnippetId, limit: Schema.optional(PageLimit) }),
  success: Schema.Unknown,
  failure: ToolRefusal
})
  .annotate(Tool.Title, "Related snippets")
  .annotate(Tool.Readonly, true)
  .annotate(Tool.Destructive, false)
  .annotate(Tool.OpenWorld, false)

export const SnippetToolkit = Toolkit.make(
  SearchSnippets,
  GetSnippet,
  SaveSnippet,
  EditSnippet,
  TrashSnippet,
  ListTags,
  RelatedSnippets,
  SnippetHistoryTool,
  GetSnippetRevision,
  RestoreSnippetRevision
)
