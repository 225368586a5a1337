/**
 * Query-string parameters shared by the asset operations. Booleans are the strings `true` and `false`.
 */
import { Schema } from "effect"

const Flag = Schema.optional(Schema.BooleanFromString)

export const TransferablesParam = Schema.Struct({ transferables: Flag })
export const PseudoParam = Schema.Struct({ pseudo: Flag })
export const TransferablesPseudoParams = Schema.Struct({ transferables: Flag, pseudo: Flag })
export const SnapshotParams = Schema.Struct({ transferables: Flag, suggested: Flag, pseudo: Flag })
export const SearchParams = Schema.Struct({
  query: Schema.optional(Schema.String),
  searchable_tags: Schema.optional(Schema.String),
  transferables: Flag,
  pseudo: Flag
})

/** The format operations spell it in the singular. */
export const TransferableParam = Schema.Struct({ transferable: Flag })
export const PseudoQueryParams = Schema.Struct({ query: Schema.String, pseudo: Flag })
