/**
 * Changes to saved assets, each one write through `Commits`: rename, reclassify, a format's content or language,
 * interactions (scores), deletion. Reads of one format go through the asset that owns it.
 */
import { Context, Effect, Layer, Option, type Result } from "effect"
import { FormatNotFound, InvalidRequest } from "../domain/Errors.ts"
import type { Asset, FileFormat, FragmentFormat } from "../domain/Asset.ts"
import {
  formatContentReplaced,
  formatReclassified,
  interactedWith,
  reclassified,
  renamed,
  type ScoreField
} from "../domain/AssetEdits.ts"
import type { ClassificationSpecificValue } from "../domain/ClassificationSpecifics.ts"
import type { AssetId, Classification, ClassificationGenericEnum } from "../domain/Common.ts"
import { type ContentProblem, fileContent, fragmentContent, type SentContent } from "../domain/FormatContent.ts"
import { textFormatOf } from "../domain/Revision.ts"
import { timestamp } from "../domain/Timestamps.ts"
import { AssetRepository } from "./AssetRepository.ts"
import { Classifier } from "./Classifier.ts"
import { Commits, type Transaction } from "./Commits.ts"
import { MetadataEntities } from "./MetadataEntities.ts"

/** New content for a format, as `POST /format/update/value` sends it: a whole `Format`, of which these count. */
export interface FormatValue {
  readonly id: string
  /** The asset the client believes owns the format. */
  readonly asset?: string | undefined
  readonly fragment?: SentContent | undefined
  readonly file?: SentContent | undefined
  readonly classification?: {
    readonly generic?: ClassificationGenericEnum | undefined
    readonly specific?: ClassificationSpecificValue | undefined
  } | undefined
}

/** What an edit of a snippet as a whole may change (an assistant's edit); what it leaves out stays. */
export interface SnippetChanges {
  readonly name?: string | undefined
  readonly language?: ClassificationSpecificValue | undefined
  /** The new text of its code; its language stays unless `language` is given. */
  readonly code?: string | undefined
  /** Exactly the tags it carries afterwards. */
  readonly tags?: ReadonlyArray<string> | undefined
  /** Exactly the websites it carries afterwards. */
  readonly websites?: ReadonlyArray<{ readonly url: string; readonly name: string }> | undefined
  /** Exactly the annotations it carries afterwards. */
  readonly annotations?: ReadonlyArray<{ readonly type: string; readonly text: string }> | undefined
}

const now = () => timestamp(new Date())

/** An edit of a snippet as a whole, refused when it changes nothing or blanks its name or code; the name trimmed. */
export const checkedChanges = (changes: SnippetChanges): Effect.Effect<SnippetChanges, InvalidRequest> => {
  const name = changes.name?.trim()
  if (name === "") return Effect.fail(new InvalidRequest({ message: "A name cannot be blank", path: ["name"] }))
  if (changes.code !== undefined && changes.code.trim() === "") {
    return Effect.fail(new InvalidRequest({ message: "The code is blank", path: ["code"] }))
  }
  if (name === undefined && changes.language === undefined && changes.code === undefined && changes.tags === undefined) {
    return Effect.fail(new InvalidRequest({ message: "Nothing to change: give name, tags, language or code" }))
  }
  return Effect.succeed({ ...changes, ...(name === undefined ? {} : { name }) })
}

