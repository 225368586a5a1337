/**
 * Classifies a format's content: generic kind (CODE, TEXT, IMAGE, FILE) and specific language or extension. The
 * client's `ext` wins; otherwise the language is detected (`LanguageDetection`), whose grammars load on the first
 * detection rather than at start: a service only read from never holds them.
 */
import { Context, Effect, Layer } from "effect"
import type { ClassificationSpecificValue } from "../domain/ClassificationSpecifics.ts"
import type { ClassificationGenericEnum } from "../domain/Common.ts"
import { loadedOnFirstUse } from "../LazyModule.ts"

const imageExtensions = new Set([
  "png",
  "jpg",
  "jpeg",
  "jpe",
  "gif",
  "webp",
  "bmp",
  "ico",
  "tif",
  "tiff",
  "svg",
  "svgz"
])
const videoExtensions = new Set(["mp4", "webm", "ogv", "qt"])
const textExtensions = new Set(["txt", "text", "log", "md", "markdown", "mdown", "mdwn", "markdn", "csv", "rtf"])

/** The generic kind of content with this extension. */
export const genericOf = (ext: string, isFile: boolean): ClassificationGenericEnum => {
  const lower = ext.toLowerCase()
  if (imageExtensions.has(lower)) return "IMAGE"
  if (videoExtensions.has(lower)) return "VIDEO"
  if (textExtensions.has(lower)) return "TEXT"
  return isFile ? "FILE" : "CODE"
}

export class Classifier extends Context.Service<Classifier>()("Classifier", {
  make: Effect.sync(() => {
    const detection = loadedOnFirstUse(() => import("../domain/LanguageDetection.ts"))
    return {
      detectLanguage: (text: string): Effect.Effect<ClassificationSpecificValue> =>
        Effect.map(detection, (loaded) => loaded.detectLanguage(text)),
      genericOf
    } as const
  })
}) {
  static readonly layer = Layer.effect(Classifier, Classifier.make)
}
