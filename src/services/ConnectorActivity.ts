/**
 * What integrations report: intentions, copied code to compare (suggestions), the user's answers (reactions),
 * onboarding, and tracked events. Suggestions compare with every saved (non-pseudo) asset through the
 * `SimilarityIndex` and with the application's intentions.
 */
import { Context, Effect, Layer, Option } from "effect"
import { InvalidRequest } from "../domain/Errors.ts"
import type { Application } from "../domain/Application.ts"
import { isSubstantial, isTrivial } from "../domain/CodeFingerprint.ts"
import { commentedPaste } from "../domain/CommentedPaste.ts"
import { interactedWith, type ScoreField } from "../domain/AssetEdits.ts"
import { AssetId } from "../domain/Common.ts"
import type {
  Reaction,
  SeededConnectorAsset,
  SeededConnectorCreation,
  SeededConnectorTracking
} from "../domain/Connector.ts"
import { seedCode } from "../domain/SeedCode.ts"
import { timestamp } from "../domain/Timestamps.ts"
import { iterableJson } from "../domain/WireJson.ts"
import { AssetCreator } from "./AssetCreator.ts"
import { AssetEditor } from "./AssetEditor.ts"
import { ConnectorStore } from "../storage/ConnectorStore.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { Commits } from "./Commits.ts"
import { INTENTION_MATCH, Intentions } from "./Intentions.ts"
import { SimilarityIndex } from "./SimilarityIndex.ts"

/**
 * How alike copied code must be to a saved asset for the service to say "you already saved this". Chosen on the
 * tuning part of `npm run bench:similarity` (the project's own corpus): the highest threshold that still recognises
 * nearly every copy with one line in four edited, while few never-saved functions draw a reuse suggestion.
 */
export const REUSE_MATCH = 0.7
/** Saved assets a suggestion lists as compared. */
const COMPARED = 5

/** Which score a tracked event on an asset raises, by the event's name. */
export const scoreOfEvent = (event: string): ScoreField | undefined =>
  /copied|inserted|reused|pasted/.test(event)
    ? "reuse"
    : /viewed|opened|previewed|expanded/.test(event)
    ? "reference"
    : /updated|edited|renamed|modified/.test(event)
    ? "update"
    : /searched/.test(event)
    ? "searched"
    : undefined

const TRACKED_KINDS = [
  "asset",
  "format",
  "interaction",
  "keyboard",
  "session",
  "assets",
  "ml",
  "adoption",
  "conversation"
] as const

