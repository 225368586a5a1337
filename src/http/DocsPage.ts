/** The docs page itself, loaded by `DocsViewer` when first asked for. */
import * as HttpApiScalar from "effect/http-api/HttpApiScalar"
import { Api } from "../api/Api.ts"

export const DocsPage = HttpApiScalar.layer(Api, { path: "/docs" })