export class AssetEditor extends Context.Service<AssetEditor>()("AssetEditor", {
  make: Effect.gen(function*() {
    const commits = yield* Commits
    const repository = yield* AssetRepository
    const classifier = yield* Classifier
    const metadata = yield* MetadataEntities

    /** A language as a text format is classified: code, or text (prose, data). */
    const textClassification = (specific: ClassificationSpecificValue): Classification => ({
      generic: classifier.genericOf(specific, false) === "TEXT" ? "TEXT" : "CODE",
      specific
    })

    /** The asset owning a format: 404 when no asset has it. */
    const ownerOf = (formatId: string) =>
      Effect.flatMap(repository.assetOfFormat(formatId), Option.match({
        onNone: () => Effect.fail(FormatNotFound.of(formatId)),
        onSome: Effect.succeed
      }))

    /** The owner, when the client named the asset it believes owns the format: 400 when that is another asset. */
    const claimedOwner = (formatId: string, claimed: string | undefined, path: ReadonlyArray<string>) =>
      Effect.flatMap(ownerOf(formatId), (owner) =>
        claimed === undefined || claimed === owner
          ? Effect.succeed(owner)
          : Effect.fail(
            new InvalidRequest({ message: `Format ${formatId} belongs to asset ${owner}, not ${claimed}`, path })
          ))

    const formatIn = (asset: Asset, formatId: string) => {
      const found = asset.formats.iterable.find((format) => format.id === formatId)
      return found === undefined ? Effect.fail(FormatNotFound.of(formatId)) : Effect.succeed(found)
    }

    /** A format of a live asset, with its asset: 404 for an unknown format, 410 when its asset was deleted. */
    const format = Effect.fn("AssetEditor.format")((formatId: string) =>
      Effect.flatMap(ownerOf(formatId), (owner) =>
        Effect.flatMap(repository.get(owner), (asset) => formatIn(asset, formatId))))

    const rename = Effect.fn("AssetEditor.rename")(function*(id: AssetId, name: string) {
      const trimmed = name.trim()
      if (trimmed.length === 0) {
        return yield* Effect.fail(new InvalidRequest({ message: "A name cannot be blank", path: ["name"] }))
      }
      return yield* commits.commit((tx) => tx.edit(id, (asset) => renamed(asset, trimmed, now())))
    })

    const reclassify = Effect.fn("AssetEditor.reclassify")((id: AssetId, ext: ClassificationSpecificValue) =>
      commits.commit((tx) => tx.edit(id, (asset) => reclassified(asset, textClassification(ext), now()))))

    const reclassifyFormat = Effect.fn("AssetEditor.reclassifyFormat")(function*(
      formatId: string,
      claimedAsset: string | undefined,
      ext: ClassificationSpecificValue
    ) {
      const owner = yield* claimedOwner(formatId, claimedAsset, ["format", "asset", "id"])
      const asset = yield* commits.commit((tx) =>
        tx.edit(owner, (asset) => formatReclassified(asset, formatId, textClassification(ext), now()))
      )
      return yield* formatIn(asset, formatId)
    })

    /**
     * A format's content replaced. The language is the client's when it names one, else detected from the new text
     * (bytes keep the format's).
     */
    const replaceFormatContent = Effect.fn("AssetEditor.replaceFormatContent")(function*(value: FormatValue) {
      const owner = yield* claimedOwner(value.id, value.asset, ["asset", "id"])
      const checked = <A>(content: Result.Result<A, ContentProblem>) => Effect.mapError(Effect.fromResult(content), InvalidRequest.at)
      const sent = value.fragment !== undefined && value.file === undefined
        ? { fragment: value.fragment, checked: yield* checked(fragmentContent(value.fragment, ["fragment"])) }
        : value.file !== undefined && value.fragment === undefined
        ? { file: value.file, checked: yield* checked(fileContent(value.file, ["file"])) }
        : yield* Effect.fail(new InvalidRequest({ message: "A format holds one of fragment or file", path: [] }))
      const specific = value.classification?.specific ??
        (sent.checked.text === undefined ? undefined : yield* classifier.detectLanguage(sent.checked.text))
      const generic = value.classification?.generic
      const classification = specific === undefined
        ? undefined
        : { ...textClassification(specific), ...(generic === undefined ? {} : { generic }) }
      const content = {
        byteLength: sent.checked.byteLength,
        ...("fragment" in sent ? { fragment: storedContent(sent.fragment) } : { file: storedContent(sent.file) })
      }
      const asset = yield* commits.commit((tx) =>
        tx.edit(owner, (asset) => {
          const current = asset.formats.iterable.find((format) => format.id === value.id)
          return current === undefined
            ? asset
            : formatContentReplaced(asset, value.id, content, classification ?? current.classification, now())
        })
      )
      return yield* formatIn(asset, value.id)
    })

    /**
     * A snippet's name, language, code and tags changed in one write: all of them or, when one is refused, none.
     * The code goes to the format holding its text (the original when it holds text).
     */
    const editSnippet = Effect.fn("AssetEditor.editSnippet")(function*(id: AssetId, changes: SnippetChanges) {
      const checked = yield* checkedChanges(changes)
      return yield* commits.commit((tx) => changeSnippetIn(tx, id, checked))
    })

    /**
     * Inside a write: the snippet's fields given changed (a blank name or code is not checked here). The code goes
     * to the format holding its text (the original when it holds text).
     */
    const changeSnippetIn = Effect.fn("AssetEditor.changeSnippetIn")(function*(
      tx: Transaction,
      id: AssetId,
      changes: SnippetChanges
    ) {
      const at = now()
      const { name, code } = changes
      let asset = name === undefined
        ? yield* repository.getForWrite(id)
        : yield* tx.edit(id, (a) => renamed(a, name, at))
      if (code !== undefined) {
        const format = textFormatOf(asset)
        if (format === undefined) {
          return yield* Effect.fail(new InvalidRequest({ message: "This asset holds no text to replace", path: ["code"] }))
        }
        const classification = changes.language === undefined
          ? format.classification
          : textClassification(changes.language)
        const content = { fragment: { string: { raw: code } }, byteLength: Buffer.byteLength(code, "utf8") }
        asset = yield* tx.edit(id, (a) => formatContentReplaced(a, format.id, content, classification, at))
      } else if (changes.language !== undefined) {
        const classification = textClassification(changes.language)
        asset = yield* tx.edit(id, (a) => reclassified(a, classification, at))
      }
      if (changes.tags !== undefined) asset = yield* metadata.retagIn(tx, id, changes.tags)
      if (changes.websites !== undefined) asset = yield* metadata.rewebsiteIn(tx, id, changes.websites)
      if (changes.annotations !== undefined) asset = yield* metadata.reannotateIn(tx, id, changes.annotations)
      return asset
    })

    /** An interaction with a live asset: `interacted` now, and one more of each kind of use named. */
    const recordInteraction = Effect.fn("AssetEditor.recordInteraction")((id: AssetId, fields: ReadonlyArray<ScoreField>) =>
      commits.commit((tx) => tx.edit(id, (asset) => interactedWith(asset, fields, now()))))

    const remove = Effect.fn("AssetEditor.remove")((id: AssetId) =>
      commits.commit((tx) => Effect.as(tx.remove(id), id)))

    /** An asset back from the trash, as it was when deleted. */
    const restore = Effect.fn("AssetEditor.restore")((id: AssetId) => commits.commit((tx) => tx.restore(id)))

    /** An asset gone from the trash for good. */
    const purge = Effect.fn("AssetEditor.purge")((id: AssetId) => commits.commit((tx) => tx.purge(id)))

    /** The trash emptied: every asset in it gone for good; answers how many. */
    const emptyTrash = Effect.fn("AssetEditor.emptyTrash")(() =>
      commits.commit((tx) => tx.purgeDeletedBefore(new Date().toISOString())))

    return {
      format,
      rename,
      reclassify,
      reclassifyFormat,
      replaceFormatContent,
      editSnippet,
      changeSnippetIn,
      recordInteraction,
      remove,
      restore,
      purge,
      emptyTrash
    } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(AssetEditor, AssetEditor.make)
  static readonly layer = AssetEditor.layerNoDeps.pipe(
    Layer.provide([AssetRepository.layer, Classifier.layer, Commits.layer, MetadataEntities.layer])
  )
}

/** What a format keeps of sent content: its text or bytes (a fragment's `ext` is set by its classification). */
const storedContent = (sent: SentContent): FragmentFormat & FileFormat => ({
  ...(sent.string === undefined ? {} : { string: sent.string }),
  ...(sent.bytes === undefined ? {} : { bytes: sent.bytes })
})
