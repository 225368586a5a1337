/**
 * Reads of the asset store (`AssetStore`). Assets are stored as their wire JSON without content and their content
 * once (`StoredAsset`), so a read hands stored text to the client, with the content spliced in when it is asked for.
 * Listings read in pages along the store's listing order, so that an answer of any size streams in flat memory.
 * Writes go through `Commits` only.
 */
import { Buffer } from "node:buffer"
import { Context, Effect, Layer, Option, Schema, Stream } from "effect"
import { AssetDeleted, AssetNotFound, AssetNotInTrash } from "../domain/Errors.ts"
import { Asset } from "../domain/Asset.ts"
import { withoutTransferables } from "../domain/AssetBuilder.ts"
import { AssetId } from "../domain/Common.ts"
import { documentBytes, documentJson, withTransferables } from "../domain/StoredAsset.ts"
import { timestamp } from "../domain/Timestamps.ts"
import {
  AssetStore,
  type PagePosition,
  type PseudoSelection,
  type StoredRow,
  type TrashPosition
} from "../storage/AssetStore.ts"

export type { PagePosition, PseudoSelection }

export interface ListOptions {
  readonly transferables: boolean
  readonly pseudo: PseudoSelection
  /** Only assets saved through the suggestion flow (mechanism RECOMMENDED). */
  readonly suggestedOnly?: boolean
}

/** An asset's stored JSON, ready to send. */
export interface StoredDocument {
  readonly json: string
  readonly deleted: boolean
}

/** A live asset's JSON as found by its search row. */
export interface RowDocument {
  readonly id: string
  readonly json: string
}

/** A live asset's JSON as UTF-8 bytes, as found by its search row. */
export interface RowBytes {
  readonly id: string
  readonly bytes: Uint8Array
}

const jsonOf = (row: StoredRow, transferables: boolean) =>
  transferables ? withTransferables(row.document, row.transferables) : documentJson(row.document)

/** The same JSON as UTF-8 bytes: without content, the stored document's, never decoded to a string. */
const jsonBytesOf = (row: StoredRow, transferables: boolean): Uint8Array =>
  transferables ? Buffer.from(withTransferables(row.document, row.transferables)) : documentBytes(row.document)

const decodeAsset = Schema.decodeUnknownEffect(Schema.fromJsonString(Asset))

/** A trashed asset's JSON with its time of deletion (assets deleted before the trash carry it already). */
const withDeletedTime = (json: string, deleted: string) =>
  json.includes(`"deleted":{`) ? json : `${json.slice(0, -1)},"deleted":${JSON.stringify(timestamp(new Date(deleted)))}}`

