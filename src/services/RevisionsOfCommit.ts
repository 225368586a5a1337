/**
 * The revisions one write records, inside its transaction: for each snippet it changed, its state before the write
 * and after it, and what the write did to it (several changes of one snippet in one write are one revision). Written
 * last in the write, numbered after the snippet's newest revision; a write that changed none of a snippet's fields
 * (its scores, say) and did not delete or restore it records none, and pseudo assets have no history.
 */
import { Effect } from "effect"
import type { Asset } from "../domain/Asset.ts"
import {
  type Actor,
  changedFields,
  type RevisionEvent,
  type SnippetState,
  stateOf
} from "../domain/Revision.ts"
import { packAfter } from "../domain/RevisionStates.ts"
import type { HistoryStoreShape, RevisionRow } from "../storage/HistoryStore.ts"

interface Changed {
  /** The snippet before the write: none when the write created it. */
  readonly before: SnippetState | undefined
  after: SnippetState
  pseudo: boolean
  events: Set<RevisionEvent>
  restored?: number
}

/** What a revision says the write did, of everything it did to the snippet. */
const eventOf = (changed: Changed): RevisionEvent =>
  changed.restored !== undefined
    ? "reverted"
    : (["created", "deleted", "restored"] as const).find((event) => changed.events.has(event)) ?? "edited"

export class RevisionsOfCommit {
  private readonly snippets = new Map<string, Changed>()
  private readonly historyGiven = new Set<string>()

  /** The write changed `asset` from `before` (none: it created it) to `after`. */
  changed(before: Asset | undefined, after: Asset, event: RevisionEvent) {
    const earlier = this.snippets.get(after.id)
    if (earlier === undefined) {
      this.snippets.set(after.id, {
        before: before === undefined ? undefined : stateOf(before),
        after: stateOf(after),
        pseudo: after.pseudo === true,
        events: new Set([event])
      })
    } else {
      earlier.after = stateOf(after)
      earlier.pseudo = after.pseudo === true
      earlier.events.add(event)
    }
  }

  /** The write restored `asset` to its revision `number`: recorded even when nothing changed. */
  revertedTo(asset: Asset, number: number) {
    if (!this.snippets.has(asset.id)) this.changed(asset, asset, "edited")
    this.snippets.get(asset.id)!.restored = number
  }

  /** The snippet's history came with it: the write records none. */
  supplied(id: string) {
    this.historyGiven.add(id)
  }

  /** Writes the revisions, by `actor`, through `history`. */
  write(history: HistoryStoreShape, actor: Actor) {
    const recorded = [...this.snippets].filter(([id, changed]) =>
      !this.historyGiven.has(id) && !changed.pseudo &&
      (eventOf(changed) !== "edited" || changedFields(changed.before, changed.after).length > 0)
    )
    if (recorded.length === 0) return Effect.void
    const created = new Date().toISOString()
    const actorJson = JSON.stringify(history.member === undefined ? actor : { ...actor, member: history.member })
    return Effect.flatMap(
      history.newest(recorded.filter(([, changed]) => changed.before !== undefined).map(([id]) => id)),
      (newest) =>
        history.append(recorded.map(([id, changed]): RevisionRow => {
          const previous = newest.get(id)
          const number = (previous?.number ?? 0) + 1
          // The snippet before the write is its newest revision's.
          const packed = packAfter(
            previous === undefined || changed.before === undefined ? undefined : { keyframe: previous.keyframe, state: changed.before },
            number,
            changed.after
          )
          return {
            asset_id: id,
            number,
            created,
            actor: actorJson,
            event: eventOf(changed),
            changed: changedFields(changed.before, changed.after).join(","),
            restored: changed.restored ?? null,
            ...packed
          }
        }))
    )
  }
}
