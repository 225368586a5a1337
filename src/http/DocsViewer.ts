/**
 * The interactive API docs at `/docs`: Scalar, which Effect's `HttpApiScalar` inlines (megabytes of JavaScript, held
 * as text once loaded). The page is built on the first request rather than at start: a service nobody browses never
 * holds it.
 */
import * as HttpRouter from "effect/http/HttpRouter"
import { Effect, Layer, Scope } from "effect"
import { loadedOnFirstUse } from "../LazyModule.ts"

/** The docs page's own router, built once and kept for the life of the process. */
const viewer = loadedOnFirstUse(() =>
  import("./DocsPage.ts").then((page) =>
    Effect.runPromise(Effect.gen(function*() {
      const scope = yield* Scope.make()
      // A router of its own: the service's router is built already (and memoised), so it cannot take the route.
      return yield* HttpRouter.toHttpEffect(page.DocsPage).pipe(
        Effect.provideServiceEffect(Layer.CurrentMemoMap, Layer.makeMemoMap),
        Scope.provide(scope)
      )
    }))
  )
)

export const DocsRoute = HttpRouter.add("GET", "/docs", Effect.flatten(viewer))
