/**
 * The library's registry of metadata entities (`metadata`: one row per tag, website and annotation, its JSON as
 * assets embed it) and which live assets carry which (`asset_metadata`). Written inside the write transactions of
 * the assets and entities concerned, and by the migration that built the registry from stored assets.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Option } from "effect"
import type { Asset } from "../domain/Asset.ts"
import { assembleAsset, partsOf } from "../domain/AssetBuilder.ts"
import { entitiesOf, keyOf, type MetadataEntity, type MetadataKind, withEntities } from "../domain/Metadata.ts"
import { inList } from "./InList.ts"

const METADATA_KINDS: ReadonlyArray<MetadataKind> = ["tag", "website", "annotation"]

type EntityRow = { id: string; key: string | null; json: string }

const parse = <K extends MetadataKind>(row: { json: string }) => JSON.parse(row.json) as MetadataEntity[K]

export const insertEntity = <K extends MetadataKind>(sql: SqlClient, kind: K, entity: MetadataEntity[K]) =>
  sql`INSERT INTO metadata (id, kind, key, json) VALUES (${entity.id}, ${kind}, ${keyOf(kind, entity)},
      ${JSON.stringify(entity)})`

export const updateEntity = <K extends MetadataKind>(sql: SqlClient, kind: K, entity: MetadataEntity[K]) =>
  sql`UPDATE metadata SET key = ${keyOf(kind, entity)}, json = ${JSON.stringify(entity)}
      WHERE id = ${entity.id} AND kind = ${kind}`

export const deleteEntity = (sql: SqlClient, id: string) =>
  Effect.zipRight(sql`DELETE FROM asset_metadata WHERE metadata_id = ${id}`, sql`DELETE FROM metadata WHERE id = ${id}`)

export const findEntity = <K extends MetadataKind>(sql: SqlClient, kind: K, id: string) =>
  Effect.map(
    sql<EntityRow>`SELECT id, key, json FROM metadata WHERE id = ${id} AND kind = ${kind}`,
    (rows) => rows.length === 0 ? Option.none<MetadataEntity[K]>() : Option.some(parse<K>(rows[0]))
  )

export const findEntityByKey = <K extends MetadataKind>(sql: SqlClient, kind: K, key: string) =>
  Effect.map(
    sql<EntityRow>`SELECT id, key, json FROM metadata WHERE kind = ${kind} AND key = ${key}`,
    (rows) => rows.length === 0 ? Option.none<MetadataEntity[K]>() : Option.some(parse<K>(rows[0]))
  )

/** Every entity of a kind with the live assets carrying it, by key (annotations: oldest first). */
export const listEntities = <K extends MetadataKind>(sql: SqlClient, kind: K) =>
  Effect.map(
    sql<{ json: string; assets: string }>`
      SELECT m.json, (SELECT json_group_array(asset_id) FROM asset_metadata WHERE metadata_id = m.id) AS assets
      FROM metadata m WHERE m.kind = ${kind} ORDER BY m.key, m.rowid`,
    (rows) => rows.map((row) => ({ entity: parse<K>(row), assets: JSON.parse(row.assets) as Array<string> }))
  )

/** The live assets carrying an entity. */
export const assetsOfEntity = (sql: SqlClient, id: string) =>
  Effect.map(
    sql<{ asset_id: string }>`SELECT asset_id FROM asset_metadata WHERE metadata_id = ${id} ORDER BY asset_id`,
    (rows) => rows.map((row) => row.asset_id)
  )

/**
 * The asset with each embedded entity replaced by the registry's original: an entity the registry knows by id or
 * by key (the same tag text, the same URL) is that one; one it does not know is registered now. So an asset never
 * carries two copies of one tag, and a renamed tag is renamed everywhere. Answers the adopted asset and the ids of
 * the entities registered.
 */
export const adoptMetadata = (sql: SqlClient, asset: Asset) =>
  Effect.gen(function*() {
    let parts = partsOf(asset)
    const registered: Array<{ kind: MetadataKind; id: string }> = []
    for (const kind of METADATA_KINDS) {
      const entities = entitiesOf(parts, kind)
      if (entities.length === 0) continue
      const keys = entities.flatMap((entity) => keyOf(kind, entity) ?? [])
      const rows = yield* sql<EntityRow>`
        SELECT id, key, json FROM metadata
        WHERE kind = ${kind} AND (${inList(sql, "id", entities.map((e) => e.id))} OR ${inList(sql, "key", keys)})`
      const byId = new Map(rows.map((row) => [row.id, parse(row)]))
      const byKey = new Map(rows.flatMap((row) => row.key === null ? [] : [[row.key, parse(row)] as const]))
      const adopted = new Map<string, MetadataEntity[typeof kind]>()
      for (const entity of entities) {
        const key = keyOf(kind, entity)
        let original = byId.get(entity.id) ?? (key === null ? undefined : byKey.get(key))
        if (original === undefined) {
          yield* insertEntity(sql, kind, entity)
          registered.push({ kind, id: entity.id })
          original = entity
          byId.set(entity.id, entity)
          if (key !== null) byKey.set(key, entity)
        }
        adopted.set(original.id, original)
      }
      parts = withEntities(parts, kind, [...adopted.values()])
    }
    return { asset: assembleAsset(parts), registered }
  })

/** Which entities a live asset carries, from its embedded copies; answers the entity ids added and removed. */
export const writeLinks = (sql: SqlClient, asset: Asset) =>
  Effect.gen(function*() {
    const parts = partsOf(asset)
    const now = new Set(METADATA_KINDS.flatMap((kind) => entitiesOf(parts, kind).map((entity) => entity.id)))
    const before = new Set(
      (yield* sql<{ id: string }>`SELECT metadata_id AS id FROM asset_metadata WHERE asset_id = ${asset.id}`)
        .map((row) => row.id)
    )
    const added = [...now].filter((id) => !before.has(id))
    const removed = [...before].filter((id) => !now.has(id))
    if (removed.length > 0) {
      yield* sql`DELETE FROM asset_metadata WHERE asset_id = ${asset.id} AND ${inList(sql, "metadata_id", removed)}`
    }
    if (added.length > 0) {
      yield* sql`INSERT INTO asset_metadata ${sql.insert(added.map((id) => ({ asset_id: asset.id, metadata_id: id })))}`
    }
    return [...added, ...removed]
  })

/** A deleted asset carries nothing any more; answers the entity ids it carried. */
export const deleteLinks = (sql: SqlClient, assetId: string) =>
  Effect.map(
    sql<{ id: string }>`DELETE FROM asset_metadata WHERE asset_id = ${assetId} RETURNING metadata_id AS id`,
    (rows) => rows.map((row) => row.id)
  )

/** The kind of each of these entity ids. */
export const kindsOf = (sql: SqlClient, ids: ReadonlyArray<string>) =>
  ids.length === 0
    ? Effect.succeed(new Map<string, MetadataKind>())
    : Effect.map(
      sql<{ id: string; kind: MetadataKind }>`SELECT id, kind FROM metadata WHERE ${inList(sql, "id", ids)}`,
      (rows) => new Map(rows.map((row) => [row.id, row.kind]))
    )
