/**
 * The preprocessing that draft and create share: check the seed has content, classify it (the client's `ext`,
 * else detection), name it when it has no name, count its bytes and complete its application. Draft answers the
 * completed seed and persists nothing; create builds the asset from the same result.
 */
import { knownClassification } from "../domain/ClassificationSpecifics.ts"
import { fileContent, fragmentContent } from "../domain/FormatContent.ts"
import { Context, Effect, Layer, Option } from "effect"
import { randomUUID } from "node:crypto"
import { InvalidRequest } from "../domain/Errors.ts"
import type { Application, SeededApplication } from "../domain/Application.ts"
import type { PreparedAsset } from "../domain/AssetBuilder.ts"
import type { ClassificationSpecificValue } from "../domain/ClassificationSpecifics.ts"
import { ApplicationId, type Classification } from "../domain/Common.ts"
import type { Seed, SeededFile, SeededFragment } from "../domain/Seed.ts"
import { deriveName } from "../domain/SnippetName.ts"
import { Classifier } from "./Classifier.ts"
import { ConnectorSessions } from "./ConnectorSessions.ts"

export interface Prepared {
  /** The seed with its blanks filled in: what draft answers. */
  readonly seed: Seed
  readonly asset: PreparedAsset
}

/** A classification the service stores: its `specific` one of `ClassificationSpecificEnum`. */
type KnownClassification = Classification & { readonly specific: ClassificationSpecificValue }

const invalid = (path: ReadonlyArray<string>, message: string) => new InvalidRequest({ message, path })

/** The known classification a file name's extension names (`notes.md`: `md`), if any. */
const extensionOfFileName = (name: string | undefined) => {
  const match = name === undefined ? null : /\.([A-Za-z0-9]+)$/.exec(name)
  return match?.[1] === undefined ? undefined : knownClassification(match[1])
}

/** An application for a draft, which persists nothing: the stored one, or the seed's completed with defaults. */
const draftApplication = (seeded: SeededApplication, known: Option.Option<Application>): Application =>
  Option.getOrElse(known, () => ({
    id: seeded.id ?? ApplicationId.make(randomUUID()),
    name: seeded.name,
    version: seeded.version,
    platform: seeded.platform,
    onboarded: seeded.onboarded ?? false,
    privacy: seeded.privacy ?? "OPEN",
    ...(seeded.capabilities === undefined ? {} : { capabilities: seeded.capabilities })
  }))

export class SeedPreprocessor extends Context.Service<SeedPreprocessor>()("SeedPreprocessor", {
  make: Effect.gen(function*() {
    const classifier = yield* Classifier
    const sessions = yield* ConnectorSessions

    const prepareFragment = Effect.fn("SeedPreprocessor.prepareFragment")(function*(
      fragment: SeededFragment,
      seed: Seed
    ) {
      const content = fragmentContent(fragment, ["asset", "format", "fragment"])
      const { text, byteLength } = yield* Effect.mapError(Effect.fromResult(content), InvalidRequest.at)
      const ext = fragment.metadata?.ext ?? seed.asset.format.classification?.specific ??
        (text === undefined ? "txt" : yield* classifier.detectLanguage(text))
      const classification: KnownClassification = {
        generic: seed.asset.format.classification?.generic ?? classifier.genericOf(ext, false),
        specific: ext
      }
      const completed: SeededFragment = { ...fragment, metadata: { ...fragment.metadata, ext } }
      return {
        classification,
        byteLength,
        name: text === undefined ? "Untitled snippet" : deriveName(text),
        fragment: completed
      }
    })

    const prepareFile = Effect.fn("SeedPreprocessor.prepareFile")(function*(file: SeededFile, seed: Seed) {
      const { byteLength } = yield* Effect.mapError(Effect.fromResult(fileContent(file, ["asset", "format", "file"])), InvalidRequest.at)
      const ext = file.metadata?.ext ?? seed.asset.format.classification?.specific ??
        extensionOfFileName(file.metadata?.name) ?? "bin"
      const classification: KnownClassification = {
        generic: seed.asset.format.classification?.generic ?? classifier.genericOf(ext, true),
        specific: ext
      }
      return {
        classification,
        byteLength,
        name: file.metadata?.name ?? "Untitled file",
        // The stored file is what the client gave; FileFormat has no metadata.
        fileFormat: {
          ...(file.bytes === undefined ? {} : { bytes: file.bytes }),
          ...(file.string === undefined ? {} : { string: file.string })
        }
      }
    })

    /** Checks and completes a seed; `registerApplication` (create) registers an application that never connected. */
    const prepare = Effect.fn("SeedPreprocessor.prepare")(function*(
      seed: Seed,
      options: { readonly registerApplication: boolean }
    ) {
      const { format } = seed.asset
      const content = format.fragment !== undefined && format.file === undefined
        ? yield* prepareFragment(format.fragment, seed)
        : format.file !== undefined && format.fragment === undefined
        ? yield* prepareFile(format.file, seed)
        : yield* invalid(["asset", "format"], "A format needs exactly one of fragment or file")
      const application = options.registerApplication
        ? yield* sessions.resolve(seed.asset.application)
        : draftApplication(seed.asset.application, yield* sessions.lookup(seed.asset.application))
      const metadata = {
        ...seed.asset.metadata,
        name: seed.asset.metadata?.name?.trim() || content.name,
        tags: uniqueTags(seed.asset.metadata?.tags ?? [])
      }
      const fragment = "fragment" in content ? content.fragment : undefined
      const completedSeed: Seed = {
        ...seed,
        type: seed.type ?? "SEEDED_ASSET",
        asset: {
          ...seed.asset,
          application,
          metadata,
          format: {
            ...format,
            classification: { ...format.classification, ...content.classification },
            ...(fragment === undefined ? {} : { fragment })
          }
        }
      }
      const asset: PreparedAsset = {
        name: metadata.name,
        application,
        classification: content.classification,
        byteLength: content.byteLength,
        fragment,
        file: "fileFormat" in content ? content.fileFormat : undefined,
        metadata,
        pseudo: seed.asset.pseudo ?? false
      }
      return { seed: completedSeed, asset } satisfies Prepared
    })

    return {
      /** What draft answers: the completed seed, or for an image the seed as given. */
      draft: Effect.fn("SeedPreprocessor.draft")(function*(seed: Seed) {
        const prepared = yield* prepare(seed, { registerApplication: false })
        return prepared.asset.classification.generic === "IMAGE" ? seed : prepared.seed
      }),
      prepareForCreate: (seed: Seed) => prepare(seed, { registerApplication: true })
    } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(SeedPreprocessor, SeedPreprocessor.make)
  static readonly layer = SeedPreprocessor.layerNoDeps.pipe(Layer.provide([Classifier.layer, ConnectorSessions.layer]))
}

/** Tags without blanks or repeats (compared case-insensitively), in the order given. */
const uniqueTags = <T extends { readonly text: string }>(tags: ReadonlyArray<T>): Array<T> => {
  const seen = new Set<string>()
  const result: Array<T> = []
  for (const tag of tags) {
    const text = tag.text.trim()
    const key = text.toLowerCase()
    if (text.length === 0 || seen.has(key)) continue
    seen.add(key)
    result.push({ ...tag, text })
  }
  return result
}
