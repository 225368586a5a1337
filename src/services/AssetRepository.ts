/**
 * Reads of the asset store over `SqlClient`. Assets are stored as their wire JSON without content and their content
 * once (`StoredAsset`), so a read hands stored text to the client, with the content spliced in when it is asked for.
 * Listings read in pages along an index (`assets_live`), so that an answer of any size streams in flat memory.
 * Writes go through `Commits` only. SQL errors are defects here: a client cannot act on them.
 *
 * Methods use `Effect.fnUntraced`, here and in the other services: a named `Effect.fn` allocates an `Error` and a
 * span on every call, which measurably cut create throughput with no tracer to read the spans.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Option, Schema, Stream } from "effect"
import { AssetDeleted, AssetNotFound, AssetNotInTrash } from "../api/Errors.ts"
import { Asset } from "../domain/Asset.ts"
import { withoutTransferables } from "../domain/AssetBuilder.ts"
import { AssetId } from "../domain/Common.ts"
import { documentJson, withTransferables } from "../domain/StoredAsset.ts"
import { timestamp } from "../domain/Timestamps.ts"
import { inList } from "../sql/InList.ts"

/** Which assets a listing includes with respect to pseudo assets. */
export type PseudoSelection = "exclude" | "include" | "only"

export interface ListOptions {
  readonly transferables: boolean
  readonly pseudo: PseudoSelection
  /** Only assets saved through the suggestion flow (mechanism RECOMMENDED). */
  readonly suggestedOnly?: boolean
}

