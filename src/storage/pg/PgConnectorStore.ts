/**
 * `ConnectorStore` on PostgreSQL: `settings`, `applications` (unique by name, version and platform), `intentions`
 * and `tracking_events`.
 */
import { SqlClient } from "effect/sql/SqlClient"
import { Effect, Layer, Option } from "effect"
import { type ApplicationRow, ConnectorStore } from "../ConnectorStore.ts"
import { storable } from "./StorableText.ts"

const COLUMNS = "id, name, version, platform, privacy, capabilities, onboarded, created, updated"

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient
  const applicationRows = (rows: Effect.Effect<ReadonlyArray<ApplicationRow>, unknown>) => Effect.orDie(rows)
  const one = (rows: Effect.Effect<ReadonlyArray<ApplicationRow>, unknown>) =>
    Effect.map(applicationRows(rows), (found) => Option.fromNullishOr(found[0]))

  return ConnectorStore.of({
    setting: (key, value) =>
      Effect.gen(function*() {
        yield* sql`INSERT INTO settings (key, value) VALUES (${key}, ${value}) ON CONFLICT (key) DO NOTHING`
        const rows = yield* sql<{ value: string }>`SELECT value FROM settings WHERE key = ${key}`
        return rows[0].value
      }).pipe(Effect.orDie),
    application: (id) => one(sql<ApplicationRow>`SELECT ${sql.literal(COLUMNS)} FROM applications WHERE id = ${id}`),
    applicationByIdentity: (identity) =>
      one(sql<ApplicationRow>`
        SELECT ${sql.literal(COLUMNS)} FROM applications
        WHERE name = ${identity.name} AND version = ${storable(identity.version)} AND platform = ${identity.platform}`),
    applications: applicationRows(sql<ApplicationRow>`
      SELECT ${sql.literal(COLUMNS)} FROM applications ORDER BY created, id`),
    applicationsById: applicationRows(sql<ApplicationRow>`SELECT ${sql.literal(COLUMNS)} FROM applications ORDER BY id`),
    latestIntentions: (kept) =>
      sql<{ applicationId: string; code: string }>`
        SELECT applicationId AS "applicationId", code FROM (
          SELECT application_id AS applicationId, content AS code, created, position,
                 row_number() OVER (PARTITION BY application_id ORDER BY created DESC, position DESC) AS recency
          FROM intentions) latest
        WHERE recency <= ${kept} ORDER BY created, position`.pipe(Effect.orDie),
    connect: (application) =>
      sql`
        INSERT INTO applications (id, name, version, platform, privacy, capabilities, onboarded, created, updated)
        VALUES (${application.id}, ${application.name}, ${storable(application.version)}, ${application.platform},
                ${application.privacy}, ${application.capabilities}, ${application.onboarded}, ${application.created},
                ${application.updated})
        ON CONFLICT (name, version, platform) DO UPDATE SET updated = excluded.updated`.pipe(Effect.asVoid, Effect.orDie),
    insertIfAbsent: (application) =>
      Effect.map(
        sql`INSERT INTO applications ${sql.insert({ ...application, version: storable(application.version) })}
            ON CONFLICT DO NOTHING RETURNING id`,
        (rows) => rows.length > 0
      ).pipe(Effect.orDie),
    setOnboarded: (id, onboarded, at) =>
      sql`UPDATE applications SET onboarded = ${onboarded ? 1 : 0}, updated = ${at} WHERE id = ${id}`
        .pipe(Effect.asVoid, Effect.orDie),
    addIntention: (intention, kept) =>
      Effect.gen(function*() {
        yield* sql`
          INSERT INTO intentions (id, application_id, created, seed, content)
          VALUES (${intention.id}, ${intention.applicationId}, ${intention.created}, ${storable(intention.seed)},
                  ${storable(intention.code)})`
        yield* sql`
          DELETE FROM intentions WHERE application_id = ${intention.applicationId} AND position NOT IN (
            SELECT position FROM intentions WHERE application_id = ${intention.applicationId}
            ORDER BY created DESC, position DESC LIMIT ${kept})`
      }).pipe(Effect.orDie),
    track: (event) =>
      sql`
        INSERT INTO tracking_events (application_id, kind, event, asset_id, created, body)
        VALUES (${event.applicationId}, ${event.kind}, ${event.event}, ${event.assetId}, ${event.created},
                ${storable(event.body)})`.pipe(Effect.asVoid, Effect.orDie),
    pruneEvents: (before, kept) =>
      Effect.gen(function*() {
        yield* sql`DELETE FROM tracking_events WHERE created < ${before}`
        // Ids grow with time: the newest events are the highest ids.
        yield* sql`
          DELETE FROM tracking_events WHERE id <= (SELECT id FROM tracking_events ORDER BY id DESC LIMIT 1 OFFSET ${kept})`
      }).pipe(Effect.orDie)
  })
})

export const layer = Layer.effect(ConnectorStore, make)
