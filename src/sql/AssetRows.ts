/**
 * Every row that stores one asset's state, written together inside its write transaction (by `Commits` only): the
 * asset's JSON with and without content, its search rows, its code fingerprint and format ids, and which metadata
 * entities it carries (adopted into the registry first). Each answers what the in-memory indexes need once the
 * transaction commits.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import { Effect } from "effect"
import type { Asset } from "../domain/Asset.ts"
import { withoutTransferables } from "../domain/AssetBuilder.ts"
import type { CodeFingerprint } from "../domain/CodeFingerprint.ts"
import { comparableFingerprint } from "../domain/Comparable.ts"
import type { MetadataKind } from "../domain/Metadata.ts"
import { searchableText, type SearchableText } from "../domain/SearchableText.ts"
import { adoptMetadata, deleteLinks, writeLinks } from "./MetadataRows.ts"
import { deleteSearchRows, insertSearchRows, replaceSearchRows } from "./SearchRows.ts"
import { deleteSimilarityRows, replaceSimilarityRows, writeSimilarityRows } from "./SimilarityRows.ts"

/** A live asset as stored: what the search and similarity indexes keep of it. */
export interface StoredAsset {
  readonly asset: Asset
  readonly text: SearchableText
  /** Its code fingerprint, when it is new or changed (`undefined`: nothing to compare); "unchanged" otherwise. */
  readonly fingerprint: CodeFingerprint | undefined | "unchanged"
  /** Its row in `search_rows`: its place in the facet bitsets. */
  readonly row: number
}

/** The metadata entities a write touched: registered, or carried by more or fewer assets. */
export interface TouchedEntities {
  readonly registered: ReadonlyArray<{ readonly kind: MetadataKind; readonly id: string }>
  readonly relinked: ReadonlyArray<string>
}

/**
 * `Asset` has no transformations (its type is its JSON), so a typed value stringifies to what the schema would
 * encode, at a fraction of the cost; reads still decode through the schema.
 */
export const encodeAsset = (asset: Asset): string => JSON.stringify(asset)

/** A new asset. `fingerprint`, when the caller computed it outside the transaction, must be of this content. */
export const insertAsset = (sql: SqlClient, given: Asset, fingerprint?: CodeFingerprint) =>
  Effect.gen(function*() {
    const { asset, registered } = yield* adoptMetadata(sql, given)
    const text = searchableText(asset)
    const fp = fingerprint ?? comparableFingerprint(asset, text)
    yield* sql`
      INSERT INTO assets (id, name, mechanism, pseudo, created, updated, deleted, document, lean_document)
      VALUES (${asset.id}, ${asset.name ?? null}, ${asset.mechanism}, ${asset.pseudo === true ? 1 : 0},
              ${asset.created.value}, ${asset.updated.value}, NULL, ${encodeAsset(asset)},
              ${encodeAsset(withoutTransferables(asset))})`
    const row = yield* insertSearchRows(sql, asset, text)
    yield* writeSimilarityRows(sql, asset, fp)
    const relinked = yield* writeLinks(sql, asset)
    return { stored: { asset, text, fingerprint: fp, row } satisfies StoredAsset, touched: { registered, relinked } }
  })

/** A live asset's new state; its fingerprint is computed again only when its code changed. */
export const replaceAsset = (sql: SqlClient, previous: Asset, given: Asset) =>
  Effect.gen(function*() {
    const { asset, registered } = yield* adoptMetadata(sql, given)
    const text = searchableText(asset)
    const codeChanged = text.content !== searchableText(previous).content || asset.pseudo !== previous.pseudo
    const fp = codeChanged ? comparableFingerprint(asset, text) : "unchanged"
    yield* sql`
      UPDATE assets SET name = ${asset.name ?? null}, mechanism = ${asset.mechanism},
                        pseudo = ${asset.pseudo === true ? 1 : 0}, updated = ${asset.updated.value},
                        document = ${encodeAsset(asset)}, lean_document = ${encodeAsset(withoutTransferables(asset))}
      WHERE id = ${asset.id}`
    const row = yield* replaceSearchRows(sql, asset, text)
    if (fp !== "unchanged") yield* replaceSimilarityRows(sql, asset, fp)
    const relinked = yield* writeLinks(sql, asset)
    return { stored: { asset, text, fingerprint: fp, row } satisfies StoredAsset, touched: { registered, relinked } }
  })

/** A deleted asset keeps its metadata row (for a clear 410) and nothing that would find it. */
export const deleteAsset = (sql: SqlClient, deleted: Asset) =>
  Effect.gen(function*() {
    const document = encodeAsset(deleted)
    yield* sql`
      UPDATE assets SET deleted = ${deleted.updated.value}, updated = ${deleted.updated.value},
                        document = ${document}, lean_document = ${document}
      WHERE id = ${deleted.id}`
    yield* deleteSearchRows(sql, deleted.id)
    yield* deleteSimilarityRows(sql, deleted.id)
    const relinked = yield* deleteLinks(sql, deleted.id)
    return { registered: [], relinked } satisfies TouchedEntities
  })
