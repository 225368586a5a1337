/**
 * Importing snippets read from another tool (`imports/`): a preview of what an import would do, and the import,
 * which writes through the commit path. Each snippet's asset id is its source's or derived from its identity there
 * (`importedAssetId`), so importing the same entry again finds it and adds nothing. The preview says, for each
 * snippet, what it will be: new (with the saved snippets it is a near copy of, by the suggestion engine), or
 * skipped because the library holds it already (live or in the trash) or it came twice. An entry the library
 * refuses (too large, say) is reported with its place and the rest go on.
 */
import { Context, Effect, Layer, Result } from "effect"
import type { InvalidRequest } from "../domain/Errors.ts"
import type { Asset } from "../domain/Asset.ts"
import { buildAsset } from "../domain/AssetBuilder.ts"
import { AssetId, FormatId } from "../domain/Common.ts"
import { countsOf } from "../domain/Counts.ts"
import { languageNamed } from "../domain/LanguageNames.ts"
import type { Seed } from "../domain/Seed.ts"
import { timestamp } from "../domain/Timestamps.ts"
import {
  formerAssetId,
  type ImportedSnippet,
  importedAssetId,
  type ImportKind,
  type ImportReading,
  type LeftOut
} from "../imports/ImportedSnippet.ts"
import type { ImportedEntry, ImportReport } from "../imports/ImportReport.ts"
import { randomUUID } from "node:crypto"
import { AssetCreator } from "./AssetCreator.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { actingAs } from "./CurrentActor.ts"
import { Installation } from "./Installation.ts"
import { NearCopies } from "./NearCopies.ts"
import { SeedPreprocessor } from "./SeedPreprocessor.ts"

/** Near copies the preview names per snippet. */
const NEAR_COPIES_SHOWN = 3
/** Snippets prepared and written at once: as many as the commit path puts in one transaction (`BATCH_LIMIT`). */
const CONCURRENCY = 64

/** What became of one snippet: imported (or new, in a dry run), or held by the library already. */
type Outcome = { readonly entry: ImportedEntry } | { readonly held: string }

/** Counts of each value, most frequent first. */
const counted = (values: ReadonlyArray<string>) =>
  [...countsOf(values)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name, count]) => ({ name, count }))

/** What the library's create path is given for an imported snippet. */
const seedOf = (kind: ImportKind, snippet: ImportedSnippet): Seed => {
  // A language the service does not know is left to detection.
  const ext = snippet.language === undefined ? undefined : languageNamed(snippet.language)
  return {
    type: "SEEDED_ASSET",
    asset: {
      application: { name: "OPEN_SOURCE", version: `import-${kind}`, platform: "UNKNOWN" },
      format: { fragment: { string: { raw: snippet.code }, ...(ext === undefined ? {} : { metadata: { ext } }) } },
      metadata: {
        name: snippet.name,
        mechanism: "MANUAL",
        tags: snippet.tags.filter((tag) => tag.trim() !== "").map((text) => ({ text })),
        websites: snippet.websites.map((website) => ({ url: website.url, name: website.name ?? website.url })),
        annotations: [
          ...(snippet.description === undefined ? [] : [{ type: "DESCRIPTION" as const, text: snippet.description }]),
          ...(snippet.note === undefined ? [] : [{ type: "COMMENT" as const, text: snippet.note }])
        ]
      }
    }
  }
}

/** An imported asset keeps the times its source gave. */
const withSourceTimes = (asset: Asset, snippet: ImportedSnippet): Asset =>
  snippet.updated === undefined ? asset : { ...asset, updated: timestamp(new Date(snippet.updated)) }

const messageOf = (error: unknown) =>
  typeof error === "object" && error !== null && "message" in error ? String(error.message) : String(error)