/** Where a page of a listing ended: the sort key (`assets_live`) of its last row. */
export interface PagePosition {
  readonly created: string
  readonly id: string
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

type StoredRow = { document: Uint8Array; transferables: string | null }

const jsonOf = (row: StoredRow, transferables: boolean) =>
  transferables ? withTransferables(row.document, row.transferables) : documentJson(row.document)

const decodeAsset = Schema.decodeUnknown(Schema.parseJson(Asset))

/** A trashed asset's JSON with its time of deletion (assets deleted before the trash carry it already). */
const withDeletedTime = (json: string, deleted: string) =>
  json.includes(`"deleted":{`) ? json : `${json.slice(0, -1)},"deleted":${JSON.stringify(timestamp(new Date(deleted)))}}`

/** The pseudo values a listing selects: checked in `assets_live`, which holds them. */
const pseudoValues = (pseudo: PseudoSelection) => pseudo === "include" ? [0, 1] : pseudo === "only" ? [1] : [0]

export class AssetRepository extends Effect.Service<AssetRepository>()("AssetRepository", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient

    /** The stored JSON of one asset, deleted ones included (they answer 410). */
    const findDocument = (id: AssetId, transferables: boolean) =>
      Effect.map(
        sql<StoredRow & { deleted: string | null }>`
          SELECT document, ${sql.literal(transferables ? "transferables" : "NULL AS transferables")}, deleted
          FROM assets WHERE id = ${id}`,
        (rows): Option.Option<StoredDocument> =>
          rows.length === 0
            ? Option.none()
            : Option.some({ json: jsonOf(rows[0], transferables), deleted: rows[0].deleted !== null })
      ).pipe(Effect.orDie)

    /** The stored JSON of a live asset: 404 when it never existed, 410 when it was deleted. */
    const getDocument = (id: AssetId, transferables: boolean) =>
      Effect.flatMap(findDocument(id, transferables), (found): Effect.Effect<string, AssetNotFound | AssetDeleted> =>
        Option.isNone(found)
          ? Effect.fail(AssetNotFound.of(id))
          : found.value.deleted
          ? Effect.fail(AssetDeleted.of(id))
          : Effect.succeed(found.value.json))

    const get = (id: AssetId) => Effect.flatMap(getDocument(id, true), (json) => Effect.orDie(decodeAsset(json)))

    /**
     * An asset in the trash, as it was when deleted: 404 when it never existed (or was purged), 409 when it is live
     * or was deleted before the trash kept content.
     */
    const trashed = (id: AssetId) =>
      Effect.gen(function*() {
        const rows = yield* Effect.orDie(sql<StoredRow & { deleted: string | null }>`
          SELECT document, transferables, deleted FROM assets WHERE id = ${id}`)
        if (rows.length === 0) return yield* Effect.fail(AssetNotFound.of(id))
        const [row] = rows
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
      Stream.paginateEffect(undefined as { deleted: string; id: string } | undefined, (position) =>
        Effect.gen(function*() {
          const after = position === undefined
            ? sql.literal("")
            : sql`AND deleted <= ${position.deleted} AND (deleted < ${position.deleted} OR id > ${position.id})`
          const page = yield* Effect.orDie(sql<StoredRow & { id: string; deleted: string }>`
            SELECT id, deleted, document, ${sql.literal(transferables ? "transferables" : "NULL AS transferables")}
            FROM assets WHERE deleted IS NOT NULL ${after} ORDER BY deleted DESC, id LIMIT ${size}`)
          const json = page.map((row) => withDeletedTime(jsonOf(row, transferables), row.deleted))
          const last = page[page.length - 1]
          return [json, page.length === size ? Option.some({ deleted: last.deleted, id: last.id }) : Option.none()] as const
        })).pipe(Stream.filter((items) => items.length > 0))

    /** A live asset's formats, without their content when `transferables` is false. */
    const formats = (id: AssetId, transferables: boolean) =>
      Effect.map(get(id), (asset) => (transferables ? asset : withoutTransferables(asset)).formats)

    /** The JSON of the live assets in these search rows, by row (absent rows left out). */
    const documentsAt = (rows: ReadonlyArray<number>, transferables: boolean) =>
      rows.length === 0
        ? Effect.succeed(new Map<number, RowDocument>())
        : sql<StoredRow & { row: number; id: string }>`
            SELECT s.rowid AS row, a.id, a.document,
                   ${sql.literal(transferables ? "a.transferables" : "NULL AS transferables")}
            FROM search_rows s JOIN assets a ON a.id = s.asset_id WHERE ${inList(sql, "s.rowid", rows)}`.pipe(
          Effect.map((found) => new Map(found.map((row) => [row.row, { id: row.id, json: jsonOf(row, transferables) }]))),
          Effect.orDie
        )

    /** The search rows of the live assets among `ids`, by id. */
    const rowsOf = (ids: ReadonlyArray<string>) =>
      ids.length === 0
        ? Effect.succeed(new Map<string, number>())
        : sql<{ id: string; row: number }>`
            SELECT asset_id AS id, rowid AS row FROM search_rows WHERE ${inList(sql, "asset_id", ids)}`.pipe(
          Effect.map((found) => new Map(found.map((row) => [row.id, row.row]))),
          Effect.orDie
        )

    /** The asset a format belongs to. */
    const assetOfFormat = (formatId: string) =>
      Effect.map(
        sql<{ asset_id: string }>`SELECT asset_id FROM asset_formats WHERE format_id = ${formatId}`,
        (rows) => rows.length === 0 ? Option.none<AssetId>() : Option.some(AssetId.make(rows[0].asset_id))
      ).pipe(Effect.orDie)

    const after = (position: PagePosition | undefined) =>
      position === undefined
        ? sql.literal("")
        // `created <=` is the index range that starts the page where the last one ended; the rest breaks ties.
        : sql`AND created <= ${position.created} AND (created < ${position.created} OR id > ${position.id})`

    /** One page of the ids of the live assets the selection includes, newest first: the listing index alone. */
    const pageIds = (pseudo: PseudoSelection, size: number, position?: PagePosition) =>
      sql<PagePosition>`
        SELECT created, id FROM assets
        WHERE deleted IS NULL AND ${inList(sql, "pseudo", pseudoValues(pseudo))} ${after(position)}
        ORDER BY created DESC, id LIMIT ${size}`.pipe(Effect.orDie)

    /** Pages read one after the other, each from where the previous one ended, until one is short. */
    const paged = <A>(size: number, read: (page: ReadonlyArray<PagePosition>) => Effect.Effect<ReadonlyArray<A>>) =>
      (pseudo: PseudoSelection) =>
        Stream.paginateEffect(undefined as PagePosition | undefined, (position) =>
          Effect.gen(function*() {
            const page = yield* pageIds(pseudo, size, position)
            const next = page.length === size ? Option.some(page[page.length - 1]) : Option.none()
            return [yield* read(page), next] as const
          })).pipe(Stream.filter((items) => items.length > 0))

    /** The ids of the live assets the selection includes, newest first, in pages. */
    const idPages = (pseudo: PseudoSelection, size: number) =>
      paged(size, (page) => Effect.succeed(page.map((row) => row.id)))(pseudo)

    /**
     * The JSON of the live assets the options select, newest first, in pages: listings and the streams' current
     * state are sent this way, so a library of any size never sits in memory at once.
     */
    const documentPages = (options: ListOptions, size: number) =>
      paged(size, (page) =>
        Effect.gen(function*() {
          const suggested = sql.literal(options.suggestedOnly === true ? "AND mechanism = 'RECOMMENDED'" : "")
          const rows = yield* sql<StoredRow & { id: string }>`
            SELECT id, document, ${sql.literal(options.transferables ? "transferables" : "NULL AS transferables")}
            FROM assets WHERE ${inList(sql, "id", page.map((row) => row.id))} ${suggested}`.pipe(Effect.orDie)
          const byId = new Map(rows.map((row) => [row.id, row]))
          return page.flatMap((row) => {
            const stored = byId.get(row.id)
            return stored === undefined ? [] : [jsonOf(stored, options.transferables)]
          })
        }))(options.pseudo)

    return {
      findDocument,
      getDocument,
      get,
      trashed,
      trashPages,
      formats,
      documentsAt,
      rowsOf,
      assetOfFormat,
      idPages,
      documentPages
    } as const
  })
}) {}
