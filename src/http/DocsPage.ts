/** The docs page itself, loaded by `DocsViewer` when first asked for. */
import * as HttpApiScalar from "@effect/platform/HttpApiScalar"
import { Api } from "../api/Api.ts"

export const DocsPage = HttpApiScalar.layerHttpLayerRouter({ api: Api, path: "/docs" })
