/**
 * Counts write requests (`POST`, `PUT`, `PATCH`, `DELETE`) on their way to the commit path (`WritesOnTheWay`):
 * from the moment the Node server has read a request's head, before any of its handling runs (which the runtime may
 * start a turn of the event loop later), until its handling reaches a commit or its answer ends.
 */
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Effect, Layer } from "effect"
import type { IncomingMessage, Server } from "node:http"
import { type PlaceOnTheWay, WritesOnTheWay } from "../services/WritesOnTheWay.ts"
import { incomingMessageOf } from "./BoundedBody.ts"

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"])

/** Each write request's place, found again by its handling. */
const places = new WeakMap<IncomingMessage, PlaceOnTheWay>()

/** Counts the server's write requests as it receives them; listens before the runtime's own handler. */
export const countWriteRequests = (server: Server, onTheWay: WritesOnTheWay["Service"]) => {
  server.on("request", (request: IncomingMessage, response) => {
    if (!WRITE_METHODS.has(request.method ?? "")) return
    const place = onTheWay.received()
    places.set(request, place)
    // Either ends it (giving up a place twice does nothing): "close" follows "finish" on Node, and also ends an
    // answer cut short.
    response.once("finish", () => onTheWay.ended(place))
    response.once("close", () => onTheWay.ended(place))
  })
}

/** Runs each write request's handling with its place, so that the commit path can take it off the count. */
export const WriteRequestsOnTheWayLive = Layer.unwrap(Effect.map(WritesOnTheWay, (onTheWay) => {
  const withPlace = <E, R>(
    app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
  ): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
      const place = places.get(incomingMessageOf(request))
      return place === undefined ? app : onTheWay.within(place, app)
    })
  return HttpRouter.middleware((app) => withPlace(app), { global: true })
})).pipe(Layer.provide(WritesOnTheWay.layer))
