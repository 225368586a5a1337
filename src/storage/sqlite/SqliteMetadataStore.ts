/**
 * `MetadataStore` on SQLite: the registry (`metadata`, one row per entity, its JSON as assets embed it) and the
 * links (`asset_metadata`: pairs of integer rows, the entity's and the asset's search row, 8 bytes a link).
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Array as Arr, Effect, Layer, Schema } from "effect"
import { keyOf, type MetadataEntity, type MetadataKind } from "../../domain/Metadata.ts"
import { decodeEntity, decodeEntityRows, decodeFacetLinks, firstEntity } from "../MetadataRows.ts"
import { type ExportedEntityRow, type FacetKey, MetadataStore, type RegisteredEntity } from "../MetadataStore.ts"
import { inList } from "./InList.ts"

/** An entity's row in a listing, with the ids of the assets carrying it as a JSON list. */
const decodeListed = Schema.decodeUnknownEffect(
  Schema.Array(Schema.Struct({ json: Schema.String, assets: Schema.fromJsonString(Schema.Array(Schema.String)) }))
)

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient

  const lookup = <K extends MetadataKind>(kind: K, ids: ReadonlyArray<string>, keys: ReadonlyArray<string>) => {
    // Two lookups, by id and by key, each along its unique index, in one statement: one with OR, or a planner
    // without statistics, may read every entity of the kind (`+kind` keeps it off that index).
    const byId = ids.length === 0 ? undefined : sql`
      SELECT row, id, key, json FROM metadata WHERE ${inList(sql, "id", ids)} AND +kind = ${kind}`
    const byKey = keys.length === 0 ? undefined : sql`
      SELECT row, id, key, json FROM metadata WHERE kind = ${kind} AND ${inList(sql, "key", keys)}`
    const lookups = [byId, byKey].filter((lookup) => lookup !== undefined)
    if (lookups.length === 0) return Effect.succeed([])
    return sql`${sql.join(" UNION ALL ", false)(lookups)}`.pipe(
      Effect.flatMap(decodeEntityRows),
      Effect.flatMap(Effect.forEach((found) =>
        Effect.map(decodeEntity(kind, found.json), (entity): RegisteredEntity<K> => ({ ...found, entity }))
      )),
      Effect.orDie
    )
  }

  const find = <K extends MetadataKind>(kind: K, id: string) =>
    sql`SELECT row, id, key, json FROM metadata WHERE id = ${id} AND kind = ${kind}`.pipe(
      Effect.flatMap(firstEntity(kind)),
      Effect.orDie
    )

  const findByKey = <K extends MetadataKind>(kind: K, key: string) =>
    sql`SELECT row, id, key, json FROM metadata WHERE kind = ${kind} AND key = ${key}`.pipe(
      Effect.flatMap(firstEntity(kind)),
      Effect.orDie
    )

  const list = <K extends MetadataKind>(kind: K) =>
    sql`
      SELECT m.json, (SELECT json_group_array(s.asset_id) FROM asset_metadata am
                      JOIN search_rows s ON s.rowid = am.asset_row WHERE am.metadata_row = m.row) AS assets
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
        JOIN search_rows s ON s.rowid = am.asset_row WHERE m.id = ${id} ORDER BY s.asset_id`,
      (rows) => rows.map((row) => row.asset_id)
    ).pipe(Effect.orDie)

  const entitiesAt = (rows: ReadonlyArray<number>) =>
    rows.length === 0
      ? Effect.succeed([])
      : sql<{ kind: MetadataKind; id: string }>`SELECT kind, id FROM metadata WHERE ${inList(sql, "row", rows)}`
        .pipe(Effect.orDie)

  const facetKeys = Effect.map(
    sql<{ row: number } & FacetKey>`SELECT row, kind, key FROM metadata WHERE kind IN ('tag', 'website')`,
    (rows) => new Map(rows.map(({ row, ...facetKey }) => [row, facetKey]))
  ).pipe(Effect.orDie)

  const facetLinks = (after: number, last: number) =>
    sql<{ assets: string; entities: string }>`
      SELECT json_group_array(asset_row ORDER BY asset_row, metadata_row) AS assets,
             json_group_array(metadata_row ORDER BY asset_row, metadata_row) AS entities
      FROM asset_metadata WHERE asset_row > ${after} AND asset_row <= ${last}`
      .pipe(Effect.flatMap(decodeFacetLinks), Effect.map(([lists]) => lists), Effect.orDie)

  const tagsAt = (rows: ReadonlyArray<number>) =>
    rows.length === 0 ? Effect.succeed([]) : sql<{ row: number; key: string }>`
      SELECT am.asset_row AS row, m.key FROM asset_metadata am JOIN metadata m ON m.row = am.metadata_row
      WHERE ${inList(sql, "am.asset_row", rows)} AND m.kind = 'tag'`.pipe(Effect.orDie)

  const exportPage = (position: number, size: number) =>
    sql<ExportedEntityRow>`
      SELECT row AS position, kind, id, key, json FROM metadata WHERE row > ${position} ORDER BY row LIMIT ${size}`
      .pipe(Effect.orDie)

  const insert = <K extends MetadataKind>(kind: K, entity: MetadataEntity[K]) =>
    Effect.map(
      sql<{ row: number }>`
        INSERT INTO metadata (id, kind, key, json) VALUES (${entity.id}, ${kind}, ${keyOf(kind, entity)},
        ${JSON.stringify(entity)}) RETURNING row`,
      (rows) => rows[0].row
    ).pipe(Effect.orDie)

  const insertIfAbsent = (entity: Omit<ExportedEntityRow, "position">) =>
    Effect.map(
      sql`INSERT OR IGNORE INTO metadata (id, kind, key, json)
          VALUES (${entity.id}, ${entity.kind}, ${entity.key}, ${entity.json}) RETURNING id`,
      (rows) => rows.length > 0
    ).pipe(Effect.orDie)

  const update = <K extends MetadataKind>(kind: K, entity: MetadataEntity[K]) =>
    sql`UPDATE metadata SET key = ${keyOf(kind, entity)}, json = ${JSON.stringify(entity)}
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

  const link = (assetRow: number, entityRows: ReadonlyArray<number>) => {
    const links = entityRows.map((row) => ({ metadata_row: row, asset_row: assetRow }))
    return Arr.isArrayNonEmpty(links)
      ? sql`INSERT INTO asset_metadata ${sql.insert(links)}`.pipe(Effect.asVoid, Effect.orDie)
      : Effect.void
  }

  const unlink = (assetRow: number, entityRows: ReadonlyArray<number>) =>
    sql`
      DELETE FROM asset_metadata WHERE asset_row = ${assetRow} AND ${inList(sql, "metadata_row", entityRows)}`
      .pipe(Effect.asVoid, Effect.orDie)

  const deleteLinks = (assetRow: number) =>
    Effect.map(
      sql<{ row: number }>`
        DELETE FROM asset_metadata WHERE asset_row = ${assetRow} RETURNING metadata_row AS row`,
      (rows) => rows.map((row) => row.row)
    ).pipe(Effect.orDie)

  return MetadataStore.of({
    lookup,
    find,
    // The transaction holds the database's only write lock already.
    findForWrite: find,
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
