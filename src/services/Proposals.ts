/**
 * An assistant's edits waiting for the user (`ASSISTANT_EDITS=propose`): each kept, with its assistant and time,
 * until the user accepts it (it is applied over the snippet as it is then, as a revision by the assistant, accepted by
 * the user) or rejects it (nothing is written to the snippet). A proposal is shown with what it would change in the
 * snippet as it is now, even when the snippet changed since it was made.
 */
import { Context, Effect, Layer, Option } from "effect"
import { randomUUID } from "node:crypto"
import { ProposalNotFound } from "../domain/Errors.ts"
import type { AssetId } from "../domain/Common.ts"
import { type Actor, type SnippetState, stateOf } from "../domain/Revision.ts"
import { snippetDiff } from "../domain/RevisionDiff.ts"
import { HistoryStore, type ProposalRow } from "../storage/HistoryStore.ts"
import { AssetEditor, checkedChanges, type SnippetChanges } from "./AssetEditor.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { Commits, type Transaction } from "./Commits.ts"
import { actingAs } from "./CurrentActor.ts"

/** The snippet as `changes` would leave it. */
const proposedState = (current: SnippetState, changes: SnippetChanges): SnippetState => ({
  ...current,
  ...(changes.name === undefined ? {} : { name: changes.name }),
  ...(changes.code === undefined ? {} : { code: changes.code }),
  ...(changes.language === undefined ? {} : { language: changes.language }),
  ...(changes.tags === undefined ? {} : { tags: changes.tags })
})

export class Proposals extends Context.Service<Proposals>()("Proposals", {
  make: Effect.gen(function*() {
    const store = yield* HistoryStore
    const repository = yield* AssetRepository
    const commits = yield* Commits
    const editor = yield* AssetEditor

    /** A proposal as shown: its snippet now (`deleted` when in the trash), and what it would change in it. */
    const shown = (row: ProposalRow) =>
      Effect.gen(function*() {
        const { asset, deleted } = yield* Effect.orDie(repository.getStored(row.asset_id as AssetId))
        const current = stateOf(asset)
        const changes = JSON.parse(row.changes) as SnippetChanges
        return {
          id: row.id,
          snippet: { id: asset.id, name: current.name, deleted },
          assistant: JSON.parse(row.actor) as Actor,
          created: row.created,
          changes,
          diff: snippetDiff(current, proposedState(current, changes), "now", "proposed")
        }
      })

    /** Keeps `changes` of a live snippet, by `assistant`, for the user to accept or reject; answers it as shown. */
    const propose = Effect.fn("Proposals.propose")(function*(id: AssetId, changes: SnippetChanges, assistant: Actor) {
      const checked = yield* checkedChanges(changes)
      yield* repository.get(id)
      const row: ProposalRow = {
        id: randomUUID(),
        asset_id: id,
        created: new Date().toISOString(),
        actor: JSON.stringify(assistant),
        changes: JSON.stringify(checked)
      }
      yield* commits.commit((tx) =>
        Effect.andThen(store.propose(row), Effect.sync(() => tx.proposalChanged(row.id, id)))
      )
      return yield* shown(row)
    })

    const list = Effect.fn("Proposals.list")(function*() {
      return yield* Effect.forEach(yield* store.proposals, shown)
    })

    /** Inside a write: the proposal, dropped (404 when it was settled already or never made). */
    const settled = (id: string, tx: Transaction) =>
      Effect.gen(function*() {
        const found = yield* store.proposalForWrite(id)
        if (Option.isNone(found)) return yield* Effect.fail(ProposalNotFound.of(id))
        yield* store.dropProposal(id)
        tx.proposalChanged(id, found.value.asset_id, true)
        return found.value
      })

    /** Applies the proposal over the snippet as it is now, by its assistant, accepted by the user; answers the snippet. */
    const accept = Effect.fn("Proposals.accept")(function*(id: string) {
      const found = yield* store.proposal(id)
      if (Option.isNone(found)) return yield* Effect.fail(ProposalNotFound.of(id))
      const assistant = JSON.parse(found.value.actor) as Actor
      return yield* commits.commit((tx) =>
        Effect.gen(function*() {
          const proposal = yield* settled(id, tx)
          return yield* editor.changeSnippetIn(
            tx,
            proposal.asset_id as AssetId,
            JSON.parse(proposal.changes) as SnippetChanges
          )
        })
      ).pipe(actingAs({ ...assistant, accepted: true }))
    })

    /** Drops the proposal; nothing is written to its snippet. */
    const reject = Effect.fn("Proposals.reject")(function*(id: string) {
      yield* commits.commit((tx) => settled(id, tx))
    })

    return { propose, list, accept, reject } as const
  })
}) {
  static readonly layerNoDeps = Layer.effect(Proposals, Proposals.make)
  static readonly layer = Proposals.layerNoDeps.pipe(
    Layer.provide([AssetRepository.layer, Commits.layer, AssetEditor.layer])
  )
}