export class ConnectorActivity extends Context.Service<ConnectorActivity>()("ConnectorActivity", {
  make: Effect.gen(function*() {
    const store = yield* ConnectorStore
    const commits = yield* Commits
    const repository = yield* AssetRepository
    const creator = yield* AssetCreator
    const editor = yield* AssetEditor
    const similar = yield* SimilarityIndex
    const intentions = yield* Intentions

    const intention = Effect.fn("ConnectorActivity.intention")(function*(
      application: Application,
      seed: SeededConnectorAsset
    ) {
      const code = seedCode(seed)
      if (code.trim() === "") {
        return yield* new InvalidRequest({ message: "An intention needs code: format.fragment or format.file", path: ["format"] })
      }
      return yield* intentions.add(application.id, seed, code)
    })

    /** The `Suggestion` as JSON text (the compared assets are sent as stored). */
    const suggest = Effect.fn("ConnectorActivity.suggest")(function*(
      application: Application,
      creation: SeededConnectorCreation
    ) {
      const code = seedCode(creation.asset)
      const trivial = isTrivial(code)
      // Too little code to compare, unless it is mostly comments, which are compared as text.
      const compared = trivial && commentedPaste(code) === undefined
        ? []
        : yield* similar.closest(code, { limit: COMPARED })
      const reuse = compared.filter((found) => found.similarity >= REUSE_MATCH)
      // New code is worth saving when it is substantial, or when the application said it intended this code.
      const intended = !trivial && intentions.bestMatch(application.id, code) >= INTENTION_MATCH
      const save = reuse.length === 0 && !trivial && (isSubstantial(code) || intended)
      const documents = yield* repository.documentsAt(compared.map((found) => found.row), true)
      const assetsJson = (list: ReadonlyArray<{ row: number }>) =>
        iterableJson(list.flatMap((found) => documents.get(found.row)?.json ?? []))
      const distribution = Object.fromEntries(
        compared.flatMap((found) => {
          const id = documents.get(found.row)?.id
          return id === undefined ? [] : [[id, found.similarity]]
        })
      )
      return `{"reuse":{"suggested":${reuse.length > 0},"assets":${assetsJson(reuse)}},` +
        `"save":{"suggested":${save}},` +
        // `vector` is an integer in Pieces' schema; no vector is made here: the best similarity, in percent.
        `"target":{"seed":${JSON.stringify(creation)},"vector":${Math.round(100 * (compared[0]?.similarity ?? 0))}},` +
        `"assets":${assetsJson(compared)},"distribution":${JSON.stringify(distribution)}}`
    })

    /** Saves the suggested snippet, or records the reuse of a saved one; answers the asset's id ("" for neither). */
    const react = Effect.fn("ConnectorActivity.react")(function*(application: Application, reaction: Reaction) {
      if (reaction.reuse !== undefined) {
        const reused = yield* editor.recordInteraction(AssetId.make(reaction.reuse.asset), ["reuse"])
        return reused.id
      }
      if (!reaction.save) return ""
      const seeded = reaction.seed.asset
      if (seeded === undefined) {
        return yield* Effect.fail(
          new InvalidRequest({ message: "Saving needs the suggested snippet in seed.asset", path: ["seed", "asset"] })
        )
      }
      const created = yield* creator.create({
        type: "SEEDED_ASSET",
        asset: {
          application,
          format: seeded.format,
          metadata: { ...seeded.metadata, mechanism: "RECOMMENDED" }
        }
      })
      return created.id
    })

    /**
     * Persists the event; one about an asset (or one of its formats) also updates that asset's interaction data, in
     * the same write.
     */
    const track = Effect.fn("ConnectorActivity.track")(function*(
      application: Application,
      tracking: SeededConnectorTracking
    ) {
      const kind = TRACKED_KINDS.find((key) => tracking[key] !== undefined)
      if (kind === undefined) {
        return yield* Effect.fail(
          new InvalidRequest({ message: `A tracking body names one event: one of ${TRACKED_KINDS.join(", ")}` })
        )
      }
      const pair = (tracking[kind] as { identifier_description_pair?: Record<string, string> } | undefined)
        ?.identifier_description_pair
      const event = pair === undefined ? null : Object.keys(pair)[0] ?? null
      const assetId = tracking.asset !== undefined
        ? Option.some(AssetId.make(tracking.asset.asset.id))
        : tracking.format !== undefined
        ? yield* repository.assetOfFormat(tracking.format.format.id)
        : Option.none<AssetId>()
      const raised = scoreOfEvent(event ?? "")
      yield* commits.commit((tx) =>
        Effect.gen(function*() {
          // Fails with 404 or 410, storing nothing, for an asset that is not there.
          if (Option.isSome(assetId)) {
            yield* tx.edit(assetId.value, (asset) =>
              interactedWith(asset, raised === undefined ? [] : [raised], timestamp(new Date())))
          }
          yield* store.track({
            applicationId: application.id,
            kind,
            event,
            assetId: Option.getOrNull(assetId),
            created: new Date().toISOString(),
            body: JSON.stringify(tracking)
          })
        })
      )
      return event ?? kind
    })

    return { intention, suggest, react, track } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(ConnectorActivity, ConnectorActivity.make)
  static readonly layer = ConnectorActivity.layerNoDeps.pipe(
    Layer.provide([
      AssetCreator.layer,
      AssetEditor.layer,
      AssetRepository.layer,
      Commits.layer,
      Intentions.layer,
      SimilarityIndex.layer
    ])
  )
}
