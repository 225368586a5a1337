/**
 * Who is making the changes a request or a tool call writes: set where the change comes in (the HTTP request's
 * application or the page, an MCP client, an importer), read by `Commits` when the write is committed, so that its
 * revisions name it. Unset, it is the HTTP API without an application.
 */
import { Context, Effect } from "effect"
import { type Actor, API_ACTOR } from "../domain/Revision.ts"

export const CurrentActor = Context.Reference<Actor>("CurrentActor", { defaultValue: () => API_ACTOR })

/** Runs `effect` with its writes made by `actor`. */
export const actingAs = (actor: Actor) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provideService(effect, CurrentActor, actor)
