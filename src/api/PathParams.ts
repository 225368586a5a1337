/**
 * Path parameters shared by operation groups.
 */
import { AssetId } from "../domain/Common.ts"

/** `/…/:asset/…`: an asset's id, a UUID (400 otherwise). */
export const AssetPath = { asset: AssetId }
