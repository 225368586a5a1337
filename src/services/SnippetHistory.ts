/**
 * A snippet's history, read and restored: its revisions newest first in pages, one revision with the snippet as it
 * was, the difference between two revisions, and a restore, which appends a revision equal to an earlier one (it
 * never rewrites history) and brings a snippet in the trash back.
 */
import { Context, Effect, Layer, Option } from "effect"
import { InvalidRequest, RevisionNotFound } from "../domain/Errors.ts"
import type { AssetId } from "../domain/Common.ts"
import {
  type Actor,
  changedFields,
  type Revision,
  type RevisionEntry,
  type RevisionEvent,
  type SnippetField,
  type SnippetState,
  stateOf
} from "../domain/Revision.ts"
import { snippetDiff } from "../domain/RevisionDiff.ts"
import { stateFromChain } from "../domain/RevisionStates.ts"
import { HistoryStore, type RevisionListed } from "../storage/HistoryStore.ts"
import { AssetEditor, type SnippetChanges } from "./AssetEditor.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { Commits } from "./Commits.ts"

/** Revisions a page lists unless asked for fewer, and at most. */
export const REVISIONS_PAGE = { default: 50, max: 100 } as const

/** Before a snippet's first revision: nothing. */
const NOTHING: SnippetState = { name: "", code: "", language: "", tags: [], websites: [], annotations: [] }

export const entryOf = (row: RevisionListed): RevisionEntry => ({
  number: row.number,
  created: row.created,
  actor: JSON.parse(row.actor) as Actor,
  event: row.event as RevisionEvent,
  changed: row.changed === "" ? [] : row.changed.split(",") as Array<SnippetField>,
  ...(row.restored === null ? {} : { restored: row.restored })
})

/** The changes that make a snippet in state `from` as it is in `to`: the fields that differ (a language, if known). */
export const changesBetween = (from: SnippetState, to: SnippetState): SnippetChanges =>
  Object.fromEntries(
    changedFields(from, to).filter((field) => field !== "language" || to.language !== "").map((field) => [field, to[field]])
  )

export class SnippetHistory extends Context.Service<SnippetHistory>()("SnippetHistory", {
  make: Effect.gen(function*() {
    const store = yield* HistoryStore
    const repository = yield* AssetRepository
    const commits = yield* Commits
    const editor = yield* AssetEditor

    /** The snippet's revisions, newest first, numbered below `below`; `next` is where the next page starts. */
    const page = Effect.fn("SnippetHistory.page")(function*(id: AssetId, below: number | undefined, limit: number) {
      yield* repository.getStored(id)
      const rows = yield* store.page(id, below, limit + 1)
      const items = rows.slice(0, limit).map(entryOf)
      return { items, next: rows.length > limit ? items[items.length - 1].number : undefined }
    })

    const entry = (id: AssetId, number: number) =>
      Effect.flatMap(store.entry(id, number), Option.match({
        onNone: () => Effect.fail(RevisionNotFound.of(id, number)),
        onSome: (row) => Effect.succeed(entryOf(row))
      }))

    /** The snippet as revision `number` left it. */
    const stateAt = (id: AssetId, number: number) =>
      Effect.map(store.chain(id, number), (chain) => {
        const state = stateFromChain(chain)
        if (state === undefined) throw new Error(`Revision ${number} of ${id} cannot be read back: its chain is broken`)
        return state
      })

    const revision = Effect.fn("SnippetHistory.revision")(function*(id: AssetId, number: number) {
      yield* repository.getStored(id)
      const found = yield* entry(id, number)
      const revision: Revision = { ...found, snippet: yield* stateAt(id, number) }
      return revision
    })

    /** What revision `number` changed from revision `against` (the one before it unless given; 0 is nothing). */
    const diff = Effect.fn("SnippetHistory.diff")(function*(id: AssetId, number: number, against: number | undefined) {
      yield* repository.getStored(id)
      yield* entry(id, number)
      const other = against ?? number - 1
      if (other > 0 && Option.isNone(yield* store.entry(id, other))) {
        return yield* Effect.fail(
          new InvalidRequest({ message: `Snippet ${id} has no revision ${other} to compare with`, path: ["against"] })
        )
      }
      const before = other === 0 ? NOTHING : yield* stateAt(id, other)
      return {
        from: other,
        to: number,
        ...snippetDiff(before, yield* stateAt(id, number), `revision ${other}`, `revision ${number}`)
      }
    })

    /**
     * The snippet made as revision `number` left it, as a new revision (`reverted`), brought back from the trash if
     * it is there; answers that revision.
     */
    const restore = Effect.fn("SnippetHistory.restore")(function*(id: AssetId, number: number) {
      const { deleted } = yield* repository.getStored(id)
      yield* entry(id, number)
      const wanted = yield* stateAt(id, number)
      yield* commits.commit((tx) =>
        Effect.gen(function*() {
          if (deleted) yield* tx.restore(id)
          const current = yield* repository.getForWrite(id)
          const changed = yield* editor.changeSnippetIn(tx, id, changesBetween(stateOf(current), wanted))
          tx.revertedTo(changed, number)
        })
      )
      const [newest] = yield* store.page(id, undefined, 1)
      const restored: Revision = { ...entryOf(newest), snippet: yield* stateAt(id, newest.number) }
      return restored
    })

    return { page, revision, diff, restore } as const
  })
}) {
  static readonly layerNoDeps = Layer.effect(SnippetHistory, SnippetHistory.make)
  static readonly layer = SnippetHistory.layerNoDeps.pipe(
    Layer.provide([AssetRepository.layer, Commits.layer, AssetEditor.layer])
  )
}
