/**
 * The library's registry of metadata entities (`metadata`: one row per tag, website and annotation, its JSON as
 * assets embed it) and which live assets carry which (`asset_metadata`: pairs of integer rows, the entity's and the
 * asset's search row, 8 bytes a link rather than two UUIDs). Written inside the write transactions of the assets and
 * entities concerned.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Option } from "effect"
import type { Asset } from "../domain/Asset.ts"
import { assembleAsset, partsOf } from "../domain/AssetBuilder.ts"
import { entitiesOf, keyOf, type MetadataEntity, type MetadataKind, withEntities } from "../domain/Metadata.ts"
import { inList } from "./InList.ts"

const METADATA_KINDS: ReadonlyArray<MetadataKind> = ["tag", "website", "annotation"]

type EntityRow = { row: number; id: string; key: string | null; json: string }

const parse = <K extends MetadataKind>(row: { json: string }) => JSON.parse(row.json) as MetadataEntity[K]

/** Registers an entity; answers its row. */
export const insertEntity = <K extends MetadataKind>(sql: SqlClient, kind: K, entity: MetadataEntity[K]) =>
  Effect.map(
    sql<{ row: number }>`
      INSERT INTO metadata (id, kind, key, json) VALUES (${entity.id}, ${kind}, ${keyOf(kind, entity)},
      ${JSON.stringify(entity)}) RETURNING row`,
    (rows) => rows[0].row
  )

export const updateEntity = <K extends MetadataKind>(sql: SqlClient, kind: K, entity: MetadataEntity[K]) =>
  sql`UPDATE metadata SET key = ${keyOf(kind, entity)}, json = ${JSON.stringify(entity)}
      WHERE id = ${entity.id} AND kind = ${kind}`

export const deleteEntity = (sql: SqlClient, id: string) =>
  Effect.gen(function*() {
    const rows = yield* sql<{ row: number }>`DELETE FROM metadata WHERE id = ${id} RETURNING row`
    for (const { row } of rows) yield* sql`DELETE FROM asset_metadata WHERE metadata_row = ${row}`
  })

const one = <K extends MetadataKind>(rows: ReadonlyArray<EntityRow>) =>
  rows.length === 0 ? Option.none<MetadataEntity[K]>() : Option.some(parse<K>(rows[0]))

export const findEntity = <K extends MetadataKind>(sql: SqlClient, kind: K, id: string) =>
  Effect.map(sql<EntityRow>`SELECT row, id, key, json FROM metadata WHERE id = ${id} AND kind = ${kind}`, one<K>)

export const findEntityByKey = <K extends MetadataKind>(sql: SqlClient, kind: K, key: string) =>
  Effect.map(sql<EntityRow>`SELECT row, id, key, json FROM metadata WHERE kind = ${kind} AND key = ${key}`, one<K>)

/** Every entity of a kind with the live assets carrying it, by key (annotations: oldest first). */
export const listEntities = <K extends MetadataKind>(sql: SqlClient, kind: K) =>
  Effect.map(
    sql<{ json: string; assets: string }>`
      SELECT m.json, (SELECT json_group_array(s.asset_id) FROM asset_metadata am
                      JOIN search_rows s ON s.rowid = am.asset_row WHERE am.metadata_row = m.row) AS assets
      FROM metadata m WHERE m.kind = ${kind} ORDER BY m.key, m.row`,
    (rows) => rows.map((row) => ({ entity: parse<K>(row), assets: JSON.parse(row.assets) as Array<string> }))
  )

/** The live assets carrying an entity. */
export const assetsOfEntity = (sql: SqlClient, id: string) =>
  Effect.map(
    sql<{ asset_id: string }>`
      SELECT s.asset_id FROM metadata m JOIN asset_metadata am ON am.metadata_row = m.row
      JOIN search_rows s ON s.rowid = am.asset_row WHERE m.id = ${id} ORDER BY s.asset_id`,
    (rows) => rows.map((row) => row.asset_id)
  )

/**
 * The asset with each embedded entity replaced by the registry's original: an entity the registry knows by id or
 * by key (the same tag text, the same URL) is that one; one it does not know is registered now. So an asset never
 * carries two copies of one tag, and a renamed tag is renamed everywhere. Answers the adopted asset, the entities
 * registered and the rows of every entity it carries.
 */
