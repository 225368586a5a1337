/**
 * How long tracked events are kept: they feed interaction scores as they arrive and are kept afterwards only for
 * what a user may want to look back on, so the newest `KEPT_EVENTS` of the last `KEPT_DAYS` days stay and the rest
 * goes, at start-up and then hourly (an event is a small row, but kept forever they grow without bound).
 */
import { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Layer, Schedule } from "effect"

export const KEPT_DAYS = 90
export const KEPT_EVENTS = 100_000

export const pruneTrackingEvents = (kept = { days: KEPT_DAYS, events: KEPT_EVENTS }) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient
    const cutoff = new Date(Date.now() - kept.days * 24 * 3600 * 1000).toISOString()
    yield* sql`DELETE FROM tracking_events WHERE created < ${cutoff}`
    // Ids grow with time: the newest events are the highest ids.
    yield* sql`
      DELETE FROM tracking_events WHERE id <= (SELECT id FROM tracking_events ORDER BY id DESC LIMIT 1 OFFSET ${kept.events})`
  }).pipe(Effect.orDie)

/** Prunes at start-up and every hour while the service runs. */
export const TrackingRetention = Layer.scopedDiscard(
  Effect.forkScoped(Effect.repeat(pruneTrackingEvents(), Schedule.spaced("1 hour")))
)