export class AssetRepository extends Context.Service<AssetRepository>()("AssetRepository", {
  make: Effect.gen(function*() {
    const store = yield* AssetStore

    /** The stored JSON of one asset, deleted ones included (they answer 410). */
    const findDocument = Effect.fn("AssetRepository.findDocument")((id: AssetId, transferables: boolean) =>
      Effect.map(store.find(id, transferables), Option.map((row): StoredDocument => ({
        json: jsonOf(row, transferables),
        deleted: row.deleted !== null
      }))))

    /** The stored JSON of a live asset: 404 when it never existed, 410 when it was deleted. */
    const getDocument = Effect.fn("AssetRepository.getDocument")((id: AssetId, transferables: boolean) =>
      Effect.flatMap(findDocument(id, transferables), (found): Effect.Effect<string, AssetNotFound | AssetDeleted> =>
        Option.isNone(found)
          ? Effect.fail(AssetNotFound.of(id))
          : found.value.deleted
          ? Effect.fail(AssetDeleted.of(id))
          : Effect.succeed(found.value.json)))

    const get = Effect.fn("AssetRepository.get")((id: AssetId) =>
      Effect.flatMap(getDocument(id, true), (json) => Effect.orDie(decodeAsset(json))))

    /** An asset live or in the trash (`deleted`): 404 when it never existed or was purged. */
    const getStored = Effect.fn("AssetRepository.getStored")((id: AssetId) =>
      Effect.flatMap(findDocument(id, true), (found) =>
        Option.isNone(found)
          ? Effect.fail(AssetNotFound.of(id))
          : Effect.map(Effect.orDie(decodeAsset(found.value.json)), (asset) => ({ asset, deleted: found.value.deleted }))))

    /** Inside a write transaction: a live asset to change, which other writes of it wait for (404, 410 as `get`). */
    const getForWrite = Effect.fn("AssetRepository.getForWrite")(function*(id: AssetId) {
      const found = yield* store.findForWrite(id)
      if (Option.isNone(found)) return yield* Effect.fail(AssetNotFound.of(id))
      if (found.value.deleted !== null) return yield* Effect.fail(AssetDeleted.of(id))
      return yield* Effect.orDie(decodeAsset(jsonOf(found.value, true)))
    })

    /**
     * Inside a write transaction: an asset in the trash, as it was when deleted, to restore or purge: 404 when it
     * never existed (or was purged), 409 when it is live or was deleted before the trash kept content.
     */
    const trashed = Effect.fn("AssetRepository.trashed")(function*(id: AssetId) {
      const found = yield* store.findForWrite(id)
      if (Option.isNone(found)) return yield* Effect.fail(AssetNotFound.of(id))
      const row = found.value
      if (row.deleted === null) return yield* Effect.fail(AssetNotInTrash.live(id))
      const asset = yield* Effect.orDie(decodeAsset(jsonOf(row, true)))
      // Deleted before the trash: stored without content, marked deleted.
      if (asset.deleted !== undefined) return yield* Effect.fail(AssetNotInTrash.withoutContent(id))
      return asset
    })

    /**
     * The assets in the trash, most recently deleted first, in pages: each as it was with its `deleted` time
     * (without content unless `transferables`).
     */
    const trashPages = (transferables: boolean, size: number) =>
      Stream.paginate(undefined as TrashPosition | undefined, (position) =>
        Effect.map(store.trashPage(transferables, size, position), (page) => {
          const json = page.map((row) => withDeletedTime(jsonOf(row, transferables), row.deleted))
          const last = page[page.length - 1]
          const next = page.length === size ? Option.some({ deleted: last.deleted, id: last.id }) : Option.none()
          return [page.length > 0 ? [json] : [], next] as const
        }))

    /** A live asset's formats, without their content when `transferables` is false. */
    const formats = Effect.fn("AssetRepository.formats")((id: AssetId, transferables: boolean) =>
      Effect.map(get(id), (asset) => (transferables ? asset : withoutTransferables(asset)).formats))

    /** The JSON of the live assets in these search rows, by row (absent rows left out). */
    const documentsAt = Effect.fn("AssetRepository.documentsAt")((rows: ReadonlyArray<number>, transferables: boolean) =>
      Effect.map(store.storedAt(rows, transferables), (found) =>
        new Map(found.map((row): [number, RowDocument] => [row.row, { id: row.id, json: jsonOf(row, transferables) }]))))

    /** The same as `documentsAt`, each as UTF-8 bytes, for answers that send them as they are. */
    const documentBytesAt = Effect.fn("AssetRepository.documentBytesAt")((rows: ReadonlyArray<number>, transferables: boolean) =>
      Effect.map(store.storedAt(rows, transferables), (found) =>
        new Map(found.map((row): [number, RowBytes] => [row.row, { id: row.id, bytes: jsonBytesOf(row, transferables) }]))))

    /** The live assets in these search rows, by row (absent rows left out). */
    const assetsAt = Effect.fn("AssetRepository.assetsAt")((rows: ReadonlyArray<number>) =>
      Effect.flatMap(documentsAt(rows, true), (byRow) =>
        Effect.forEach(byRow, ([row, document]) => Effect.map(Effect.orDie(decodeAsset(document.json)), (asset) =>
          [row, asset] as const)).pipe(Effect.map((pairs) => new Map(pairs)))))

    /** The search rows of the live assets among `ids`, by id. */
    const rowsOf = Effect.fn("AssetRepository.rowsOf")((ids: ReadonlyArray<string>) =>
      Effect.map(store.rowsOf(ids), (found) => new Map(found.map((row) => [row.id, row.row]))))

    /** The asset a format belongs to. */
    const assetOfFormat = Effect.fn("AssetRepository.assetOfFormat")((formatId: string) =>
      Effect.map(store.assetOfFormat(formatId), Option.map((id) => AssetId.make(id))))

    /** Pages read one after the other, each from where the previous one ended, until one is short. */
    const paged = <R extends PagePosition, A>(
      size: number,
      read: (position: PagePosition | undefined) => Effect.Effect<ReadonlyArray<R>>,
      item: (row: R) => A
    ) =>
      Stream.paginate(undefined as PagePosition | undefined, (position) =>
        Effect.map(read(position), (page) => {
          const next = page.length === size ? Option.some<PagePosition>(page[page.length - 1]) : Option.none()
          return [page.length > 0 ? [page.map(item)] : [], next] as const
        }))

    /** The ids of the live assets the selection includes, newest first, in pages. */
    const idPages = (pseudo: PseudoSelection, size: number) =>
      paged(size, (position) => store.livePage(pseudo, size, position), (row) => row.id)

    /**
     * The JSON of the live assets the options select, newest first, in pages: listings and the streams' current
     * state are sent this way, so a library of any size never sits in memory at once.
     */
    const documentPages = (options: ListOptions, size: number) =>
      paged(size, (position) =>
        store.storedPage({
          pseudo: options.pseudo,
          transferables: options.transferables,
          suggestedOnly: options.suggestedOnly === true
        }, size, position), (row) => jsonOf(row, options.transferables))

    return {
      findDocument,
      getDocument,
      get,
      getStored,
      getForWrite,
      trashed,
      trashPages,
      formats,
      documentsAt,
      documentBytesAt,
      assetsAt,
      rowsOf,
      assetOfFormat,
      idPages,
      documentPages
    } as const
  })
}) {
  static readonly layer = Layer.effect(AssetRepository, AssetRepository.make)
}