export const adoptMetadata = (sql: SqlClient, asset: Asset) =>
  Effect.gen(function*() {
    let parts = partsOf(asset)
    const registered: Array<{ kind: MetadataKind; id: string }> = []
    const carried: Array<number> = []
    for (const kind of METADATA_KINDS) {
      const entities = entitiesOf(parts, kind)
      if (entities.length === 0) continue
      const keys = entities.flatMap((entity) => keyOf(kind, entity) ?? [])
      // Two lookups, by id and by key, each along its unique index: one with OR, or a planner without statistics,
      // may read every entity of the kind (`+kind` keeps it off that index).
      const rows = [
        ...yield* sql<EntityRow>`
          SELECT row, id, key, json FROM metadata WHERE ${inList(sql, "id", entities.map((e) => e.id))} AND +kind = ${kind}`,
        ...yield* sql<EntityRow>`
          SELECT row, id, key, json FROM metadata WHERE kind = ${kind} AND ${inList(sql, "key", keys)}`
      ]
      const byId = new Map(rows.map((row) => [row.id, row]))
      const byKey = new Map(rows.flatMap((row) => row.key === null ? [] : [[row.key, row] as const]))
      const adopted = new Map<string, { row: number; entity: MetadataEntity[typeof kind] }>()
      for (const entity of entities) {
        const key = keyOf(kind, entity)
        const known = byId.get(entity.id) ?? (key === null ? undefined : byKey.get(key))
        if (known !== undefined) {
          adopted.set(known.id, { row: known.row, entity: parse(known) })
          continue
        }
        const row = yield* insertEntity(sql, kind, entity)
        registered.push({ kind, id: entity.id })
        const made = { row, id: entity.id, key, json: JSON.stringify(entity) }
        byId.set(entity.id, made)
        if (key !== null) byKey.set(key, made)
        adopted.set(entity.id, { row, entity })
      }
      parts = withEntities(parts, kind, [...adopted.values()].map(({ entity }) => entity))
      carried.push(...[...adopted.values()].map(({ row }) => row))
    }
    return { asset: assembleAsset(parts), registered, carried }
  })

/** Which entities the asset in search row `assetRow` carries; answers the entity rows added and removed. */
export const writeLinks = (sql: SqlClient, assetRow: number, carried: ReadonlyArray<number>) =>
  Effect.gen(function*() {
    const now = new Set(carried)
    const before = new Set(
      (yield* sql<{ row: number }>`SELECT metadata_row AS row FROM asset_metadata WHERE asset_row = ${assetRow}`)
        .map((row) => row.row)
    )
    const added = [...now].filter((row) => !before.has(row))
    const removed = [...before].filter((row) => !now.has(row))
    if (removed.length > 0) {
      yield* sql`DELETE FROM asset_metadata WHERE asset_row = ${assetRow} AND ${inList(sql, "metadata_row", removed)}`
    }
    if (added.length > 0) {
      yield* sql`
        INSERT INTO asset_metadata ${sql.insert(added.map((row) => ({ metadata_row: row, asset_row: assetRow })))}`
    }
    return [...added, ...removed]
  })

/** A deleted asset carries nothing any more; answers the entity rows it carried. */
export const deleteLinks = (sql: SqlClient, assetRow: number) =>
  Effect.map(
    sql<{ row: number }>`DELETE FROM asset_metadata WHERE asset_row = ${assetRow} RETURNING metadata_row AS row`,
    (rows) => rows.map((row) => row.row)
  )

/** The kind and id of each of these entity rows. */
export const entitiesAt = (sql: SqlClient, rows: ReadonlyArray<number>) =>
  rows.length === 0
    ? Effect.succeed([] as Array<{ kind: MetadataKind; id: string }>)
    : sql<{ kind: MetadataKind; id: string }>`SELECT kind, id FROM metadata WHERE ${inList(sql, "row", rows)}`

/** The tags and websites of the live assets in search rows (after, last]: what the facet index is built from. */
export const facetLinks = (sql: SqlClient, after: number, last: number) =>
  sql<{ asset_row: number; kind: "tag" | "website"; key: string }>`
    SELECT am.asset_row, m.kind, m.key FROM asset_metadata am JOIN metadata m ON m.row = am.metadata_row
    WHERE am.asset_row > ${after} AND am.asset_row <= ${last} AND m.kind IN ('tag', 'website')`
