/**
 * `MetadataStore` on PostgreSQL: the registry (`metadata`, one row per entity, its JSON as assets embed it) and the
 * links (`asset_metadata`: pairs of integer rows, the entity's and the asset's search row).
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer, Schema } from "effect"
import { keyOf, type MetadataEntity, type MetadataKind } from "../../domain/Metadata.ts"
import { decodeEntity, decodeEntityRows, decodeFacetLinks, firstEntity } from "../MetadataRows.ts"
import { type ExportedEntityRow, type FacetKey, MetadataStore, type RegisteredEntity } from "../MetadataStore.ts"
import type { SearchRowValue } from "./SearchRowValue.ts"
import { storable, storableOrNull } from "./StorableText.ts"

/** An entity's key as its column holds it. */
const keyColumn = <K extends MetadataKind>(kind: K, entity: MetadataEntity[K]) => storableOrNull(keyOf(kind, entity))

/** An entity's row in a listing, with the ids of the assets carrying it. */
const decodeListed = Schema.decodeUnknownEffect(
  Schema.Array(Schema.Struct({ json: Schema.String, assets: Schema.Array(Schema.String) }))
)

/** Links from the asset in search row `assetRow` to the entities of `entityRows`. */
export const linkStatement = (sql: SqlClient, assetRow: SearchRowValue, entityRows: ReadonlyArray<number>) =>
  sql`INSERT INTO asset_metadata (asset_row, metadata_row) SELECT ${assetRow}, unnest(${entityRows}::integer[])`

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient

  // Adopted entities stay as read until the write commits: a rename or deletion of one waits for it. Their keys are
  // answered as the caller knows them (from their JSON), not as the column holds them.
  const lookup = <K extends MetadataKind>(kind: K, ids: ReadonlyArray<string>, keys: ReadonlyArray<string>) =>
    sql`
      SELECT row, id, key, json FROM metadata
      WHERE kind = ${kind} AND (id = ANY(${ids}) OR key = ANY(${keys.map(storable)})) FOR SHARE`.pipe(
      Effect.flatMap(decodeEntityRows),
      Effect.flatMap(Effect.forEach(({ row, id, json }) =>
        Effect.map(decodeEntity(kind, json), (entity): RegisteredEntity<K> => ({
          row,
          id,
          key: keyOf(kind, entity),
          entity
        }))
      )),
      Effect.orDie
    )

  /** One entity; `locked` inside a write transaction, so that other writes of it wait for this one. */
  const findEntity = <K extends MetadataKind>(kind: K, id: string, locked: boolean) =>
    sql`SELECT row, id, key, json FROM metadata WHERE id = ${id} AND kind = ${kind} ${
      sql.literal(locked ? "FOR UPDATE" : "")
    }`.pipe(Effect.flatMap(firstEntity(kind)), Effect.orDie)

  const find = <K extends MetadataKind>(kind: K, id: string) => findEntity(kind, id, false)
  const findForWrite = <K extends MetadataKind>(kind: K, id: string) => findEntity(kind, id, true)

  const findByKey = <K extends MetadataKind>(kind: K, key: string) =>
    sql`SELECT row, id, key, json FROM metadata WHERE kind = ${kind} AND key = ${storable(key)}`.pipe(
      Effect.flatMap(firstEntity(kind)),
      Effect.orDie
    )

  const list = <K extends MetadataKind>(kind: K) =>
    sql`
      SELECT m.json, ARRAY(SELECT s.asset_id FROM asset_metadata am JOIN search_rows s ON s.row = am.asset_row
                           WHERE am.metadata_row = m.row ORDER BY am.asset_row) AS assets
      FROM metadata m WHERE m.kind = ${kind} ORDER BY m.key, m.row`.pipe(
      Effect.flatMap(decodeListed),
      Effect.flatMap(Effect.forEach((row) =>
        Effect.map(decodeEntity(kind, row.json), (entity) => ({ entity, assets: row.assets }))
      )),
      Effect.orDie
    )

  const assetsOf = (id: string) =>
    Effect.map(
      sql<{ asset_id: string }>`
        SELECT s.asset_id FROM metadata m JOIN asset_metadata am ON am.metadata_row = m.row
        JOIN search_rows s ON s.row = am.asset_row WHERE m.id = ${id} ORDER BY s.asset_id`,
      (rows) => rows.map((row) => row.asset_id)
    ).pipe(Effect.orDie)

  const entitiesAt = (rows: ReadonlyArray<number>) =>
    rows.length === 0
      ? Effect.succeed([])
      : sql<{ kind: MetadataKind; id: string }>`SELECT kind, id FROM metadata WHERE row = ANY(${rows})`.pipe(Effect.orDie)

  const facetKeys = Effect.map(
    sql<{ row: number } & FacetKey>`SELECT row, kind, key FROM metadata WHERE kind IN ('tag', 'website')`,
    (rows) => new Map(rows.map(({ row, ...facetKey }) => [row, facetKey]))
  ).pipe(Effect.orDie)

  // Two JSON arrays (`FacetLinks`), not a row per link.
  const facetLinks = (after: number, last: number) =>
    sql<{ assets: string; entities: string }>`
      SELECT coalesce(json_agg(asset_row ORDER BY asset_row, metadata_row), '[]')::text AS assets,
             coalesce(json_agg(metadata_row ORDER BY asset_row, metadata_row), '[]')::text AS entities
      FROM asset_metadata WHERE asset_row > ${after} AND asset_row <= ${last}`
      .pipe(Effect.flatMap(decodeFacetLinks), Effect.map(([lists]) => lists), Effect.orDie)

  const tagsAt = (rows: ReadonlyArray<number>) =>
    rows.length === 0 ? Effect.succeed([]) : sql<{ row: number; key: string }>`
      SELECT am.asset_row AS row, m.key FROM asset_metadata am JOIN metadata m ON m.row = am.metadata_row
      WHERE am.asset_row = ANY(${rows}) AND m.kind = 'tag'`.pipe(Effect.orDie)

  const exportPage = (position: number, size: number) =>
    sql<ExportedEntityRow>`
      SELECT row AS position, kind, id, key, json FROM metadata WHERE row > ${position} ORDER BY row LIMIT ${size}`
      .pipe(Effect.orDie)

  const insert = <K extends MetadataKind>(kind: K, entity: MetadataEntity[K]) =>
    Effect.map(
      sql<{ row: number }>`
        INSERT INTO metadata (id, kind, key, json) VALUES (${entity.id}, ${kind}, ${keyColumn(kind, entity)},
        ${JSON.stringify(entity)}) RETURNING row`,
      (rows) => rows[0].row
    ).pipe(Effect.orDie)

  const insertIfAbsent = (entity: Omit<ExportedEntityRow, "position">) =>
    Effect.map(
      sql`INSERT INTO metadata (id, kind, key, json) VALUES (${entity.id}, ${entity.kind}, ${storableOrNull(entity.key)}, ${entity.json})
          ON CONFLICT DO NOTHING RETURNING id`,
      (rows) => rows.length > 0
    ).pipe(Effect.orDie)

  const update = <K extends MetadataKind>(kind: K, entity: MetadataEntity[K]) =>
    sql`UPDATE metadata SET key = ${keyColumn(kind, entity)}, json = ${JSON.stringify(entity)}
        WHERE id = ${entity.id} AND kind = ${kind}`.pipe(Effect.asVoid, Effect.orDie)

  const remove = (id: string) =>
    Effect.gen(function*() {
      const rows = yield* sql<{ row: number }>`DELETE FROM metadata WHERE id = ${id} RETURNING row`
      for (const { row } of rows) yield* sql`DELETE FROM asset_metadata WHERE metadata_row = ${row}`
    }).pipe(Effect.orDie)

  const linksOf = (assetRow: number) =>
    Effect.map(
      sql<{ row: number }>`SELECT metadata_row AS row FROM asset_metadata WHERE asset_row = ${assetRow}`,
      (rows) => rows.map((row) => row.row)
    ).pipe(Effect.orDie)

  const link = (assetRow: number, entityRows: ReadonlyArray<number>) =>
    linkStatement(sql, assetRow, entityRows).pipe(Effect.asVoid, Effect.orDie)

  const unlink = (assetRow: number, entityRows: ReadonlyArray<number>) =>
    sql`DELETE FROM asset_metadata WHERE asset_row = ${assetRow} AND metadata_row = ANY(${entityRows})`
      .pipe(Effect.asVoid, Effect.orDie)

  const deleteLinks = (assetRow: number) =>
    Effect.map(
      sql<{ row: number }>`DELETE FROM asset_metadata WHERE asset_row = ${assetRow} RETURNING metadata_row AS row`,
      (rows) => rows.map((row) => row.row)
    ).pipe(Effect.orDie)

  return MetadataStore.of({
    lookup,
    find,
    findForWrite,
    findByKey,
    list,
    assetsOf,
    entitiesAt,
    facetKeys,
    facetLinks,
    tagsAt,
    exportPage,
    insert,
    insertIfAbsent,
    update,
    remove,
    linksOf,
    link,
    unlink,
    deleteLinks
  })
})

export const layer = Layer.effect(MetadataStore, make)
