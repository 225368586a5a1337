/**
 * Reads of the asset store over `SqlClient`. Assets are stored as their encoded wire JSON, with and without content,
 * so reads hand the stored text straight to the client. Writes go through `Commits` only. SQL errors are defects
 * here: a client cannot act on them.
 *
 * Methods use `Effect.fnUntraced`, here and in the other services: a named `Effect.fn` allocates an `Error` and a
 * span on every call, which measurably cut create throughput with no tracer to read the spans.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Option, Schema } from "effect"
import { AssetDeleted, AssetNotFound } from "../api/Errors.ts"
import { Asset } from "../domain/Asset.ts"
import { withoutTransferables } from "../domain/AssetBuilder.ts"
import { AssetId } from "../domain/Common.ts"
import { inList } from "../sql/InList.ts"

/** Which assets a listing includes with respect to pseudo assets. */
export type PseudoSelection = "exclude" | "include" | "only"

export interface ListOptions {
  readonly transferables: boolean
  readonly pseudo: PseudoSelection
  /** Only assets saved through the suggestion flow (mechanism RECOMMENDED). */
  readonly suggestedOnly?: boolean
}

/** Where a page of `pageDocuments` ended: the sort key of its last row. */
export interface PagePosition {
  readonly created: string
  readonly id: string
}

/** An asset's stored JSON, ready to send. */
export interface StoredDocument {
  readonly json: string
  readonly deleted: boolean
}

const decodeAsset = Schema.decodeUnknown(Schema.parseJson(Asset))

const pseudoCondition = (pseudo: PseudoSelection) =>
  pseudo === "include" ? "" : pseudo === "only" ? "AND pseudo = 1" : "AND pseudo = 0"

export class AssetRepository extends Effect.Service<AssetRepository>()("AssetRepository", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient

    type DocumentRow = { json: string; deleted: string | null }
    /**
     * The stored JSON of one asset, deleted ones included (they answer 410). Two fixed statements rather than one
     * with a column literal: this is the hottest query.
     */
    const findDocument = (id: AssetId, transferables: boolean) =>
      Effect.map(
        transferables
          ? sql<DocumentRow>`SELECT document AS json, deleted FROM assets WHERE id = ${id}`
          : sql<DocumentRow>`SELECT lean_document AS json, deleted FROM assets WHERE id = ${id}`,
        (rows): Option.Option<StoredDocument> =>
          rows.length === 0 ? Option.none() : Option.some({ json: rows[0].json, deleted: rows[0].deleted !== null })
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

    /** A live asset's formats, without their content when `transferables` is false. */
    const formats = (id: AssetId, transferables: boolean) =>
      Effect.map(get(id), (asset) => (transferables ? asset : withoutTransferables(asset)).formats)

    /** The stored JSON of the live assets among `ids`, by id (absent, deleted: left out). */
    const documentsOf = (ids: ReadonlyArray<string>, transferables: boolean) =>
      ids.length === 0
        ? Effect.succeed(new Map<string, string>())
        : sql<{ id: string; json: string }>`
            SELECT id, ${sql.literal(transferables ? "document" : "lean_document")} AS json FROM assets
            WHERE ${inList(sql, "id", ids)} AND deleted IS NULL`.pipe(
          Effect.map((rows) => new Map(rows.map((row) => [row.id, row.json]))),
          Effect.orDie
        )

    /** The asset a format belongs to. */
    const assetOfFormat = (formatId: string) =>
      Effect.map(
        sql<{ asset_id: string }>`SELECT asset_id FROM asset_formats WHERE format_id = ${formatId}`,
        (rows) => rows.length === 0 ? Option.none<AssetId>() : Option.some(AssetId.make(rows[0].asset_id))
      ).pipe(Effect.orDie)

    /** The stored JSON of every live asset the options select, newest first. */
    const listDocuments = (options: ListOptions) => {
      const column = sql.literal(options.transferables ? "document" : "lean_document")
      const pseudo = sql.literal(pseudoCondition(options.pseudo))
      const suggested = sql.literal(options.suggestedOnly === true ? "AND mechanism = 'RECOMMENDED'" : "")
      return sql<{ json: string }>`
        SELECT ${column} AS json FROM assets WHERE deleted IS NULL ${pseudo} ${suggested}
        ORDER BY created DESC, id`.pipe(Effect.map((rows) => rows.map((row) => row.json)), Effect.orDie)
    }

    const listIds = (pseudo: PseudoSelection) =>
      sql<{ id: string }>`
        SELECT id FROM assets WHERE deleted IS NULL ${sql.literal(pseudoCondition(pseudo))}
        ORDER BY created DESC, id`.pipe(Effect.map((rows) => rows.map((row) => row.id)), Effect.orDie)

    /**
     * One page of the live, non-pseudo assets' JSON, newest first, after the position a previous page ended at:
     * the streams send their current state this way, so a large library never sits in memory at once.
     */
    const pageDocuments = (transferables: boolean, limit: number, after?: PagePosition) => {
      const column = sql.literal(transferables ? "document" : "lean_document")
      const position = after === undefined
        ? sql.literal("")
        : sql`AND (created < ${after.created} OR (created = ${after.created} AND id > ${after.id}))`
      return sql<{ json: string; created: string; id: string }>`
        SELECT ${column} AS json, created, id FROM assets WHERE deleted IS NULL AND pseudo = 0 ${position}
        ORDER BY created DESC, id LIMIT ${limit}`.pipe(Effect.orDie)
    }

    return {
      findDocument,
      getDocument,
      documentsOf,
      get,
      formats,
      assetOfFormat,
      listDocuments,
      listIds,
      pageDocuments
    } as const
  })
}) {}
