/**
 * Handlers of the tags, websites and annotations groups: thin calls into `MetadataEntities`; the tag identifier
 * stream follows the library like the asset streams.
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Effect, Option } from "effect"
import { Api } from "../api/Api.ts"
import { MetadataEntities } from "../services/MetadataEntities.ts"
import { makeLibraryStreams } from "./LibraryStreams.ts"
import { makeStreamServer } from "./StreamServer.ts"

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
      .handle("tagsDeleteSpecificTag", ({ path }) => metadata.remove("tag", path.tag))
      .handle("tagsExists", ({ payload }) =>
        Effect.map(metadata.find("tag", payload.value), (found) => existing("tag", found)))
      .handle("tagsStreamIdentifiers", () => streams.serve(library("tags")))
      .handle("tagsSpecificTagSnapshot", ({ path }) => metadata.get("tag", path.tag))
      .handle("tagUpdate", ({ payload }) => metadata.updateTag(payload))
      .handle("tagAssociateAsset", ({ path }) => metadata.associate("tag", path.tag, path.asset))
      .handle("tagDisassociateAsset", ({ path }) => metadata.disassociate("tag", path.tag, path.asset))
  }))

export const WebsitesHttpLive = HttpApiBuilder.group(Api, "websites", (handlers) =>
  Effect.gen(function*() {
    const metadata = yield* MetadataEntities
    return handlers
      .handle("websitesSnapshot", () => metadata.list("website"))
      .handle("websitesCreateNewWebsite", ({ payload }) => metadata.createWebsite(payload))
      .handle("websitesDeleteSpecificWebsite", ({ path }) => metadata.remove("website", path.website))
      .handle("websitesExists", ({ payload }) =>
        Effect.map(metadata.find("website", payload.value), (found) => existing("website", found)))
      .handle("websitesSpecificWebsiteSnapshot", ({ path }) => metadata.get("website", path.website))
      .handle("websiteUpdate", ({ payload }) => metadata.updateWebsite(payload))
      .handle("websiteAssociateAsset", ({ path }) => metadata.associate("website", path.website, path.asset))
      .handle("websiteDisassociateAsset", ({ path }) => metadata.disassociate("website", path.website, path.asset))
  }))

export const AnnotationsHttpLive = HttpApiBuilder.group(Api, "annotations", (handlers) =>
  Effect.gen(function*() {
    const metadata = yield* MetadataEntities
    return handlers
      .handle("annotationsSnapshot", () => metadata.list("annotation"))
      .handle("annotationsCreateNewAnnotation", ({ payload }) => metadata.createAnnotation(payload))
      .handle("annotationsDeleteSpecificAnnotation", ({ path }) => metadata.remove("annotation", path.annotation))
      .handle("annotationSpecificAnnotationSnapshot", ({ path }) => metadata.get("annotation", path.annotation))
      .handle("annotationUpdate", ({ payload }) => metadata.updateAnnotation(payload))
      .handle("annotationAssociateAsset", ({ path }) => metadata.associate("annotation", path.annotation, path.asset))
      .handle("annotationDisassociateAsset", ({ path }) =>
        metadata.disassociate("annotation", path.annotation, path.asset))
  }))
