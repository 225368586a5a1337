/**
 * Which assets suggestions and related assets compare with: saved (not pseudo) assets with code of substance.
 */
import type { Asset } from "./Asset.ts"
import { type CodeFingerprint, fingerprint, isTrivial } from "./CodeFingerprint.ts"
import { searchableText } from "./SearchableText.ts"

export const comparableFingerprint = (asset: Asset): CodeFingerprint | undefined => {
  if (asset.pseudo === true) return undefined
  const code = searchableText(asset).content
  return isTrivial(code) ? undefined : fingerprint(code)
}
