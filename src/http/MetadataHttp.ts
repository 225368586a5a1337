/**
 * Handlers of the tags, websites and annotations groups: thin calls into `MetadataEntities`; the tag identifier
 * stream follows the library like the asset streams.
 */
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Effect, Layer, Option } from "effect"
import { Api } from "../api/Api.ts"
import { MetadataEntities } from "../services/MetadataEntities.ts"
import { makeLibraryStreams } from "./LibraryStreams.ts"
import { makeStreamServer } from "./StreamServer.ts"
import { AssetRepository } from "../services/AssetRepository.ts"
import { StreamConnections } from "../services/StreamConnections.ts"
import { ChangeHub } from "../services/ChangeHub.ts"

/** `ExistingMetadata`: the entity found under `field`, or nothing. */
const existing = <A extends { readonly id: string }>(field: "tag" | "website", found: Option.Option<A>) =>
  Option.match(found, { onNone: () => ({}), onSome: (entity) => ({ [field]: { id: entity.id, reference: entity } }) })

export const TagsHttpLive = HttpApiBuilder.group(Api, "tags", (handlers) =>
  Effect.gen(function*() {
    const metadata = yield* MetadataEntities
    const streams = yield* makeStreamServer
    const library = yield* makeLibraryStreams
    return handlers
      .handle("tagsSnapshot", () => metadata.list("tag"))
      .handle("tagsCreateNewTag", ({ payload }) => metadata.createTag(payload))
      .handle("tagsDeleteSpecificTag", ({ params }) => metadata.remove("tag", params.tag))
      .handle("tagsExists", ({ payload }) =>
        Effect.map(metadata.find("tag", payload.value), (found) => existing("tag", found)))
      .handle("tagsStreamIdentifiers", () => streams.serve(library("tags")))
      .handle("tagsSpecificTagSnapshot", ({ params }) => metadata.get("tag", params.tag))
      .handle("tagUpdate", ({ payload }) => metadata.updateTag(payload))
      .handle("tagAssociateAsset", ({ params }) => metadata.associate("tag", params.tag, params.asset))
      .handle("tagDisassociateAsset", ({ params }) => metadata.disassociate("tag", params.tag, params.asset))
  })).pipe(
  Layer.provide([AssetRepository.layer, ChangeHub.layer, MetadataEntities.layer, StreamConnections.layer])
)

export const WebsitesHttpLive = HttpApiBuilder.group(Api, "websites", (handlers) =>
  Effect.gen(function*() {
    const metadata = yield* MetadataEntities
    return handlers
      .handle("websitesSnapshot", () => metadata.list("website"))
      .handle("websitesCreateNewWebsite", ({ payload }) => metadata.createWebsite(payload))
      .handle("websitesDeleteSpecificWebsite", ({ params }) => metadata.remove("website", params.website))
      .handle("websitesExists", ({ payload }) =>
        Effect.map(metadata.find("website", payload.value), (found) => existing("website", found)))
      .handle("websitesSpecificWebsiteSnapshot", ({ params }) => metadata.get("website", params.website))
      .handle("websiteUpdate", ({ payload }) => metadata.updateWebsite(payload))
      .handle("websiteAssociateAsset", ({ params }) => metadata.associate("website", params.website, params.asset))
      .handle("websiteDisassociateAsset", ({ params }) => metadata.disassociate("website", params.website, params.asset))
  })).pipe(
  Layer.provide([MetadataEntities.layer])
)

export const AnnotationsHttpLive = HttpApiBuilder.group(Api, "annotations", (handlers) =>
  Effect.gen(function*() {
    const metadata = yield* MetadataEntities
    return handlers
      .handle("annotationsSnapshot", () => metadata.list("annotation"))
      .handle("annotationsCreateNewAnnotation", ({ payload }) => metadata.createAnnotation(payload))
      .handle("annotationsDeleteSpecificAnnotation", ({ params }) => metadata.remove("annotation", params.annotation))
      .handle("annotationSpecificAnnotationSnapshot", ({ params }) => metadata.get("annotation", params.annotation))
      .handle("annotationUpdate", ({ payload }) => metadata.updateAnnotation(payload))
      .handle("annotationAssociateAsset", ({ params }) => metadata.associate("annotation", params.annotation, params.asset))
      .handle("annotationDisassociateAsset", ({ params }) =>
        metadata.disassociate("annotation", params.annotation, params.asset))
  })).pipe(
  Layer.provide([MetadataEntities.layer])
)
