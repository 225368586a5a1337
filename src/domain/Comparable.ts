/**
 * Which assets suggestions and related assets compare with: saved (not pseudo) assets with code of substance.
 */
import type { Asset } from "./Asset.ts"
import { type CodeFingerprint, fingerprint, isTrivial } from "./CodeFingerprint.ts"
import type { SearchableText } from "./SearchableText.ts"

export const comparableFingerprint = (asset: Asset, text: SearchableText): CodeFingerprint | undefined => {
  if (asset.pseudo === true) return undefined
  const code = text.content
  return isTrivial(code) ? undefined : fingerprint(code)
}
