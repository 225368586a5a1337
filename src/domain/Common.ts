/**
 * Wire primitives shared by every model: ids, timestamps, byte descriptors, scores and the enums of
 * the Pieces OS OpenAPI schemas (test/fixtures/pieces-openapi-subset.json). Types equal their encoded
 * JSON, so values read from the database need no transformation on the way out.
 */
import { Effect, Schema, SchemaGetter, SchemaIssue } from "effect"
import { CLASSIFICATION_SPECIFICS, isClassificationSpecific, knownClassification } from "./ClassificationSpecifics.ts"

/** A UUID as the OpenAPI `UniversalUniqueIdentifier` pattern accepts it. */
export const Uuid = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, {
    expected: "a UUID (36 characters)"
  })),
  Schema.annotate({ identifier: "Uuid", description: "A UUID, 36 characters" })
)

export const AssetId = Uuid.pipe(Schema.brand("AssetId"))
export type AssetId = typeof AssetId.Type
export const FormatId = Uuid.pipe(Schema.brand("FormatId"))
export type FormatId = typeof FormatId.Type
export const ApplicationId = Uuid.pipe(Schema.brand("ApplicationId"))
export type ApplicationId = typeof ApplicationId.Type

/** `EmbeddedModelSchema`: clients send it, we accept and ignore it. */
export const EmbeddedModelSchema = Schema.Struct({
  migration: Schema.Number,
  semantic: Schema.String
})

export const GroupedTimestamp = Schema.Struct({
  value: Schema.String,
  readable: Schema.optional(Schema.String)
}).annotate({ identifier: "GroupedTimestamp" })
export type GroupedTimestamp = typeof GroupedTimestamp.Type

export const ByteDescriptor = Schema.Struct({
  value: Schema.Number,
  readable: Schema.String
}).annotate({ identifier: "ByteDescriptor" })
export type ByteDescriptor = typeof ByteDescriptor.Type

export const Score = Schema.Struct({
  manual: Schema.Number,
  automatic: Schema.Number,
  priority: Schema.optional(Schema.Number),
  reuse: Schema.optional(Schema.Number),
  update: Schema.optional(Schema.Number),
  reference: Schema.optional(Schema.Number),
  searched: Schema.optional(Schema.Number)
}).annotate({ identifier: "Score" })
export type Score = typeof Score.Type

export const MechanismEnum = Schema.Literals(["MANUAL", "RECOMMENDED", "AUTOMATIC", "INTERNAL", "DELETED", "UNKNOWN"])
export type MechanismEnum = typeof MechanismEnum.Type

export const Role = Schema.Literals(["ORIGINAL", "ADDITIONAL", "BOTH", "PREVIEW"])

export const ClassificationGenericEnum = Schema.Literals([
  "CODE",
  "TEXT",
  "IMAGE",
  "VIDEO",
  "EXTERNAL_RESOURCE_REFERENCE",
  "UNKNOWN",
  "FILE"
])
export type ClassificationGenericEnum = typeof ClassificationGenericEnum.Type

export const ClassificationRenderingEnum = Schema.Literals([
  "HTML",
  "TWENTY_FOUR_BIT_ANSI_ESCAPED_SEQUENCES",
  "HIGHLIGHT_JS_HTML"
])

/**
 * A classification as stored and answered. Lenient on the way in (assets a client echoes back, filters): what
 * the service itself stores is always a `KnownClassificationSpecific`.
 */
export const ClassificationSpecific = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))

/**
 * A value of `ClassificationSpecificEnum` as spelled there, checked in a set. A `Schema.Literals` of the 504 values
 * checks each in turn, in every seed with an extension.
 */
export const ClassificationSpecificValue = Schema.String.pipe(
  Schema.refine(isClassificationSpecific, {
    expected: "a ClassificationSpecificEnum value",
    toJsonSchema: () => ({ enum: [...CLASSIFICATION_SPECIFICS] })
  })
).annotate({ identifier: "ClassificationSpecificValue" })

