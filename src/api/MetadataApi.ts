/**
 * Organising the library, as the Pieces SDKs' `TagsApi`/`TagApi`, `WebsitesApi`/`WebsiteApi` and
 * `AnnotationsApi`/`AnnotationApi` shape it: list, create, read, update and delete tags, websites and annotations,
 * find a tag by text or a website by URL, and put them on assets or take them off. Tags also stream their ids.
 */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
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
const TagPath = { tag: Uuid }
const WebsitePath = { website: Uuid }
const AnnotationPath = { annotation: Uuid }

/** Putting an entity on an asset or taking it off, from the entity's side: 204. */
const association = { success: Void, error: [AssetNotFound, AssetDeleted, MetadataNotFound] } as const

/** An operation that may name an asset to put the entity on. */
const onOptionalAsset = [AssetNotFound, AssetDeleted, InvalidRequest] as const

export class TagsApi extends HttpApiGroup.make("tags")
  .add(HttpApiEndpoint.get("tagsSnapshot", "/tags", { query: TransferablesParam, success: Tags }))
  .add(
    HttpApiEndpoint.post("tagsCreateNewTag", "/tags/create", {
      query: TransferablesParam,
      payload: SeededTag,
      success: Tag,
      error: onOptionalAsset
    })
  )
  .add(
    HttpApiEndpoint.post("tagsDeleteSpecificTag", "/tags/:tag/delete", {
      params: TagPath,
      success: Void,
      error: MetadataNotFound
    })
  )
  .add(HttpApiEndpoint.post("tagsExists", "/tags/exists", { payload: ExistentMetadata, success: ExistingMetadata }))
  .add(streamEndpoint("tagsStreamIdentifiers", "/tags/stream/identifiers"))
  .add(
    HttpApiEndpoint.get("tagsSpecificTagSnapshot", "/tag/:tag", {
      params: TagPath,
      query: TransferablesParam,
      success: Tag,
      error: MetadataNotFound
    })
  )
  .add(
    HttpApiEndpoint.post("tagUpdate", "/tag/update", {
      query: TransferablesParam,
      payload: TagUpdate,
      success: Tag,
      error: [MetadataNotFound, MetadataConflict]
    })
  )
  .add(
    HttpApiEndpoint.post("tagAssociateAsset", "/tag/:tag/assets/associate/:asset", {
      ...association,
      params: { tag: Uuid, asset: AssetId }
    })
  )
  .add(
    HttpApiEndpoint.post("tagDisassociateAsset", "/tag/:tag/assets/disassociate/:asset", {
      ...association,
      params: { tag: Uuid, asset: AssetId }
    })
  )
{}

export class WebsitesApi extends HttpApiGroup.make("websites")
  .add(HttpApiEndpoint.get("websitesSnapshot", "/websites", { query: TransferablesParam, success: Websites }))
  .add(
    HttpApiEndpoint.post("websitesCreateNewWebsite", "/websites/create", {
      query: TransferablesParam,
      payload: SeededWebsite,
      success: Website,
      error: onOptionalAsset
    })
  )
  .add(
    HttpApiEndpoint.post("websitesDeleteSpecificWebsite", "/websites/:website/delete", {
      params: WebsitePath,
      success: Void,
      error: MetadataNotFound
    })
  )
  .add(
    HttpApiEndpoint.post("websitesExists", "/websites/exists", { payload: ExistentMetadata, success: ExistingMetadata })
  )
  .add(
    HttpApiEndpoint.get("websitesSpecificWebsiteSnapshot", "/website/:website", {
      params: WebsitePath,
      query: TransferablesParam,
      success: Website,
      error: MetadataNotFound
    })
  )
  .add(
    HttpApiEndpoint.post("websiteUpdate", "/website/update", {
      query: TransferablesParam,
      payload: WebsiteUpdate,
      success: Website,
      error: [MetadataNotFound, MetadataConflict]
    })
  )
  .add(
    HttpApiEndpoint.post("websiteAssociateAsset", "/website/:website/assets/associate/:asset", {
      ...association,
      params: { website: Uuid, asset: AssetId }
    })
  )
  .add(
    HttpApiEndpoint.post("websiteDisassociateAsset", "/website/:website/assets/disassociate/:asset", {
      ...association,
      params: { website: Uuid, asset: AssetId }
    })
  )
{}

export class AnnotationsApi extends HttpApiGroup.make("annotations")
  .add(HttpApiEndpoint.get("annotationsSnapshot", "/annotations", { success: Annotations }))
  .add(
    HttpApiEndpoint.post("annotationsCreateNewAnnotation", "/annotations/create", {
      payload: SeededAnnotation,
      success: Annotation,
      error: onOptionalAsset
    })
  )
  .add(
    HttpApiEndpoint.post("annotationsDeleteSpecificAnnotation", "/annotations/:annotation/delete", {
      params: AnnotationPath,
      success: Void,
      error: MetadataNotFound
    })
  )
  .add(
    HttpApiEndpoint.get("annotationSpecificAnnotationSnapshot", "/annotation/:annotation", {
      params: AnnotationPath,
      success: Annotation,
      error: MetadataNotFound
    })
  )
  .add(
    HttpApiEndpoint.post("annotationUpdate", "/annotation/update", {
      payload: AnnotationUpdate,
      success: Annotation,
      error: MetadataNotFound
    })
  )
  .add(
    HttpApiEndpoint.post("annotationAssociateAsset", "/annotation/:annotation/assets/associate/:asset", {
      ...association,
      params: { annotation: Uuid, asset: AssetId }
    })
  )
  .add(
    HttpApiEndpoint.post("annotationDisassociateAsset", "/annotation/:annotation/assets/disassociate/:asset", {
      ...association,
      params: { annotation: Uuid, asset: AssetId }
    })
  )
{}
