/**
 * Which assets suggestions and related assets compare with: saved (not pseudo) assets with code of substance.
 */
import type { Asset } from "./Asset.ts"
import { type CodeFingerprint, fingerprint, isTrivial } from "./CodeFingerprint.ts"
import type { SearchableText } from "./SearchableText.ts"

/** The fingerprint of a saved (not pseudo) asset's code; none for code too trivial to compare. */
export const codeFingerprint = (code: string): CodeFingerprint | undefined =>
  isTrivial(code) ? undefined : fingerprint(code)

export const comparableFingerprint = (asset: Asset, text: SearchableText): CodeFingerprint | undefined =>
  asset.pseudo === true ? undefined : codeFingerprint(text.content)