/**
 * What a client may ask an asset to be classified as (a seed's `ext`, a reclassification): one of the 504 values
 * of `ClassificationSpecificEnum`, matched case-insensitively and stored in its own spelling. Anything else is a
 * 400 naming the path: stored, it would make clients that decode the enum strictly fail on the asset.
 */
export const KnownClassificationSpecific = Schema.String.pipe(
  Schema.decodeTo(ClassificationSpecificValue, {
    decode: SchemaGetter.transformEffect((ext: string) => {
      const known = knownClassification(ext)
      return known === undefined
        ? Effect.fail(new SchemaIssue.InvalidValue({
          message: `${JSON.stringify(ext)} is not a known classification (ClassificationSpecificEnum)`
        }))
        : Effect.succeed(known)
    }),
    encode: SchemaGetter.passthrough()
  })
).annotate({ identifier: "ClassificationSpecificEnum" })

export const Classification = Schema.Struct({
  generic: ClassificationGenericEnum,
  specific: ClassificationSpecific,
  rendering: Schema.optional(ClassificationRenderingEnum)
}).annotate({ identifier: "Classification" })
export type Classification = typeof Classification.Type

export const TagCategoryEnum = Schema.Literals(["HANDLE", "EMAIL", "UNKNOWN"])
export const AnnotationTypeEnum = Schema.Literals([
  "DESCRIPTION",
  "COMMENT",
  "DOCUMENTATION",
  "SUMMARY",
  "EXPLANATION",
  "GIT_COMMIT"
])
export const PlatformEnum = Schema.Literals(["WEB", "MACOS", "LINUX", "WINDOWS", "FUCHSIA", "IOS", "ANDROID", "UNKNOWN"])
export const PrivacyEnum = Schema.Literals(["OPEN", "CLOSED", "ANONYMOUS"])
export const CapabilitiesEnum = Schema.Literals(["LOCAL", "CLOUD", "BLENDED"])
export const ApplicationNameEnum = Schema.Literals([
  "SUBLIME",
  "VS_CODE",
  "JETBRAINS",
  "FIREFOX_ADDON_MV2",
  "FIREFOX_ADDON_MV3",
  "SAFARI_EXTENSION_MV2",
  "SAFARI_EXTENSION_MV3",
  "PIECES_FOR_DEVELOPERS",
  "PIECES_FOR_DEVELOPERS_CLI",
  "OS_SERVER",
  "GOOGLE_CHROME_EXTENSION_MV2",
  "GOOGLE_CHROME_EXTENSION_MV3",
  "ULTRA_EDIT",
  "ATOM_PACKAGE",
  "ADOBE_ILLUSTRATOR_PIECES_COLOR_SHARE",
  "MICROSOFT_TEAMS",
  "CHAT_GPT",
  "OBSIDIAN",
  "JUPYTER_HUB",
  "VISUAL_STUDIO",
  "MICROSOFT_EDGE",
  "BRAVE",
  "GOOGLE_CHAT",
  "SLACK",
  "AZURE_DATA_STUDIO",
  "OPEN_SOURCE",
  "R_STUDIO",
  "VIM",
  "NOTION",
  "GITHUB_DESKTOP",
  "RAYCAST",
  "REPLIT",
  "ALFRED",
  "FIGMA",
  "SKETCH",
  "ADOBE_ILLUSTRATOR",
  "NOTEPAD_PLUS_PLUS",
  "EMBEETLE",
  "ECLIPSE",
  "X_CODE",
  "NETBEANS",
  "UNKNOWN"
])

/** `FlattenedAssets`/`ReferencedAsset`: a list of asset ids, the shape of id snapshots and search spaces. */
export const ReferencedAssetId = Schema.Struct({ id: Uuid })
export const FlattenedAssetIds = Schema.Struct({
  iterable: Schema.Array(ReferencedAssetId)
}).annotate({ identifier: "FlattenedAssets" })

/** The pseudo snapshot: only pseudo assets' ids. */
export const PseudoAssets = Schema.Struct({ identifiers: FlattenedAssetIds }).annotate({
  identifier: "PseudoAssets"
})
