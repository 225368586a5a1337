/**
 * The storage port of the connector's data and the installation's settings: the applications (integrations) that
 * connected, the intentions they stored, the events they tracked, and the values chosen once per installation (its
 * OS id, its user). Writes run inside the write transaction of the commit path, except the settings, chosen once.
 */
import { Context, type Effect, type Option } from "effect"
import type { StoredApplication } from "../domain/Backup.ts"

/** An application as stored, encoded: what a backup carries. */
export type ApplicationRow = typeof StoredApplication.Encoded

/** What identifies an application that connects: the same three, the same application. */
export interface ApplicationIdentity {
  readonly name: string
  readonly version: string
  readonly platform: string
}

export interface TrackedEvent {
  readonly applicationId: string
  readonly kind: string
  readonly event: string | null
  readonly assetId: string | null
  readonly created: string
  readonly body: string
}

export interface ConnectorStoreShape {
  /** The installation's value for `key`: the one stored, or (none yet) `value`, stored now. */
  readonly setting: (key: string, value: string) => Effect.Effect<string>

  readonly application: (id: string) => Effect.Effect<Option.Option<ApplicationRow>>
  readonly applicationByIdentity: (identity: ApplicationIdentity) => Effect.Effect<Option.Option<ApplicationRow>>
  /** Every application, oldest first. */
  readonly applications: Effect.Effect<ReadonlyArray<ApplicationRow>>
  /** Every application by id: the order a backup lists them in. */
  readonly applicationsById: Effect.Effect<ReadonlyArray<ApplicationRow>>
  /** Every application's latest intentions (at most `kept` each), oldest first. */
  readonly latestIntentions: (kept: number) => Effect.Effect<ReadonlyArray<{ readonly applicationId: string; readonly code: string }>>

  // Writes, inside the write transaction.
  /** Registers the application with this id, or (its identity is known) marks the known one as connecting now. */
  readonly connect: (application: ApplicationRow) => Effect.Effect<void>
  /** Stores an application as a backup holds it, unless its id or identity is known; answers whether it was. */
  readonly insertIfAbsent: (application: ApplicationRow) => Effect.Effect<boolean>
  readonly setOnboarded: (id: string, onboarded: boolean, at: string) => Effect.Effect<void>
  /** Stores an intention; the application's oldest beyond its latest `kept` are deleted. */
  readonly addIntention: (
    intention: { readonly id: string; readonly applicationId: string; readonly created: string; readonly seed: string; readonly code: string },
    kept: number
  ) => Effect.Effect<void>
  readonly track: (event: TrackedEvent) => Effect.Effect<void>
  /** Deletes the events created before `before`, and all but the newest `kept`. */
  readonly pruneEvents: (before: string, kept: number) => Effect.Effect<void>
}

export class ConnectorStore extends Context.Service<ConnectorStore, ConnectorStoreShape>()("ConnectorStore") {}