export class LibraryImport extends Context.Service<LibraryImport>()("LibraryImport", {
  make: Effect.gen(function*() {
    const repository = yield* AssetRepository
    const preprocessor = yield* SeedPreprocessor
    const creator = yield* AssetCreator
    const near = yield* NearCopies
    const installation = yield* Installation

    /** Why the library already holds this id, if it does. */
    const heldAs = (id: string) =>
      Effect.map(repository.findDocument(AssetId.make(id), false), (found) =>
        found._tag === "None" ? undefined : found.value.deleted ? "is in the library's trash" : "is in the library")

    /**
     * Why the library already holds this snippet, if it does: under its id, or under the id an earlier version of its
     * importer gave it, when the snippet held there is this one (created at the same time).
     */
    const snippetHeldAs = (kind: ImportKind, snippet: ImportedSnippet, id: string) =>
      Effect.flatMap(heldAs(id), (held) => {
        const former = formerAssetId(kind, snippet)
        if (held !== undefined || former === undefined || snippet.created === undefined) return Effect.succeed(held)
        return repository.getStored(AssetId.make(former)).pipe(
          Effect.map(({ asset, deleted }) =>
            Date.parse(asset.created.value) !== Date.parse(snippet.created!)
              ? undefined
              : `${deleted ? "is in the library's trash" : "is in the library"}, imported before as ${former}`
          ),
          Effect.catchTag("AssetNotFound", () => Effect.succeed(undefined))
        )
      })

    /**
     * Prepares (classifies, names) and, unless a dry run, stores one snippet; answers its entry, or that the library
     * holds its id already (another import of the same source may have stored it since it was looked up).
     */
    const importOne = Effect.fn("LibraryImport.importOne")(function*(
      kind: ImportKind,
      snippet: ImportedSnippet,
      id: string,
      dryRun: boolean
    ) {
      const seed = seedOf(kind, snippet)
      // Near copies are the preview's to show; looking them up would halve an import's pace.
      const nearCopies = dryRun ? yield* near.of(snippet.code, NEAR_COPIES_SHOWN) : []
      let language: string
      if (dryRun) {
        const drafted = yield* preprocessor.draft(seed)
        language = drafted.asset.format.classification?.specific ?? "txt"
      } else {
        const prepared = yield* preprocessor.prepareForCreate(seed)
        const created = snippet.created === undefined ? new Date() : new Date(snippet.created)
        const asset = buildAsset(prepared.asset, {
          assetId: AssetId.make(id),
          formatId: FormatId.make(randomUUID()),
          nextId: randomUUID,
          creator: installation.userId,
          now: timestamp(created)
        })
        const stored = yield* creator.storeNew(withSourceTimes(asset, snippet)).pipe(
          actingAs({ kind: "importer", source: kind, file: snippet.place.file })
        )
        if (!stored) return { held: `is in the library already (${id})` } satisfies Outcome
        language = prepared.asset.classification.specific ?? "txt"
      }
      const entry: ImportedEntry = {
        id,
        name: seed.asset.metadata?.name ?? snippet.name,
        language,
        place: snippet.place,
        near_copies: nearCopies.filter((copy) => copy.id !== id)
      }
      return { entry } satisfies Outcome
    })

    /** Previews (`dryRun`) or imports what an importer read. */
    const run = Effect.fn("LibraryImport.run")(function*(kind: ImportKind, reading: ImportReading, dryRun: boolean) {
      const skipped: Array<LeftOut> = [...reading.skipped]
      const problems: Array<LeftOut> = [...reading.problems]
      const seen = new Set<string>()
      const planned: Array<{ readonly snippet: ImportedSnippet; readonly id: string }> = []
      for (const snippet of reading.snippets) {
        const id = importedAssetId(kind, snippet)
        if (seen.has(id)) skipped.push({ place: snippet.place, reason: "comes twice in this import; the first is kept" })
        else {
          seen.add(id)
          planned.push({ snippet, id })
        }
      }
      const outcomes = yield* Effect.forEach(
        planned,
        ({ id, snippet }) =>
          Effect.result(Effect.flatMap(snippetHeldAs(kind, snippet, id), (held): Effect.Effect<Outcome, InvalidRequest> =>
            held === undefined
              ? importOne(kind, snippet, id, dryRun)
              : Effect.succeed({ held: `${held} already (${id})` }))),
        { concurrency: CONCURRENCY }
      )
      const entries: Array<ImportedEntry> = []
      const tags: Array<string> = []
      outcomes.forEach((outcome, index) => {
        const { snippet } = planned[index]!
        if (Result.isFailure(outcome)) problems.push({ place: snippet.place, reason: `was refused: ${messageOf(outcome.failure)}` })
        else if ("held" in outcome.success) skipped.push({ place: snippet.place, reason: outcome.success.held })
        else {
          entries.push(outcome.success.entry)
          tags.push(...snippet.tags)
        }
      })
      const report: ImportReport = {
        kind,
        dry_run: dryRun,
        read: reading.snippets.length,
        new: entries.length,
        imported: dryRun ? 0 : entries.length,
        languages: counted(entries.map((entry) => entry.language)),
        tags: counted(tags),
        entries,
        skipped,
        problems
      }
      return report
    })

    return { run } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(LibraryImport, LibraryImport.make)
  static readonly layer = LibraryImport.layerNoDeps.pipe(
    Layer.provide([
      AssetCreator.layer,
      AssetRepository.layer,
      Installation.layer,
      NearCopies.layer,
      SeedPreprocessor.layer
    ])
  )
}
