/**
 * The applications (integrations) that connected. An application is known by name, version and platform:
 * connecting again with the same three returns the same id, across restarts and instances. Registering and
 * onboarding are writes through the commit path; lookups are answered from `KnownApplications`.
 */
import { Context, Effect, Layer, Option } from "effect"
import { randomUUID } from "node:crypto"
import { ApplicationNotConnected } from "../domain/Errors.ts"
import type { Application, SeededApplication, SeededTrackedApplication } from "../domain/Application.ts"
import type { ApplicationId } from "../domain/Common.ts"
import { ConnectorStore } from "../storage/ConnectorStore.ts"
import { Commits } from "./Commits.ts"
import { applicationOf, KnownApplications } from "./KnownApplications.ts"

export class ConnectorSessions extends Context.Service<ConnectorSessions>()("ConnectorSessions", {
  make: Effect.gen(function*() {
    const store = yield* ConnectorStore
    const commits = yield* Commits
    const known = yield* KnownApplications

    /** The application as stored now, inside the transaction that changed it, announced to followers. */
    const changed = (tx: { readonly applicationChanged: (application: Application) => void }, id: string) =>
      Effect.flatMap(store.application(id), Option.match({
        onNone: () => Effect.die(new Error(`The application ${id} vanished inside the transaction that wrote it`)),
        onSome: (row) => Effect.tap(applicationOf(row), (application) => Effect.sync(() => tx.applicationChanged(application)))
      }))

    /** Registers the application, or finds it when the same name, version and platform connected before. */
    const connect = Effect.fn("ConnectorSessions.connect")((app: SeededTrackedApplication) =>
      commits.commit((tx) =>
        Effect.gen(function*() {
          const now = new Date().toISOString()
          yield* store.connect({
            id: randomUUID(),
            name: app.name,
            version: app.version,
            platform: app.platform,
            privacy: app.privacy ?? "OPEN",
            capabilities: app.capabilities ?? null,
            onboarded: 0,
            created: now,
            updated: now
          })
          const row = yield* store.applicationByIdentity(app)
          if (Option.isNone(row)) return yield* Effect.die(new Error("application vanished right after it was written"))
          return yield* changed(tx, row.value.id)
        })
      ))

    /** The application of a connector path: it must have connected. */
    const require = Effect.fn("ConnectorSessions.require")((id: ApplicationId) =>
      Effect.flatMap(known.find(id), Option.match({
        onNone: () => Effect.fail(ApplicationNotConnected.of(id)),
        onSome: Effect.succeed
      })))

    /** The stored application a seed names, by id or by identity; `undefined` when it never connected. */
    const lookup = Effect.fn("ConnectorSessions.lookup")(function*(seeded: SeededApplication) {
      const byId = seeded.id === undefined ? Option.none<Application>() : yield* known.find(seeded.id)
      return Option.isSome(byId) ? byId : yield* known.findByIdentity(seeded)
    })

    /** The application a created asset belongs to: the stored one, or the seed's, registered now. */
    const resolve = Effect.fn("ConnectorSessions.resolve")(function*(seeded: SeededApplication) {
      const found = yield* lookup(seeded)
      return Option.isSome(found) ? found.value : yield* connect(seeded)
    })

    /** Sets the application's onboarded flag; the next `connect` shows it. */
    const setOnboarded = Effect.fn("ConnectorSessions.setOnboarded")((id: ApplicationId, onboarded: boolean) =>
      Effect.andThen(
        require(id),
        commits.commit((tx) =>
          Effect.andThen(store.setOnboarded(id, onboarded, new Date().toISOString()), changed(tx, id))
        )
      ).pipe(Effect.asVoid))

    /** Every application that connected, oldest first. */
    const list = Effect.flatMap(store.applications, (rows) => Effect.forEach(rows, applicationOf))

    return { connect, find: known.find, require, lookup, resolve, setOnboarded, list } as const
  })
}) {
  /** Without the services it uses, for tests that provide their own. */
  static readonly layerNoDeps = Layer.effect(ConnectorSessions, ConnectorSessions.make)
  static readonly layer = ConnectorSessions.layerNoDeps.pipe(Layer.provide([Commits.layer, KnownApplications.layer]))
}
