/**
 * Organising the library, as the Pieces SDKs' `TagsApi`/`TagApi`, `WebsitesApi`/`WebsiteApi` and
 * `AnnotationsApi`/`AnnotationApi` shape it: list, create, read, update and delete tags, websites and annotations,
 * find a tag by text or a website by URL, and put them on assets or take them off. Tags also stream their ids.
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import { Schema } from "effect"
import { Annotation, Tag, Website } from "../domain/Asset.ts"
import { AssetId, Uuid } from "../domain/Common.ts"
import {
  Annotations,
  AnnotationUpdate,
  ExistentMetadata,
  ExistingMetadata,
  SeededAnnotation,
  SeededTag,
  SeededWebsite,
  Tags,
  TagUpdate,
  Websites,
  WebsiteUpdate
} from "../domain/MetadataModels.ts"
import { AssetDeleted, AssetNotFound, InvalidRequest, MetadataConflict, MetadataNotFound } from "./Errors.ts"
import { TransferablesParam } from "./QueryParams.ts"
import { streamEndpoint } from "./StreamEndpoint.ts"

const Void = HttpApiSchema.NoContent
const TagPath = Schema.Struct({ tag: Uuid })
const WebsitePath = Schema.Struct({ website: Uuid })
const AnnotationPath = Schema.Struct({ annotation: Uuid })

/** Putting an entity on an asset or taking it off, from the entity's side: 204. */
const association = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  HttpApiEndpoint.post(name, path).addSuccess(Void).addError(AssetNotFound).addError(AssetDeleted)
    .addError(MetadataNotFound)

/** An operation that may name an asset to put the entity on. */
const onOptionalAsset = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  HttpApiEndpoint.post(name, path).addError(AssetNotFound).addError(AssetDeleted).addError(InvalidRequest)

export class TagsApi extends HttpApiGroup.make("tags")
  .add(HttpApiEndpoint.get("tagsSnapshot", "/tags").setUrlParams(TransferablesParam).addSuccess(Tags))
  .add(
    onOptionalAsset("tagsCreateNewTag", "/tags/create").setUrlParams(TransferablesParam).setPayload(SeededTag)
      .addSuccess(Tag)
  )
  .add(
    HttpApiEndpoint.post("tagsDeleteSpecificTag", "/tags/:tag/delete").setPath(TagPath)
      .addSuccess(Void).addError(MetadataNotFound)
  )
  .add(HttpApiEndpoint.post("tagsExists", "/tags/exists").setPayload(ExistentMetadata).addSuccess(ExistingMetadata))
  .add(streamEndpoint("tagsStreamIdentifiers", "/tags/stream/identifiers"))
  .add(
    HttpApiEndpoint.get("tagsSpecificTagSnapshot", "/tag/:tag").setPath(TagPath).setUrlParams(TransferablesParam)
      .addSuccess(Tag).addError(MetadataNotFound)
  )
  .add(
    HttpApiEndpoint.post("tagUpdate", "/tag/update").setUrlParams(TransferablesParam).setPayload(TagUpdate)
      .addSuccess(Tag).addError(MetadataNotFound).addError(MetadataConflict)
  )
  .add(
    association("tagAssociateAsset", "/tag/:tag/assets/associate/:asset")
      .setPath(Schema.Struct({ tag: Uuid, asset: AssetId }))
  )
  .add(
    association("tagDisassociateAsset", "/tag/:tag/assets/disassociate/:asset")
      .setPath(Schema.Struct({ tag: Uuid, asset: AssetId }))
  )
{}

export class WebsitesApi extends HttpApiGroup.make("websites")
  .add(HttpApiEndpoint.get("websitesSnapshot", "/websites").setUrlParams(TransferablesParam).addSuccess(Websites))
  .add(
    onOptionalAsset("websitesCreateNewWebsite", "/websites/create").setUrlParams(TransferablesParam)
      .setPayload(SeededWebsite).addSuccess(Website)
  )
  .add(
    HttpApiEndpoint.post("websitesDeleteSpecificWebsite", "/websites/:website/delete").setPath(WebsitePath)
      .addSuccess(Void).addError(MetadataNotFound)
  )
  .add(
    HttpApiEndpoint.post("websitesExists", "/websites/exists").setPayload(ExistentMetadata)
      .addSuccess(ExistingMetadata)
  )
  .add(
    HttpApiEndpoint.get("websitesSpecificWebsiteSnapshot", "/website/:website").setPath(WebsitePath)
      .setUrlParams(TransferablesParam).addSuccess(Website).addError(MetadataNotFound)
  )
  .add(
    HttpApiEndpoint.post("websiteUpdate", "/website/update").setUrlParams(TransferablesParam).setPayload(WebsiteUpdate)
      .addSuccess(Website).addError(MetadataNotFound).addError(MetadataConflict)
  )
  .add(
    association("websiteAssociateAsset", "/website/:website/assets/associate/:asset")
      .setPath(Schema.Struct({ website: Uuid, asset: AssetId }))
  )
  .add(
    association("websiteDisassociateAsset", "/website/:website/assets/disassociate/:asset")
      .setPath(Schema.Struct({ website: Uuid, asset: AssetId }))
  )
{}

export class AnnotationsApi extends HttpApiGroup.make("annotations")
  .add(HttpApiEndpoint.get("annotationsSnapshot", "/annotations").addSuccess(Annotations))
  .add(
    onOptionalAsset("annotationsCreateNewAnnotation", "/annotations/create").setPayload(SeededAnnotation)
      .addSuccess(Annotation)
  )
  .add(
    HttpApiEndpoint.post("annotationsDeleteSpecificAnnotation", "/annotations/:annotation/delete")
      .setPath(AnnotationPath).addSuccess(Void).addError(MetadataNotFound)
  )
  .add(
    HttpApiEndpoint.get("annotationSpecificAnnotationSnapshot", "/annotation/:annotation").setPath(AnnotationPath)
      .addSuccess(Annotation).addError(MetadataNotFound)
  )
  .add(
    HttpApiEndpoint.post("annotationUpdate", "/annotation/update").setPayload(AnnotationUpdate)
      .addSuccess(Annotation).addError(MetadataNotFound)
  )
  .add(
    association("annotationAssociateAsset", "/annotation/:annotation/assets/associate/:asset")
      .setPath(Schema.Struct({ annotation: Uuid, asset: AssetId }))
  )
  .add(
    association("annotationDisassociateAsset", "/annotation/:annotation/assets/disassociate/:asset")
      .setPath(Schema.Struct({ annotation: Uuid, asset: AssetId }))
  )
{}
