/**
 * The text seeds carry: a transferable string's text, decoded when it came as base64, and the code of a connector
 * seed (its fragment's, or its file's).
 */
import type { SeededConnectorAsset } from "./Connector.ts"
import type { TransferableString } from "./Seed.ts"

/** The text of a transferable string, decoding base64 forms; `undefined` when it holds none. */
export const textOf = (value: TransferableString | undefined): string | undefined => {
  if (value === undefined) return undefined
  if (value.raw !== undefined) return value.raw
  const base64 = value.base64 ?? value.base64_url ?? value.data_url?.replace(/^data:[^,]*;base64,/, "")
  return base64 === undefined ? undefined : Buffer.from(base64, "base64").toString("utf8")
}

export const seedCode = (seed: SeededConnectorAsset | undefined): string =>
  textOf(seed?.format.fragment?.string) ?? textOf(seed?.format.file?.string) ?? ""
