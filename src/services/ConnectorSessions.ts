/**
 * The applications (integrations) that connected. An application is known by name, version and platform:
 * connecting again with the same three returns the same id, across restarts. Every create and connector call
 * looks its application up, so known applications are also kept in memory; this service is their only writer.
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Option, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { ApplicationNotConnected } from "../api/Errors.ts"
import { Application, type SeededApplication, type SeededTrackedApplication } from "../domain/Application.ts"
import { ApplicationId } from "../domain/Common.ts"

const ApplicationRow = Schema.Struct({
  id: ApplicationId,
  name: Application.fields.name,
  version: Schema.String,
  platform: Application.fields.platform,
  privacy: Application.fields.privacy,
  capabilities: Schema.NullOr(Application.fields.capabilities.from),
  onboarded: Schema.Number
})
const decodeRow = Schema.decodeUnknown(ApplicationRow)

const toApplication = (row: typeof ApplicationRow.Type): Application => ({
  id: row.id,
  name: row.name,
  version: row.version,
  platform: row.platform,
  privacy: row.privacy,
  onboarded: row.onboarded === 1,
  ...(row.capabilities === null ? {} : { capabilities: row.capabilities })
})

export class ConnectorSessions extends Effect.Service<ConnectorSessions>()("ConnectorSessions", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient

    const byId = new Map<string, Application>()
    const byIdentity = new Map<string, Application>()
    const identityOf = (app: { name: string; version: string; platform: string }) =>
      `${app.name}\u0000${app.version}\u0000${app.platform}`
    const remember = (application: Application) => {
      byId.set(application.id, application)
      byIdentity.set(identityOf(application), application)
      return application
    }

    const selectOne = (rows: ReadonlyArray<unknown>) =>
      rows.length === 0
        ? Effect.succeedNone
        : Effect.map(decodeRow(rows[0]), (row) => Option.some(remember(toApplication(row))))

    const find = (id: string): Effect.Effect<Option.Option<Application>> => {
      const known = byId.get(id)
      if (known !== undefined) return Effect.succeedSome(known)
      return sql`SELECT * FROM applications WHERE id = ${id}`.pipe(Effect.flatMap(selectOne), Effect.orDie)
    }

    const findByIdentity = (app: { name: string; version: string; platform: string }) => {
      const known = byIdentity.get(identityOf(app))
      if (known !== undefined) return Effect.succeedSome(known)
      return sql`
        SELECT * FROM applications
        WHERE name = ${app.name} AND version = ${app.version} AND platform = ${app.platform}`
        .pipe(Effect.flatMap(selectOne), Effect.orDie)
    }

    /** Registers the application, or finds it when the same name, version and platform connected before. */
    const connect = Effect.fnUntraced(function*(app: SeededTrackedApplication) {
      const now = new Date().toISOString()
      yield* sql`
        INSERT INTO applications (id, name, version, platform, privacy, capabilities, onboarded, created, updated)
        VALUES (${randomUUID()}, ${app.name}, ${app.version}, ${app.platform}, ${app.privacy ?? "OPEN"},
                ${app.capabilities ?? null}, 0, ${now}, ${now})
        ON CONFLICT (name, version, platform) DO UPDATE SET updated = excluded.updated`.pipe(Effect.orDie)
      const found = yield* findByIdentity(app)
      return yield* Option.match(found, {
        onNone: () => Effect.dieMessage("application vanished right after it was written"),
        onSome: Effect.succeed
      })
    })

    /** The application of a connector path: it must have connected. */
    const require = (id: ApplicationId) =>
      Effect.flatMap(find(id), Option.match({
        onNone: () => Effect.fail(ApplicationNotConnected.of(id)),
        onSome: Effect.succeed
      }))

    /** The stored application a seed names, by id or by identity; `undefined` when it never connected. */
    const lookup = (seeded: SeededApplication) =>
      Effect.gen(function*() {
        const byId = seeded.id === undefined ? Option.none<Application>() : yield* find(seeded.id)
        return Option.isSome(byId) ? byId : yield* findByIdentity(seeded)
      })

    /** The application a created asset belongs to: the stored one, or the seed's, registered now. */
    const resolve = Effect.fnUntraced(function*(seeded: SeededApplication) {
      const known = yield* lookup(seeded)
      return Option.isSome(known) ? known.value : yield* connect(seeded)
    })

    /** Sets the application's onboarded flag; the next `connect` shows it. */
    const setOnboarded = Effect.fnUntraced(function*(id: ApplicationId, onboarded: boolean) {
      const application = yield* require(id)
      yield* sql`UPDATE applications SET onboarded = ${onboarded ? 1 : 0}, updated = ${new Date().toISOString()}
                 WHERE id = ${id}`.pipe(Effect.orDie)
      remember({ ...application, onboarded })
    })

    /** Every application that connected, oldest first. */
    const list = sql`SELECT * FROM applications ORDER BY created, id`.pipe(
      Effect.flatMap((rows) => Effect.forEach(rows, (row) => Effect.map(decodeRow(row), toApplication))),
      Effect.orDie
    )

    return { connect, find, require, lookup, resolve, setOnboarded, list } as const
  })
}) {}
