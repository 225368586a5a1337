/**
 * Pure edits of an asset. An edit of what the user saved (name, language, content, metadata) moves `updated`; an
 * interaction (a use, a view, a score) does not: it sets `interacted` instead. Each reassembles the asset, so every
 * copy of a changed part follows.
 */
import type { Asset, FileFormat, FlattenedFormat, FragmentFormat } from "./Asset.ts"
import { type AssetParts, byteDescriptor, editAsset } from "./AssetBuilder.ts"
import type { Classification, GroupedTimestamp, Score } from "./Common.ts"

/** The score fields an interaction may raise. */
export type ScoreField = "manual" | "automatic" | "priority" | "reuse" | "update" | "reference" | "searched"

const ZERO_SCORE: Score = { manual: 0, automatic: 0, reuse: 0, update: 0, reference: 0, searched: 0 }

/** An edit of what the user saved: the parts changed by `edit`, and `updated` now. */
export const edited = (asset: Asset, now: GroupedTimestamp, edit: (parts: AssetParts) => AssetParts): Asset =>
  editAsset(asset, (parts) => {
    const next = edit(parts)
    return { ...next, scalars: { ...next.scalars, updated: now } }
  })

export const renamed = (asset: Asset, name: string, now: GroupedTimestamp): Asset =>
  edited(asset, now, (parts) => ({ ...parts, scalars: { ...parts.scalars, name } }))

/** A format's content as it is kept: text as a fragment or file, with its size in bytes. */
export interface FormatContent {
  readonly fragment?: FragmentFormat | undefined
  readonly file?: FileFormat | undefined
  readonly byteLength: number
}

const withFormat = (
  parts: AssetParts,
  formatId: string,
  change: (format: FlattenedFormat) => FlattenedFormat
): AssetParts => ({
  ...parts,
  formats: parts.formats.map((format) => format.id === formatId ? change(format) : format)
})

/** The format classified anew; a fragment's own `ext` follows. */
const reclassifiedFormat = (format: FlattenedFormat, classification: Classification, now: GroupedTimestamp) => ({
  ...format,
  classification,
  updated: now,
  ...(format.fragment === undefined
    ? {}
    : { fragment: { ...format.fragment, metadata: { ...format.fragment.metadata, ext: classification.specific } } })
})

/** One format classified anew. */
export const formatReclassified = (
  asset: Asset,
  formatId: string,
  classification: Classification,
  now: GroupedTimestamp
): Asset =>
  edited(asset, now, (parts) =>
    withFormat(parts, formatId, (format) => reclassifiedFormat(format, classification, now)))

/**
 * The asset classified anew: every format holding text (a snippet's one format), or the original when none does.
 */
export const reclassified = (asset: Asset, classification: Classification, now: GroupedTimestamp): Asset =>
  edited(asset, now, (parts) => {
    const textual = parts.formats.filter((format) => format.fragment !== undefined)
    const chosen = textual.length > 0 ? textual : parts.formats.filter((format) => format.id === parts.original)
    const ids = new Set(chosen.map((format) => format.id))
    return {
      ...parts,
      formats: parts.formats.map((format) =>
        ids.has(format.id) ? reclassifiedFormat(format, classification, now) : format
      )
    }
  })

/** One format's content replaced (and so its size), classified as given. */
export const formatContentReplaced = (
  asset: Asset,
  formatId: string,
  content: FormatContent,
  classification: Classification,
  now: GroupedTimestamp
): Asset =>
  edited(asset, now, (parts) =>
    withFormat(parts, formatId, ({ fragment: _fragment, file: _file, ...format }) =>
      reclassifiedFormat({
        ...format,
        ...(content.fragment === undefined ? {} : { fragment: content.fragment }),
        ...(content.file === undefined ? {} : { file: content.file }),
        bytes: byteDescriptor(content.byteLength)
      }, classification, now)))

/** An interaction: `interacted` now and, when given, one more of a kind of use. `updated` stays. */
export const interactedWith = (asset: Asset, fields: ReadonlyArray<ScoreField>, now: GroupedTimestamp): Asset =>
  editAsset(asset, (parts) => {
    const score = fields.reduce(
      (score: Score, field) => ({ ...score, [field]: (score[field] ?? 0) + 1 }),
      { ...ZERO_SCORE, ...parts.scalars.score }
    )
    return { ...parts, scalars: { ...parts.scalars, interacted: now, score } }
  })
