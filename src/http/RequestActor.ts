/**
 * Who a write request comes from, for the revisions it records (`CurrentActor`): the library page (a request whose
 * `Origin` is this service's own), an editor application (named by an `X-Application-ID` or `application` header,
 * as `/connect` registered it), else the HTTP API without an application. Reads record nothing, so they are not
 * looked at.
 */
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Effect, Layer, Option } from "effect"
import { type Actor, API_ACTOR, PAGE_ACTOR } from "../domain/Revision.ts"
import { actingAs } from "../services/CurrentActor.ts"
import { KnownApplications } from "../services/KnownApplications.ts"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `origin` is the page this service serves at `host` (the `Host` header). */
const isOwnPage = (origin: string | undefined, host: string | undefined) => {
  if (origin === undefined || host === undefined) return false
  try {
    return new URL(origin).host === host.toLowerCase()
  } catch {
    return false
  }
}

export const RequestActorLive = Layer.unwrap(Effect.gen(function*() {
  const applications = yield* KnownApplications

  const actorOf = (request: HttpServerRequest.HttpServerRequest): Effect.Effect<Actor> => {
    if (isOwnPage(request.headers.origin, request.headers.host)) return Effect.succeed(PAGE_ACTOR)
    const id = request.headers["x-application-id"] ?? request.headers.application
    if (id === undefined || !UUID.test(id)) return Effect.succeed(API_ACTOR)
    return Effect.map(applications.find(id), Option.match({
      onNone: () => API_ACTOR,
      onSome: (application): Actor => ({ kind: "application", name: application.name, version: application.version })
    }))
  }

  return HttpRouter.middleware((app) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
      request.method === "GET" || request.method === "HEAD"
        ? app
        : Effect.flatMap(actorOf(request), (actor) => actingAs(actor)(app))), { global: true })
})).pipe(Layer.provide(KnownApplications.layer))
