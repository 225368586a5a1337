/**
 * The applications this instance knows, by id and by identity (name, version and platform): every create and
 * connector call looks its application up, so they are kept in memory. Filled as they are read, and kept current by
 * the change feed (`LibraryFollowers`), which brings every application registered or changed on any instance.
 */
import { Context, Effect, Layer, Option, Schema } from "effect"
import { Application } from "../domain/Application.ts"
import { CapabilitiesEnum } from "../domain/Common.ts"
import type { ApplicationIdentity, ApplicationRow } from "../storage/ConnectorStore.ts"
import { ConnectorStore } from "../storage/ConnectorStore.ts"

const ApplicationFromRow = Schema.Struct({
  id: Application.fields.id,
  name: Application.fields.name,
  version: Schema.String,
  platform: Application.fields.platform,
  privacy: Application.fields.privacy,
  capabilities: Schema.NullOr(CapabilitiesEnum),
  onboarded: Schema.Number
})
const decodeRow = Schema.decodeUnknownEffect(ApplicationFromRow)

/** An application as the connector answers it, from its stored row. */
export const applicationOf = (row: ApplicationRow): Effect.Effect<Application> =>
  Effect.map(Effect.orDie(decodeRow(row)), (decoded) => ({
    id: decoded.id,
    name: decoded.name,
    version: decoded.version,
    platform: decoded.platform,
    privacy: decoded.privacy,
    onboarded: decoded.onboarded === 1,
    ...(decoded.capabilities === null ? {} : { capabilities: decoded.capabilities })
  }))

const identityOf = (app: ApplicationIdentity) => `${app.name}\u0000${app.version}\u0000${app.platform}`

export class KnownApplications extends Context.Service<KnownApplications>()("KnownApplications", {
  make: Effect.gen(function*() {
    const store = yield* ConnectorStore
    const byId = new Map<string, Application>()
    const byIdentity = new Map<string, Application>()

    /** A committed application's current state (from the change feed). */
    const remember = (application: Application) => {
      byId.set(application.id, application)
      byIdentity.set(identityOf(application), application)
    }

    /**
     * An application read from the database: kept unless the feed brought a state of it meanwhile (which is newer
     * than the read, or as new).
     */
    const read = (row: Effect.Effect<Option.Option<ApplicationRow>>) =>
      Effect.flatMap(row, Option.match({
        onNone: () => Effect.succeedNone,
        onSome: (found) =>
          Effect.map(applicationOf(found), (application) => {
            const known = byId.get(application.id)
            if (known !== undefined) return Option.some(known)
            remember(application)
            return Option.some(application)
          })
      }))

    return {
      remember,
      find: (id: string): Effect.Effect<Option.Option<Application>> => {
        const known = byId.get(id)
        return known !== undefined ? Effect.succeedSome(known) : read(store.application(id))
      },
      findByIdentity: (identity: ApplicationIdentity): Effect.Effect<Option.Option<Application>> => {
        const known = byIdentity.get(identityOf(identity))
        return known !== undefined ? Effect.succeedSome(known) : read(store.applicationByIdentity(identity))
      }
    } as const
  })
}) {
  static readonly layer = Layer.effect(KnownApplications, KnownApplications.make)
}
